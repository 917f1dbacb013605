/**
 * A paired till's outbox, answered by the till itself: how many sales wait to be sent and how many the main computer
 * refused (GET /v3/outbox), those refused sales (GET /v3/outbox/refused), and marking one dealt with
 * (POST /v3/outbox/refused/dealt-with). Their OpenAPI items are in the main computer's document (server/routes/lan.ts).
 */
import type { H3 } from 'h3'
import { API_BASE } from '#shared/api-paths'
import { validate } from '#shared/body-rules'
import { DEALT_WITH_BODY, TILL_PATHS, type RefusedSale, type TillOutboxState } from '#shared/lan'
import { problem, readJsonBody } from '#server'

/** What the outbox routes ask of the till's sales (till/sales.ts). */
export interface OutboxPort {
  /** How many kept sales wait to be sent. */
  waiting(): number
  /** How many the main computer refused and nobody dealt with yet. */
  refused(): number
  /** Those refused sales, oldest first. */
  refusedSales(): Promise<RefusedSale[]>
  /** Marks a refused sale dealt with; false when none waits under `key`. */
  dealtWith(key: string): Promise<boolean>
}

/** GET /v3/outbox, GET /v3/outbox/refused and POST /v3/outbox/refused/dealt-with of a paired till. */
export function registerOutboxRoutes(app: H3, outbox: OutboxPort): void {
  const state = (): TillOutboxState => ({ till: true, waiting: outbox.waiting(), refused: outbox.refused() })
  app.get(API_BASE + TILL_PATHS.outbox, state)
  app.get(API_BASE + TILL_PATHS.refused, async () => ({ sales: await outbox.refusedSales() }))
  app.post(API_BASE + TILL_PATHS.dealtWith, async (event) => {
    const checked = validate(DEALT_WITH_BODY, await readJsonBody(event, 400))
    if (!checked.ok) throw problem('dealtWithNotMarked', checked.errors)
    if (!(await outbox.dealtWith(checked.value.key))) throw problem('refusedSaleNotFound', checked.value.key, true)
    return state()
  })
}
