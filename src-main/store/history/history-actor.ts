/**
 * Who makes a change, for the change log's `by` (and `staff`: the member at the till): set for the length of a
 * request (or an import) with {@link actingAs}, read by the store when a change is submitted, so the store's
 * methods keep their signatures.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Actor } from './history-entry'

const actors = new AsyncLocalStorage<Actor>()

/** `by` of a change made outside any request: the command line working on the folder itself. */
export const DEFAULT_ACTOR = 'cli'

/**
 * Runs `task` with `by` as the author of the changes it makes, and `staff` as the member at the till (when
 * absent, the member of the task it runs within: an import started by Anna is Anna's).
 */
export function actingAs<T>(by: string, task: () => T, staff?: string): T {
  const member = staff ?? actors.getStore()?.staff
  return actors.run(member === undefined ? { by } : { by, staff: member }, task)
}

/** `{staff}` of `actor` to spread into a record it makes (nothing without a member at the till). */
export function staffOf(actor: Actor): { staff?: string } {
  return actor.staff === undefined ? {} : { staff: actor.staff }
}

/** The author of changes made now. */
export function currentActor(): Actor {
  return actors.getStore() ?? { by: DEFAULT_ACTOR }
}
