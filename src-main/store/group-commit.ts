/**
 * Group commit: changes that arrive while a write is running are applied and
 * saved together by the next write. Each caller is answered when the first
 * write that holds its change completes, with that write's own outcome; on
 * failure exactly that write's changes are undone, so memory never claims
 * what the disk does not hold.
 */

/** What applying one change to memory produced. */
export interface Applied<R> {
  result: R
  /** Reverts the change in memory; absent when nothing changed (no write needed). */
  undo?: () => void
}

interface Pending<R> {
  apply: () => Applied<R>
  resolve: (value: R) => void
  reject: (error: unknown) => void
}

/** Options of {@link GroupCommit}. */
export interface GroupCommitOptions {
  /** Saves the current in-memory state; rejects when it could not be saved. */
  save: () => Promise<void>
  /**
   * How long to wait after the first change arrives at an idle queue before
   * writing, so that a burst of concurrent requests shares one write instead
   * of alternating between batches of one and of many.
   */
  batchWindowMs?: number
}

/** Serialises changes to one state and saves them in batches. */
export class GroupCommit {
  readonly #save: () => Promise<void>
  readonly #batchWindowMs: number
  #queue: Pending<any>[] = []
  #running: Promise<void> | undefined
  #closed = false

  constructor(options: GroupCommitOptions) {
    this.#save = options.save
    this.#batchWindowMs = options.batchWindowMs ?? 1
  }

  /** Queues a change; `apply` runs in order with all other changes, just before the write that saves it. */
  submit<R>(apply: () => Applied<R>): Promise<R> {
    if (this.#closed) return Promise.reject(new StoreClosedError())
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ apply, resolve, reject })
      this.#running ??= this.#drain()
    })
  }

  /** Refuses new changes and waits until every queued change is written (or has failed). */
  async close(): Promise<void> {
    this.#closed = true
    await this.#running
  }

  async #drain(): Promise<void> {
    if (this.#batchWindowMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#batchWindowMs))
    while (this.#queue.length > 0) {
      const batch = this.#queue
      this.#queue = []
      await this.#commit(batch)
    }
    this.#running = undefined
  }

  async #commit(batch: Pending<unknown>[]): Promise<void> {
    const done: { pending: Pending<unknown>; applied: Applied<unknown> }[] = []
    for (const pending of batch) {
      try {
        done.push({ pending, applied: pending.apply() })
      } catch (error) {
        pending.reject(error)
      }
    }
    const undos = done.flatMap(({ applied }) => (applied.undo ? [applied.undo] : []))
    if (undos.length > 0) {
      try {
        await this.#save()
      } catch (error) {
        for (const undo of undos.reverse()) undo()
        for (const { pending } of done) pending.reject(new WriteFailedError(error))
        return
      }
    }
    for (const { pending, applied } of done) pending.resolve(applied.result)
  }
}

/** The change was not saved because writing the data file failed. */
export class WriteFailedError extends Error {
  constructor(readonly cause: unknown) {
    super(`the data file could not be written: ${describeWriteFailure(cause)}`)
    this.name = 'WriteFailedError'
  }
}

/** The store is shutting down and takes no more changes. */
export class StoreClosedError extends Error {
  constructor() {
    super('the store is shutting down and takes no more changes')
    this.name = 'StoreClosedError'
  }
}

const FAILURE_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full; free some space and try again',
  EDQUOT: 'the disk quota is used up; free some space and try again',
  EACCES: 'permission to write the data folder was lost; check its permissions',
  EPERM: 'permission to write the data folder was lost; check its permissions',
  EROFS: 'the data folder is on a read-only disk',
  EIO: 'the disk reported an input/output error; check the disk',
  EMFILE: 'too many files are open; try again shortly'
}

/** Turns a file-system error into words a shop owner can act on. */
export function describeWriteFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code && FAILURE_REASONS[code]) return `${FAILURE_REASONS[code]} (${code})`
  return error instanceof Error ? error.message : String(error)
}
