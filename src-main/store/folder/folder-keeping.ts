/**
 * What an open store does to keep writing where it thinks it does (see
 * folder-guard.ts for the checks): before acknowledging a batch, before a
 * checkpoint, before the final write of a stop, and once a second while idle,
 * a deleted folder or journal is written anew and a lost lock stops writes.
 */
import type { ActiveJournal } from '#store/journal/active-journal'
import { FolderGuard, WriteRefusedError, type FolderTrouble } from './folder-guard'

/** How often an idle store makes sure its folder, journal and lock are still its own. */
const PATROL_MS = 1000

/** Writes the whole catalogue anew beside journal generation `journalGen` (the batch being saved too, with `withPending`); returns how many plants. */
export type WriteEverything = (journalGen: number, withPending: boolean) => Promise<number>

/** The folder keeping of one open store. */
export class FolderKeeping {
  readonly #guard: FolderGuard
  readonly #journal: ActiveJournal
  readonly #between: (task: () => Promise<void>) => Promise<void>
  readonly #writeEverything: WriteEverything
  readonly #patrol: NodeJS.Timeout
  #round: Promise<void> | undefined
  #stopped = false

  /** Starts the once-a-second patrol; `between` runs a task between two batches of changes. */
  constructor(guard: FolderGuard, journal: ActiveJournal, between: (task: () => Promise<void>) => Promise<void>, writeEverything: WriteEverything) {
    this.#guard = guard
    this.#journal = journal
    this.#between = between
    this.#writeEverything = writeEverything
    this.#patrol = setInterval(() => this.#patrolRound(), PATROL_MS)
    this.#patrol.unref()
  }

  /** Why the store must never write again, or undefined. */
  get refusal(): string | undefined {
    return this.#guard.refusal
  }

  /** Throws the 503's WriteRefusedError when the store must not write any more. */
  assertWritable(): void {
    if (this.#guard.refusal) throw new WriteRefusedError(this.#guard.refusal)
  }

  /** After a failed append: a folder that went away is dealt with (the batch is written anew with it); anything else is rethrown. */
  async afterFailedAppend(error: unknown): Promise<void> {
    const trouble = await this.#guard.check(this.#journal.current).catch(() => undefined)
    if (!trouble || trouble.kind === 'unreachable') throw error
    await this.#overcome(trouble, true)
  }

  /** After an append: an append to a journal whose name is gone reached nothing, so it is taken back and everything written anew. */
  async confirmAppend(): Promise<void> {
    const trouble = await this.#guard.check(this.#journal.current)
    if (!trouble) return
    await this.#journal.current.revokeLast()
    await this.#overcome(trouble, true)
  }

  /** Between two batches, before a checkpoint: false when nothing is to be folded now (refused, or everything just written anew). */
  async readyToCheckpoint(): Promise<boolean> {
    if (this.#guard.refusal) return false
    const trouble = await this.#guard.check(this.#journal.current, true)
    if (!trouble) return true
    await this.#overcome(trouble) // writes the whole catalogue: that is the checkpoint
    return false
  }

  /**
   * Before the final write of a stop: true when the folder is still this
   * store's (re-created first if it was deleted); false, with the reason
   * printed, when nothing may or can be written any more.
   */
  async readyToFinish(): Promise<boolean> {
    if (this.#guard.refusal) {
      console.error(`[plant-store] stopping without writing: ${this.#guard.refusal}.`)
      return false
    }
    const trouble = await this.#guard.check(this.#journal.current, true)
    if (!trouble) return true
    try {
      await this.#overcome(trouble)
      return true
    } catch (error) {
      console.error(`[plant-store] stopping without a final save: ${(error as Error).message}. ${FolderGuard.fateOnStop(trouble)}`)
      return false
    }
  }

  /** Ends the patrol; resolves once the round in progress, if any, has ended. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearInterval(this.#patrol)
    await this.#round?.catch(() => undefined)
  }

  /** Deals with a folder found not to be this store's any more (see FolderGuard#overcome). */
  #overcome(trouble: FolderTrouble, withPending = false): Promise<void> {
    return this.#guard.overcome(trouble, async () => this.#writeEverything(await this.#journal.next(), withPending))
  }

  #patrolRound(): void {
    if (this.#round || this.#stopped || this.#guard.refusal) return
    this.#round = (async () => {
      if (!(await this.#guard.check(this.#journal.current, true))) return
      await this.#between(async () => {
        // A save may have dealt with it in the meantime.
        const trouble = await this.#guard.check(this.#journal.current, true)
        if (trouble) await this.#overcome(trouble)
      })
    })()
      .then(
        () => this.#guard.report(undefined),
        (error: unknown) => this.#guard.report(error)
      )
      .finally(() => (this.#round = undefined))
  }
}
