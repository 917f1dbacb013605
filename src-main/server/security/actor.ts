/**
 * Who a request acts as, for the change log's `by`: a named token's name, or
 * for the owner's token `ui` (the staff UI), or `cli` when the plant-store
 * command says so with {@link CLIENT_HEADER}. Set for the length of each /v3
 * request, so the store reads it when a change is submitted (history-actor.ts).
 */
import type { H3Event, Middleware } from 'h3'
import { actingAs } from '#store'
import { principalOf } from './security'

/** Request header the plant-store command sends with the owner's token, so its changes are logged as `cli`. */
export const CLIENT_HEADER = 'x-plant-store-client'

/** The `by` of changes made by `event`. */
export function actorOf(event: H3Event): string {
  const principal = principalOf(event)
  if (principal.scope !== 'owner') return principal.name
  return event.req.headers.get(CLIENT_HEADER) === 'cli' ? 'cli' : 'ui'
}

/** Middleware: runs the rest of the request as {@link actorOf} its sender, with the member at the till (staff-gate.ts) if any. */
export const actAsSender: Middleware = (event, next) => actingAs(actorOf(event), next, event.context.staff?.name)
