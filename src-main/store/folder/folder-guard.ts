/**
 * Tells the store whether it still writes where it thinks it does. An append
 * to a journal whose folder was deleted succeeds (the open file just has no
 * name any more), and a server whose lock file was deleted would share the
 * folder with the next one to start: both would hand out the same ids. So
 * before a batch is acknowledged, the journal's path must still lead to the
 * open file and the lock file must still be this process's own; the lock is
 * also read back in full before every checkpoint and about once a second.
 */
import { mkdir, stat } from 'node:fs/promises'
import { checkStoreFolder } from './data-folder'
import { describeWriteFailure } from '#lib/fs-errors'
import { WriteFailedError } from '#store/journal/group-commit'
import type { Journal } from '#store/journal/journal'
import { LockLostError, acquireDataDirLock, type DataDirLock } from './lock'

/** What went wrong with the folder, and so what the store can still do about it. */
export type FolderTrouble =
  /** The folder and its lock are intact, but the journal file was deleted, moved or replaced: write everything anew. */
  | { kind: 'journal-gone'; problem: string }
  /** The data folder itself is gone: re-create it and write everything anew. */
  | { kind: 'folder-gone'; problem: string }
  /** Another process may now own the folder (its lock was lost, or the folder is another one): never write again. */
  | { kind: 'lost'; problem: string }
  /** The folder cannot be looked at now (e.g. its permissions changed): this write fails, a later one may not. */
  | { kind: 'unreachable'; problem: string }

/** A change refused (503) because the store cannot, or must not, write it; the message says why and what to do. */
export class WriteRefusedError extends WriteFailedError {
  constructor(message: string) {
    super(new Error(message))
    this.message = message
    this.name = 'WriteRefusedError'
  }
}

/** Who guards the folder, and what to tell when it was re-created. */
export interface FolderGuardOptions {
  /** Who holds the folder, written into a lock taken again. */
  holder: string
  /** Called once the catalogue is written into a re-created folder, to put the service's own files back. */
  onFolderRecreated?: () => Promise<void>
}

/** The identity of the data folder and of the lock this process holds in it, and what to do when either is lost. */
export class FolderGuard {
  readonly dir: string
  readonly #options: FolderGuardOptions
  #lock: DataDirLock
  #dirIno: { dev: number; ino: number }
  #refusal: string | undefined
  #lastReport: string | undefined

  private constructor(dir: string, lock: DataDirLock, dirIno: { dev: number; ino: number }, options: FolderGuardOptions) {
    this.dir = dir
    this.#lock = lock
    this.#dirIno = dirIno
    this.#options = options
  }

  /** Starts guarding `dir` (as it is now) and its `lock`. */
  static async create(dir: string, lock: DataDirLock, options: FolderGuardOptions): Promise<FolderGuard> {
    const info = await stat(dir)
    return new FolderGuard(dir, lock, { dev: info.dev, ino: info.ino }, options)
  }

  get lock(): DataDirLock {
    return this.#lock
  }

  /** Why the store must never write again (it lost the folder to another process), or undefined. */
  get refusal(): string | undefined {
    return this.#refusal
  }

  /**
   * Deals with `trouble`. A folder lost to another process is refused for
   * good (announced once, loudly). A deleted folder is created again (0700,
   * checked, its lock taken again); then, for it and for a deleted journal,
   * `writeEverything` writes the whole catalogue anew (returning how many
   * plants) and the service gets to put its files back. Throws
   * WriteRefusedError, whose words are the 503's, when nothing was saved.
   */
  async overcome(trouble: FolderTrouble, writeEverything: () => Promise<number>): Promise<void> {
    if (trouble.kind === 'lost') {
      if (!this.#refusal) console.error(`[plant-store] STOPPED SAVING CHANGES: ${trouble.problem}.`)
      this.#refusal ??= trouble.problem
      throw new WriteRefusedError(trouble.problem)
    }
    if (trouble.kind === 'unreachable') throw new WriteRefusedError(`${trouble.problem}; fix the folder's permissions and try again`)
    try {
      if (trouble.kind === 'folder-gone') {
        await mkdir(this.dir, { recursive: true, mode: 0o700 })
        await checkStoreFolder(this.dir)
        await this.#adopt(await acquireDataDirLock(this.dir, this.#options.holder))
      }
      const count = await writeEverything()
      console.error(`[plant-store] ${trouble.problem}: wrote the whole catalogue (${count} plants) anew.`)
    } catch (error) {
      throw new WriteRefusedError(
        `${trouble.problem}, and writing the catalogue anew failed: ${describeWriteFailure(error)}. ` +
          `Nothing is saved until ${this.dir} can be written again; the next change tries again. Reads go on`
      )
    }
    if (trouble.kind === 'folder-gone') {
      await this.#options.onFolderRecreated?.().catch((error: unknown) => console.error('[plant-store] could not put the service files back:', error))
    }
  }

  /** Prints the outcome of a background round once for as long as it stays the same (a refusal was announced already). */
  report(error: unknown): void {
    const report = error === undefined ? undefined : error instanceof Error ? error.message : String(error)
    if (report !== undefined && report !== this.#lastReport && !this.#refusal) console.error(`[plant-store] ${report}.`)
    this.#lastReport = report
  }

  /** What becomes of the changes when a stop cannot write after `trouble`. */
  static fateOnStop(trouble: FolderTrouble): string {
    if (trouble.kind === 'unreachable') return 'The journal, if it is still there, is replayed at the next start.'
    if (trouble.kind === 'lost') return 'Every change it acknowledged is on disk; it leaves the folder to its new holder.'
    return 'The changes acknowledged since the last checkpoint are NOT on disk.'
  }

  /** Guards a folder re-created at the same path, with the lock taken in it. */
  async #adopt(lock: DataDirLock): Promise<void> {
    const info = await stat(this.dir)
    const previous = this.#lock
    this.#lock = lock
    this.#dirIno = { dev: info.dev, ino: info.ino }
    await previous.release() // closes the old lock file; deletes nothing, as it is no longer ours
  }

  /**
   * Undefined when `journal` is still the file at its path and the lock is
   * still ours; otherwise what is wrong. `full` also reads the lock back
   * (before a checkpoint, and on the once-a-second round); without it, two
   * lstat calls, cheap enough for every batch.
   */
  async check(journal: Journal, full = false): Promise<FolderTrouble | undefined> {
    const [journalInPlace, lockProblem] = await Promise.all([
      journal.inPlace().catch((error: unknown) => error as Error),
      (full ? this.#lock.verify() : this.#lock.confirm()).then(
        () => undefined,
        (error: unknown) => error
      )
    ])
    if (journalInPlace === true && lockProblem === undefined) return undefined
    const unreadable = journalInPlace instanceof Error ? journalInPlace : lockProblem instanceof LockLostError ? undefined : lockProblem
    if (unreadable !== undefined) {
      return { kind: 'unreachable', problem: `the data folder ${this.dir} cannot be checked: ${describeWriteFailure(unreadable)}` }
    }
    const folder = await stat(this.dir).catch((error: NodeJS.ErrnoException) => error)
    if (folder instanceof Error) {
      if (folder.code === 'ENOENT') return { kind: 'folder-gone', problem: `the data folder ${this.dir} was deleted while this server ran` }
      return { kind: 'folder-gone', problem: `the data folder ${this.dir} cannot be reached: ${describeWriteFailure(folder)}` }
    }
    if (folder.dev !== this.#dirIno.dev || folder.ino !== this.#dirIno.ino) {
      return {
        kind: 'lost',
        problem:
          `the data folder ${this.dir} was replaced by another folder while this server ran. ` +
          'This server stopped saving changes so as not to overwrite what is there now; the changes it saved before are in the folder that was moved away. ' +
          'Reads go on. Stop this server and start it again to use the folder as it is now'
      }
    }
    if (lockProblem instanceof LockLostError && lockProblem.how === 'was deleted' && journalInPlace !== true) {
      // The lock and the journal both gone from a folder still ours: its files were deleted (by hand, or rm -r caught
      // between emptying the folder and removing it). Taking the lock again refuses if another server has meanwhile.
      return { kind: 'folder-gone', problem: `the files of the data folder ${this.dir} were deleted while this server ran` }
    }
    if (lockProblem !== undefined) {
      const how = lockProblem instanceof LockLostError ? lockProblem.message : String(lockProblem)
      return {
        kind: 'lost',
        problem:
          `this server no longer holds the data folder ${this.dir}: ${how}. ` +
          'It stopped saving changes, so that two servers never write one catalogue; every change it acknowledged before is on disk. ' +
          'Reads go on. Stop this server and start it again'
      }
    }
    return { kind: 'journal-gone', problem: `the journal file ${journal.file} was deleted or replaced while this server ran` }
  }
}
