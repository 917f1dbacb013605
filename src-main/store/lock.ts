/**
 * One writer per data directory. Two processes writing one lowdb file lose
 * acknowledged data, so the store takes `DIR/lock` before it reads the
 * catalogue. The lock file appears complete in one step (createFileOnce), so
 * nobody ever reads a half-written one. A lock
 * left by a killed process is recognised (its process is gone, or the pid now
 * belongs to another process or another boot) and taken over at once, so a
 * restart right after `kill -9` is never blocked.
 */
import { readFileSync } from 'node:fs'
import { readFile, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createFileOnce } from './json-file'

/** Name of the lock file inside the data directory. */
export const LOCK_FILE_NAME = 'lock'

/** What the lock file records about its holder. */
export interface LockOwner {
  pid: number
  /** What holds it, e.g. "plant-store serve" or "Plant Store desktop app". */
  holder: string
  since: string
  /** Linux: the boot and the process start time (clock ticks since boot), to tell a recycled pid apart. */
  bootId?: string
  startTime?: string
}

/** The data directory is in use by another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner
  ) {
    super(
      `the data folder ${dir} is in use by ${owner.holder} (process ${owner.pid}, since ${owner.since}). ` +
        'Stop that one first, or choose another folder with --data.'
    )
    this.name = 'DataDirLockedError'
  }
}

/** Lock files this process holds, so that its own pid in a lock file is told apart from a recycled one. */
const heldHere = new Set<string>()

/** A lock file that cannot be parsed is taken for stale only once it is this old (its writer may still be writing). */
const UNREADABLE_GRACE_MS = 5_000

/** A held lock. */
export interface DataDirLock {
  readonly file: string
  release(): Promise<void>
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Start time of `pid` in clock ticks since boot (field 22 of /proc/PID/stat), Linux only. */
function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`)
  // The command name (field 2) may hold spaces and parentheses; fields after it follow the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}

function identity(pid: number): Pick<LockOwner, 'bootId' | 'startTime'> {
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim()
  const startTime = processStartTime(pid)
  return bootId && startTime ? { bootId, startTime } : {}
}

/** True when the lock's owner is still running (and is the same process, not a recycled pid). */
function isLiveOwner(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (owner.bootId === undefined || owner.startTime === undefined) {
    // No identity recorded (not Linux, or an older lock): only a node or Electron process can be ours.
    const cmdline = readProc(`/proc/${owner.pid}/cmdline`)?.toLowerCase()
    return cmdline === undefined || /node|electron|plant-store|plant store/.test(cmdline)
  }
  const now = identity(owner.pid)
  if (now.bootId === undefined) return true
  return now.bootId === owner.bootId && now.startTime === owner.startTime
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (Number.isSafeInteger(owner.pid) && typeof owner.holder === 'string' && typeof owner.since === 'string') {
      return owner as LockOwner
    }
  } catch {
    // Not a lock this code wrote (or one damaged on disk).
  }
  return undefined
}

/**
 * Removes a stale lock whose content is `staleText`. Two processes that saw the
 * same stale lock must not both remove "it": the second would remove the fresh
 * lock the first has taken meanwhile. So removing happens under a second lock
 * (`lock.takeover`, created exclusively), and only while the file still holds
 * the stale text. False when another process is taking over right now.
 */
async function removeStale(file: string, staleText: string): Promise<boolean> {
  const takeover = `${file}.takeover`
  if (!(await createFileOnce(takeover, String(process.pid)))) {
    // A takeover lasts a moment: one this old was left by a process killed in the middle of it.
    if ((await ageMs(takeover)) > UNREADABLE_GRACE_MS) await unlink(takeover).catch(() => undefined)
    return false
  }
  try {
    const current = await readFile(file, 'utf8').catch(() => undefined)
    if (current === staleText) await unlink(file).catch(() => undefined)
  } finally {
    await unlink(takeover).catch(() => undefined)
  }
  return true
}

async function ageMs(file: string): Promise<number> {
  return stat(file).then(
    (info) => Date.now() - info.mtimeMs,
    () => Number.POSITIVE_INFINITY
  )
}

/** Takes the lock of `dir` for this process, or throws DataDirLockedError naming the holder. */
export async function acquireDataDirLock(dir: string, holder: string): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE_NAME)
  const me: LockOwner = { pid: process.pid, holder, since: new Date().toISOString(), ...identity(process.pid) }
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createFileOnce(file, JSON.stringify(me))) {
      heldHere.add(file)
      let released = false
      return {
        file,
        release: async () => {
          if (released) return
          released = true
          heldHere.delete(file)
          await unlink(file).catch(() => undefined)
        }
      }
    }
    const text = await readFile(file, 'utf8').catch(() => '')
    const owner = parseOwner(text)
    if (owner) {
      const live = owner.pid === process.pid ? heldHere.has(file) : isLiveOwner(owner)
      if (live) throw new DataDirLockedError(dir, owner)
    } else if ((await ageMs(file)) < UNREADABLE_GRACE_MS) {
      throw new DataDirLockedError(dir, { pid: 0, holder: 'another Plant Store that is starting', since: 'just now' })
    }
    // Another process is removing the same stale lock: its own lock follows in a moment.
    if (!(await removeStale(file, text))) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`could not take the lock ${file}; another process keeps replacing it`)
}
