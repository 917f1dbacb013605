/**
 * Who makes a change, for the change log's `by` (and `staff`: the member at the till), and whose takings a sale
 * counts in. Every write of the store takes its {@link Actor} as an argument: the server builds it once per request
 * (server/security/actor.ts), the command line working on the folder itself passes {@link CLI_ACTOR}.
 */
import type { Actor } from './history-entry'

export type { Actor } from './history-entry'

/** The author of a change made at the command line (`plant-store`), through the API or on the folder itself. */
export const CLI_ACTOR: Actor = Object.freeze({ by: 'cli' })

/** `{staff}` of `actor` to spread into a record it makes (nothing without a member at the till). */
export function staffOf(actor: Actor): { staff?: string } {
  return actor.staff === undefined ? {} : { staff: actor.staff }
}
