/**
 * Checkpoints fold the journal back into plants.json: once the store has been
 * quiet for a while, at once when the journal has outgrown its limit (so that
 * a busy day does not make the next start replay a huge journal), and a last
 * time on close. Each one moves to a new journal generation between two
 * batches and writes the catalogue as it was at that moment (lowdb's write(),
 * through the store); the journals it holds are deleted after that.
 */
import { unlink } from 'node:fs/promises'
import type { ActiveJournal } from './active-journal'
import { describeWriteFailure } from '#lib/fs-errors'
import { listJournals } from './journal'

/** The least journal size that triggers a checkpoint while busy. */
export const MIN_CHECKPOINT_BYTES = 1024 * 1024

/** What checkpoints work with. */
export interface CheckpointOptions {
  /** plants.json, named in messages. */
  file: string
  dir: string
  journal: ActiveJournal
  /** Runs `task` between two batches of changes (GroupCommit.exclusive). */
  between: (task: () => Promise<void>) => Promise<void>
  /**
   * Called between two batches before a checkpoint: false when there is
   * nothing to fold now (the store may not write, or it has just written the
   * whole catalogue anew for another reason).
   */
  ready: () => Promise<boolean>
  /**
   * Writes plants.json recording `journalGen` as the first journal generation
   * it does not contain, then deletes the journals before it. Called between
   * two batches, it takes its copy of the catalogue before it first yields.
   */
  writeSnapshot: (journalGen: number) => Promise<void>
  /** Size of plants.json as last read or written. */
  snapshotSize: () => number
  /**
   * Hands the saved records to the record streams' files (the change log's entries to the history files, the sales to
   * sales.jsonl: RecordStream.flushBefore): run once while batches go on, then again between two batches for those
   * saved meanwhile, so that the fold never waits for much.
   */
  beforeFold?: () => Promise<void>
  /** True when a failed checkpoint is no news: the store has stopped writing for good. */
  refused: () => boolean
  /** Quiet time after the last change before a checkpoint (default 30 s). */
  idleMs?: number
  /** Journal size that triggers a checkpoint while busy (default: 1 MiB or half the snapshot, whichever is larger). */
  journalBytes?: number
}

/** The checkpoints of one open store. */
export class Checkpoints {
  readonly #options: CheckpointOptions
  readonly #idleMs: number
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #stopped = false

  constructor(options: CheckpointOptions) {
    this.#options = options
    this.#idleMs = options.idleMs ?? 30_000
  }

  /** After each saved batch: a checkpoint now when the journal has outgrown its limit, else once the store is quiet. */
  afterSave(): void {
    const { journal, journalBytes, snapshotSize } = this.#options
    const limit = journalBytes ?? Math.max(MIN_CHECKPOINT_BYTES, snapshotSize() / 2)
    if (journal.bytes > limit) void this.run()
    else this.armIdle()
  }

  /** (Re-)arms the checkpoint that runs once the store has been quiet for the idle time. */
  armIdle(): void {
    if (this.#stopped) return
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => void this.run(), this.#idleMs)
    this.#timer.unref()
  }

  /** Folds the journal into plants.json now; while one runs, its promise; once stopped, nothing. */
  run(): Promise<void> {
    if (this.#stopped) return Promise.resolve()
    this.#running ??= this.#checkpoint().finally(() => (this.#running = undefined))
    return this.#running
  }

  /** Starts no checkpoint from now on; resolves once the one in flight, if any, has ended. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running?.catch(() => undefined)
  }

  /**
   * The fold on close, after stop() and the last write, so that plants.json is
   * complete after a clean stop. A failure is reported, never thrown: the
   * journal still holds every change, and the next start replays it.
   */
  async final(): Promise<void> {
    const { dir, file, journal, writeSnapshot } = this.#options
    await journal.close()
    if (journal.bytes === 0 && (await listJournals(dir)).length === 1) {
      await unlink(journal.file).catch(() => undefined) // plants.json is complete already
      return
    }
    try {
      await writeSnapshot(journal.gen + 1)
    } catch (error) {
      // Say that the journal will be replayed only when it is still there to be replayed.
      const kept = await journal.current.inPlace().catch(() => false)
      console.error(
        `[plant-store] could not fold the journal into ${file} on close: ${describeWriteFailure(error)}. ` +
          (kept
            ? `Nothing is lost: the journal ${journal.file} keeps every change and is replayed at the next start.`
            : `The journal ${journal.file} is gone too: the changes since the last checkpoint are NOT on disk.`)
      )
    }
  }

  async #checkpoint(): Promise<void> {
    clearTimeout(this.#timer)
    const { between, journal, ready, writeSnapshot, beforeFold } = this.#options
    try {
      let writing: Promise<void> | undefined
      await beforeFold?.()
      // Between two batches: later changes go to the new journal, so the snapshot holds exactly those before it.
      await between(async () => {
        if (!(await ready())) return
        await beforeFold?.()
        // An empty journal is reused: a checkpoint that keeps failing (a full disk) must not leave a new file each time.
        if (journal.bytes > 0 || journal.broken) await journal.next()
        writing = writeSnapshot(journal.gen)
        writing.catch(() => undefined) // awaited below; this only keeps it from counting as unhandled meanwhile
      })
      await writing
    } catch (error) {
      if (this.#stopped || this.#options.refused()) return // close() writes the final snapshot itself; a refused store writes nothing
      console.error(`[plant-store] checkpoint of ${this.#options.file} failed; the journal keeps every change and it is tried again later:`, error)
      this.armIdle()
    }
  }
}
