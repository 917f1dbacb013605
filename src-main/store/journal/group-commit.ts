/**
 * Group commit: changes that arrive while a write is running are prepared and
 * saved together by the next write. Each caller is answered when the first
 * write that holds its change completes, with that write's own outcome; when
 * that write fails, the batch's prepared changes are discarded, so memory
 * never claims what the disk does not hold. Exclusive tasks (a journal
 * switch) run between batches, never during one.
 */
import { describeWriteFailure } from '#lib/fs-errors'
import { AppError } from '#shared/app-error'

/** What preparing one change produced. */
export interface Applied<R, C> {
  result: R
  /** What to save for this change; absent when nothing changed (no write needed). */
  change?: C
  /** Several things to save for one change (a batch such as an import), saved in the same write as `change`. */
  changes?: C[]
}

const toSave = <C>(applied: Applied<unknown, C>): C[] => [...(applied.change === undefined ? [] : [applied.change]), ...(applied.changes ?? [])]

type Item<C> =
  | { kind: 'change'; apply: () => Applied<unknown, C>; resolve: (value: unknown) => void; reject: (error: unknown) => void }
  | { kind: 'exclusive'; run: () => Promise<void>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

type ChangeItem<C> = Extract<Item<C>, { kind: 'change' }>

/** Options of {@link GroupCommit}. */
export interface GroupCommitOptions<C> {
  /** Saves (and then publishes) the changes of one batch durably; rejects when they could not be saved. */
  save: (changes: C[]) => Promise<void>
  /** Drops the prepared changes of a batch whose save failed. */
  discard: () => void
  /**
   * How long to wait after the first change arrives at an idle queue before
   * writing, so that a burst of concurrent requests shares one write instead
   * of alternating between batches of one and of many.
   */
  batchWindowMs?: number
}

/** Serialises changes to one state and saves them in batches. */
export class GroupCommit<C> {
  readonly #save: (changes: C[]) => Promise<void>
  readonly #discard: () => void
  readonly #batchWindowMs: number
  #queue: Item<C>[] = []
  #running: Promise<void> | undefined
  #closed = false

  constructor(options: GroupCommitOptions<C>) {
    this.#save = options.save
    this.#discard = options.discard
    this.#batchWindowMs = options.batchWindowMs ?? 1
  }

  /** Queues a change; `apply` runs in order with all other changes, just before the write that saves it. */
  submit<R>(apply: () => Applied<R, C>): Promise<R> {
    if (this.#closed) return Promise.reject(new StoreClosedError())
    return new Promise<R>((resolve, reject) => {
      this.#enqueue({ kind: 'change', apply, resolve: resolve as (value: unknown) => void, reject })
    })
  }

  /** Runs `task` alone, after the changes queued before it are saved and before any queued after it are applied. */
  exclusive(task: () => Promise<void>): Promise<void> {
    if (this.#closed) return Promise.reject(new StoreClosedError())
    return new Promise<void>((resolve, reject) => {
      this.#enqueue({ kind: 'exclusive', run: task, resolve: resolve as (value: unknown) => void, reject })
    })
  }

  /** True when nothing is queued or being written. */
  get idle(): boolean {
    return this.#running === undefined
  }

  /** Refuses new changes and waits until every queued change is written (or has failed). */
  async close(): Promise<void> {
    this.#closed = true
    await this.#running
  }

  #enqueue(item: Item<C>): void {
    this.#queue.push(item)
    this.#running ??= this.#drain()
  }

  async #drain(): Promise<void> {
    try {
      // Even with no window, let the requests already read in this I/O phase join the batch.
      await new Promise((resolve) => (this.#batchWindowMs > 0 ? setTimeout(resolve, this.#batchWindowMs) : setImmediate(resolve)))
      while (this.#queue.length > 0) {
        const head = this.#queue[0]!
        if (head.kind === 'exclusive') {
          this.#queue.shift()
          await head.run().then(head.resolve, head.reject)
          continue
        }
        const end = this.#queue.findIndex((item) => item.kind === 'exclusive')
        const batch = this.#queue.splice(0, end === -1 ? this.#queue.length : end) as ChangeItem<C>[]
        await this.#commit(batch)
      }
    } finally {
      // Whatever happened, the next change must start a fresh drain instead of waiting forever.
      this.#running = undefined
    }
  }

  async #commit(batch: ChangeItem<C>[]): Promise<void> {
    const done: { item: ChangeItem<C>; applied: Applied<unknown, C> }[] = []
    for (const item of batch) {
      try {
        done.push({ item, applied: item.apply() })
      } catch (error) {
        item.reject(error)
      }
    }
    const changes = done.flatMap(({ applied }) => toSave(applied))
    if (changes.length > 0) {
      try {
        await this.#save(changes)
      } catch (error) {
        try {
          this.#discard()
        } finally {
          // Only the changes were lost; a request that changed nothing (e.g. an unknown id) keeps its answer.
          const failure = error instanceof WriteFailedError ? error : new WriteFailedError(error)
          for (const { item, applied } of done) {
            if (toSave(applied).length === 0) item.resolve(applied.result)
            else item.reject(failure)
          }
        }
        return
      }
    }
    for (const { item, applied } of done) item.resolve(applied.result)
  }
}

/** The change was not saved because writing to disk failed. */
export class WriteFailedError extends AppError {
  constructor(readonly cause: unknown) {
    super(`the data file could not be written: ${describeWriteFailure(cause)}`, { problemName: 'notSaved' })
    this.name = 'WriteFailedError'
  }
}

/** The store is shutting down and takes no more changes. */
export class StoreClosedError extends AppError {
  constructor() {
    super('the store is shutting down and takes no more changes', { problemName: 'notSaved' })
    this.name = 'StoreClosedError'
  }
}
