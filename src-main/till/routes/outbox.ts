/**
 * A paired till's outbox, answered by the till itself: how many sales wait to be sent and how many the main computer
 * refused (GET /v3/outbox), those refused sales (GET /v3/outbox/refused), and marking one dealt with
 * (POST /v3/outbox/refused/dealt-with). Their OpenAPI items are in the main computer's document (server/routes/lan).
 */
import type { H3Event } from 'h3'
import { validate } from '#shared/body-rules'
import { DEALT_WITH_BODY, TILL_PATHS, type RefusedSale, type TillOutboxState } from '#shared/lan'
import { defineOperation, defineResource, problem, readJsonBody } from '#server'
import { documentedAs } from './documented'

/** What the outbox routes ask of the till's sales (till/sales.ts). */
export interface OutboxPort {
  /** How many kept sales wait to be sent. */
  waiting(): number
  /** True while the main computer's address shows another certificate than the pairing's: pair the till again. */
  certificateChanged(): boolean
  /** How many the main computer refused and nobody dealt with yet. */
  refused(): number
  /** Those refused sales, oldest first. */
  refusedSales(): Promise<RefusedSale[]>
  /** Marks a refused sale dealt with; false when none waits under `key`. */
  dealtWith(key: string): Promise<boolean>
}

function stateOf(outbox: OutboxPort): TillOutboxState {
  return { till: true, waiting: outbox.waiting(), refused: outbox.refused(), ...(outbox.certificateChanged() ? { certificateChanged: true } : {}) }
}

async function markDealtWith(event: H3Event, outbox: OutboxPort): Promise<TillOutboxState> {
  const checked = validate(DEALT_WITH_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('dealtWithNotMarked', checked.errors)
  if (!(await outbox.dealtWith(checked.value.key))) throw problem('refusedSaleNotFound', checked.value.key, true)
  return stateOf(outbox)
}

/** GET /v3/outbox, GET /v3/outbox/refused and POST /v3/outbox/refused/dealt-with of a paired till that has sales. */
export const tillOutboxResource = defineResource({
  context: ({ sales }: { sales?: OutboxPort }) => sales,
  operations: [
    defineOperation<OutboxPort>({
      method: 'GET',
      path: TILL_PATHS.outbox,
      openapi: documentedAs('GET', TILL_PATHS.outbox),
      handler: (_event, outbox) => stateOf(outbox)
    }),
    defineOperation<OutboxPort>({
      method: 'GET',
      path: TILL_PATHS.refused,
      openapi: documentedAs('GET', TILL_PATHS.refused),
      handler: async (_event, outbox) => ({ sales: await outbox.refusedSales() })
    }),
    defineOperation<OutboxPort>({
      method: 'POST',
      path: TILL_PATHS.dealtWith,
      staff: 'sell',
      body: DEALT_WITH_BODY,
      openapi: documentedAs('POST', TILL_PATHS.dealtWith),
      handler: (event, outbox) => markDealtWith(event, outbox)
    })
  ]
})
