/**
 * Who makes a change, for the change log's `by`: set for the length of a
 * request (or an import) with {@link actingAs}, read by the store when a
 * change is submitted, so the store's methods keep their signatures.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const actors = new AsyncLocalStorage<string>()

/** `by` of a change made outside any request: the command line working on the folder itself. */
export const DEFAULT_ACTOR = 'cli'

/** Runs `task` with `by` as the author of the changes it makes. */
export function actingAs<T>(by: string, task: () => T): T {
  return actors.run(by, task)
}

/** The author of changes made now. */
export function currentActor(): string {
  return actors.getStore() ?? DEFAULT_ACTOR
}
