/**
 * Long work in slices: a step function yields (a generator's `yield`) after
 * each batch, so the same code runs either at once (a unit test, a CLI with
 * nothing else to serve) or sliced with a turn of the event loop between
 * batches (the server, where an import must never hold other requests for
 * long; the goal is 50 ms at a time).
 */

/** Rows checked between two turns of the event loop (about 10 ms of work). */
export const ROWS_PER_SLICE = 2000

/** Lets the event loop run other requests' callbacks before going on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Work that yields between its batches and returns `T` at the end. */
export type Steps<T> = Generator<void, T, void>

/** Runs all of `steps` at once. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

/** Runs `steps`, giving the event loop a turn between batches. */
export async function runSliced<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
    await yieldToEventLoop()
  }
}

/** Calls `each` for every item, yielding after every {@link ROWS_PER_SLICE} of them. */
export function* eachInSlices<T>(items: readonly T[], each: (item: T, index: number) => void): Steps<void> {
  for (let start = 0; start < items.length; start += ROWS_PER_SLICE) {
    if (start > 0) yield
    const end = Math.min(items.length, start + ROWS_PER_SLICE)
    for (let index = start; index < end; index++) each(items[index]!, index)
  }
}
