/**
 * Long work in slices: a step function yields (a generator's `yield`) after
 * each batch, so the same code runs either at once (a unit test, a CLI with
 * nothing else to serve) or sliced with a turn of the event loop between
 * batches (the server, where an import must never hold other requests for
 * long: /v3/health must answer within 100 ms throughout).
 */
import { ImportAbortedError } from './import-errors'

/** Rows checked between two turns of the event loop at most (about 10 ms of work on plain rows). */
export const ROWS_PER_SLICE = 2000

/**
 * The longest a slice runs before it yields, whatever its items cost (a row of a wide sheet costs more than a row of
 * two cells): the clock is read every {@link CLOCK_EVERY} items.
 */
export const SLICE_MS = 10
const CLOCK_EVERY = 64

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

/** Throws {@link ImportAbortedError} once `signal` is aborted (the request's client went away). */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportAbortedError()
}

/** Runs `steps`, giving the event loop a turn between batches; stops (throws) between two batches once `signal` aborts. */
export async function runSliced<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
    await yieldToEventLoop()
    if (signal?.aborted) {
      steps.return(undefined as T)
      throw new ImportAbortedError()
    }
  }
}

/** Calls `each` for every item, yielding after {@link ROWS_PER_SLICE} of them or {@link SLICE_MS}, whichever comes first. */
export function* eachInSlices<T>(items: readonly T[], each: (item: T, index: number) => void): Steps<void> {
  let started = performance.now()
  let inSlice = 0
  for (let index = 0; index < items.length; index++) {
    if (inSlice === ROWS_PER_SLICE || (inSlice % CLOCK_EVERY === 0 && inSlice > 0 && performance.now() - started >= SLICE_MS)) {
      yield
      started = performance.now()
      inSlice = 0
    }
    each(items[index]!, index)
    inSlice++
  }
}
