/**
 * Sales on a paired till: POST /v3/sales, read and checked here as the main computer checks it (so a sale kept
 * offline is one it can read when it arrives), then sent on or kept by the till's sales (till/sales.ts): a kept sale is
 * answered 202. POST /v3/offline-sales is refused: forwarded, a caller of the till would send it with the till's token.
 */
import { randomUUID } from 'node:crypto'
import type { H3Event } from 'h3'
import { validate } from '#shared/body-rules'
import type { KeptSaleAnswer } from '#shared/lan'
import { OFFLINE_SALES_PATH } from '#shared/offline-sales'
import { NEW_SALE_BODY, SALE_BODY_DEPTH, SALE_PATHS, type NewSale } from '#shared/sale'
import { STAFF_SESSION_HEADER, type StaffMember } from '#shared/staff'
import { defineOperation, defineResource, problem, readIdempotencyKey, readJsonBody, requireMaySell } from '#server'
import { documentedAs } from './documented'

/** A sale made at the till, as read from its request. */
export interface TillSaleRequest {
  /** Its Idempotency-Key, as sent in the header (one made up when none was sent). */
  key: string
  /** The body as sent (a sale sent again under the same key must be the same). */
  body: unknown
  /** The body, checked. */
  sale: NewSale
  /** The session of the member at the till (X-Plant-Store-Staff), if any. */
  session: string | null
  /** Refuses (403) a sale `member` may not make, as the main computer would (called when the sale is kept). */
  holdToRole(member: StaffMember): void
}

/** What the sale route asks of the till's sales: a sale sent on (the main computer's answer) or kept. */
export interface SalesPort {
  sell(request: TillSaleRequest): Promise<Response | KeptSaleAnswer>
}

async function sell(event: H3Event, sales: SalesPort): Promise<Response | KeptSaleAnswer> {
  const body = await readJsonBody(event, 400, SALE_BODY_DEPTH)
  const checked = validate(NEW_SALE_BODY, body)
  if (!checked.ok) throw problem('saleInvalid', 'The sale was not completed', checked.errors)
  const key = readIdempotencyKey(event) === undefined ? `"${randomUUID()}"` : event.req.headers.get('idempotency-key')!
  const holdToRole = (member: StaffMember) => {
    // The main computer's own check (staff-actions.ts), on the member this till knows: the same refusal, in the same words.
    event.context.staff = member
    requireMaySell(event, checked.value)
  }
  const session = event.req.headers.get(STAFF_SESSION_HEADER)
  const done = await sales.sell({ key, body, sale: checked.value, session, holdToRole })
  if (done instanceof Response) return done
  event.res.status = 202 // kept on the till's disk, sent when the main computer is back
  return done
}

/** POST /v3/offline-sales of a paired till, always refused (whether or not it has sales). */
export const tillOfflineSalesResource = defineResource({
  context: () => null,
  operations: [
    defineOperation<null>({
      method: 'POST',
      path: OFFLINE_SALES_PATH,
      staff: 'decided-by-body', // the main computer's rule; here refused before any body is read
      openapi: documentedAs('POST', OFFLINE_SALES_PATH),
      handler() {
        throw problem('outboxOnly')
      }
    })
  ]
})

/** POST /v3/sales of a paired till that has sales: sent on, or kept (202). */
export const tillSalesResource = defineResource({
  context: ({ sales }: { sales?: SalesPort }) => sales,
  operations: [
    defineOperation<SalesPort>({
      method: 'POST',
      path: SALE_PATHS.sales,
      staff: 'decided-by-body', // as on the main computer: a kept sale is held to the member's role (holdToRole)
      body: NEW_SALE_BODY,
      openapi: documentedAs('POST', SALE_PATHS.sales),
      handler: (event, sales) => sell(event, sales)
    })
  ]
})
