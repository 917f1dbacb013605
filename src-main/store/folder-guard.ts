/**
 * Tells the store whether it still writes where it thinks it does. An append
 * to a journal whose folder was deleted succeeds (the open file just has no
 * name any more), and a server whose lock file was deleted would share the
 * folder with the next one to start: both would hand out the same ids. So
 * before a batch is acknowledged, the journal's path must still lead to the
 * open file and the lock file must still be this process's own; the lock is
 * also read back in full before every checkpoint and about once a second.
 */
import { stat } from 'node:fs/promises'
import { describeWriteFailure } from './file-system-errors'
import { WriteFailedError } from './group-commit'
import type { Journal } from './journal'
import { LockLostError, type DataDirLock } from './lock'

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

/** The identity of the data folder and of the lock this process holds in it. */
export class FolderGuard {
  readonly dir: string
  #lock: DataDirLock
  #dirIno: { dev: number; ino: number }

  private constructor(dir: string, lock: DataDirLock, dirIno: { dev: number; ino: number }) {
    this.dir = dir
    this.#lock = lock
    this.#dirIno = dirIno
  }

  /** Starts guarding `dir` (as it is now) and its `lock`. */
  static async create(dir: string, lock: DataDirLock): Promise<FolderGuard> {
    const info = await stat(dir)
    return new FolderGuard(dir, lock, { dev: info.dev, ino: info.ino })
  }

  get lock(): DataDirLock {
    return this.#lock
  }

  /** Guards a folder re-created at the same path, with the lock taken in it. */
  async adopt(lock: DataDirLock): Promise<void> {
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
