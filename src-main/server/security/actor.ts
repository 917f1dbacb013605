/**
 * Who a request acts as, built once per request by {@link actAsSender} into `event.context.actor` and passed to
 * each write of the store: `by` (the change log's author, the till a sale counts in) is a named token's name, or
 * for the owner's token `ui` (the staff UI), or `cli` when the plant-store command says so with {@link CLIENT_HEADER};
 * `staff` is the member at the till (staff-gate.ts), if any.
 */
import type { H3Event, Middleware } from 'h3'
import type { Actor } from '#store'
import { principalOf } from './security'

declare module 'h3' {
  interface H3EventContext {
    /** Who the request acts as (set by {@link actAsSender}). */
    actor?: Actor
  }
}

/** Request header the plant-store command sends with the owner's token, so its changes are logged as `cli`. */
export const CLIENT_HEADER = 'x-plant-store-client'

/** True when `event` comes from the plant-store command (the owner's token, with {@link CLIENT_HEADER}). */
export function fromCommandLine(event: H3Event): boolean {
  return event.req.headers.get(CLIENT_HEADER) === 'cli'
}

/** The actor of `event`: its sender, and the member at the till (once the staff gate has named them). */
export function actorOf(event: H3Event): Actor {
  const principal = principalOf(event)
  const by = principal.scope !== 'owner' ? principal.name : fromCommandLine(event) ? 'cli' : 'ui'
  const staff = event.context.staff?.name
  return staff === undefined ? { by } : { by, staff }
}

/** Middleware: sets `event.context.actor` to {@link actorOf} the request, after the staff gate. */
export const actAsSender: Middleware = (event, next) => {
  event.context.actor = actorOf(event)
  return next()
}

/** The actor {@link actAsSender} set for `event` (every route of the app runs after it). */
export function actorIn(event: H3Event): Actor {
  const actor = event.context.actor
  if (!actor) throw new Error('No actor: actAsSender did not run before this route')
  return actor
}
