/**
 * A short lock around a read-modify-write of a small file that several
 * processes change (tokens.json: the CLI, and a running server for the UI's
 * Settings dialog and its last-used times), so that no change is lost to a
 * concurrent one. Held for milliseconds. The lock file names its holder (pid
 * and what tells that process from a later one with the same pid), so a lock
 * left by a killed process is taken over at once; one whose holder cannot be
 * proven gone is taken over once it is old enough that no live holder can
 * still be at work. Its date is not trusted when it lies in the future (the
 * clock was put back since): such a lock counts as old (stale-lock.ts).
 */
import { randomBytes } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import { createFileOnce } from './durable-file'
import { identity, processState, type ProcessIdentity, type ProcessState } from './process-identity'
import { ageMs, removeStaleLock } from './stale-lock'
import { AppError } from '#shared/app-error'

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  /** How long to wait for another holder before giving up (default 3 s). */
  waitMs?: number
  /** A lock older than this is a leftover of a killed process (default 10 s). */
  staleMs?: number
}

/** Another process kept the lock for longer than we waited. */
export class FileLockTimeoutError extends AppError {
  constructor(readonly lockFile: string) {
    super(`another Plant Store process is changing the same file (lock ${lockFile}); try again in a moment`)
    this.name = 'FileLockTimeoutError'
  }
}

const RETRY_MS = 20

/** What a lock file says of its holder: JSON with its identity, or (written by an older version) the pid alone. */
function holderOf(text: string): ({ pid: number } & ProcessIdentity) | undefined {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed === 'object' && parsed !== null && Number.isSafeInteger((parsed as { pid?: unknown }).pid)) {
      return parsed as { pid: number } & ProcessIdentity
    }
  } catch {
    // the older form
  }
  const pid = Number(text.trim())
  return Number.isSafeInteger(pid) && pid > 0 ? { pid } : undefined
}

/** One wait for a lock: what this waiter has learnt of each lock it found (by content), so each is judged once. */
class LockWatch {
  readonly #seen = new Map<string, { at: number; state: ProcessState | undefined }>()

  constructor(readonly staleMs: number) {}

  /** Whether the lock holding `text` was left behind: its holder is gone, or it is older than staleMs. */
  async abandoned(lockFile: string, text: string): Promise<boolean> {
    let seen = this.#seen.get(text)
    if (!seen) {
      const holder = holderOf(text)
      // A pid of this very process is another task of ours at work, never a leftover.
      const state = holder === undefined ? undefined : holder.pid === process.pid ? 'alive' : processState(holder)
      seen = { at: performance.now(), state }
      this.#seen.set(text, seen)
    }
    if (seen.state === 'gone') return true
    // Held past staleMs (by the file's date, or as long as this waiter has watched it): hung, or a recycled pid.
    return Math.max(await ageMs(lockFile), performance.now() - seen.at) > this.staleMs
  }
}

/** Runs `task` while holding `file`.lock; resolves with its result. */
export async function withFileLock<T>(file: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lockFile = `${file}.lock`
  const deadline = performance.now() + (options.waitMs ?? 3000)
  const watch = new LockWatch(options.staleMs ?? 10_000)
  // A mark of this taking of the lock: two tasks of one process must never write the same text, or a waiter that
  // found one's lock gone (taken for stale) would remove the other's fresh lock as "still the stale one".
  const text = JSON.stringify({ pid: process.pid, ...identity(process.pid), taking: randomBytes(6).toString('hex') })
  while (!(await createFileOnce(lockFile, text))) {
    const found = await readFile(lockFile, 'utf8').catch(() => undefined)
    if (found === undefined) continue // released meanwhile
    const removed = (await watch.abandoned(lockFile, found)) && (await removeStaleLock(lockFile, found))
    if (removed) continue
    if (performance.now() > deadline) throw new FileLockTimeoutError(lockFile)
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
  }
  try {
    return await task()
  } finally {
    await unlinkOwn(lockFile, text)
  }
}

/** Deletes the lock only while it is still ours: once taken over as stale, it may be a newcomer's. */
async function unlinkOwn(lockFile: string, text: string): Promise<void> {
  if ((await readFile(lockFile, 'utf8').catch(() => undefined)) === text) await unlink(lockFile).catch(() => undefined)
}
