/**
 * One writer per data directory. Two processes writing one lowdb file lose
 * acknowledged data, so the store takes `DIR/lock` (created exclusively, holding
 * the owner's pid) before it reads the catalogue. A lock left by a killed
 * process is recognised by its dead pid and taken over at once, so a restart
 * right after `kill -9` is never blocked.
 */
import { readFileSync } from 'node:fs'
import { open, readFile, rename, unlink } from 'node:fs/promises'
import path from 'node:path'

/** Name of the lock file inside the data directory. */
export const LOCK_FILE_NAME = 'lock'

/** What the lock file records about its holder. */
export interface LockOwner {
  pid: number
  /** What holds it, e.g. "plant-store serve" or "Plant Store desktop app". */
  holder: string
  since: string
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

/** A held lock. */
export interface DataDirLock {
  readonly file: string
  release(): Promise<void>
}

/** True when a process with `pid` exists and plausibly is a Plant Store (not a recycled pid). */
function isLiveOwner(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (process.platform !== 'linux') return true
  try {
    // After a reboot the pid may belong to an unrelated program; only a node or Electron process can be ours.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').toLowerCase()
    return /node|electron|plant-store|plant store/.test(cmdline)
  } catch {
    return true
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (Number.isSafeInteger(owner.pid) && typeof owner.holder === 'string' && typeof owner.since === 'string') {
      return owner as LockOwner
    }
  } catch {
    // An empty or half-written lock file: its writer died while creating it.
  }
  return undefined
}

async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  let handle
  try {
    handle = await open(file, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(JSON.stringify(owner))
    await handle.sync()
  } catch (error) {
    // e.g. ENOSPC: leave no empty lock behind.
    await handle.close()
    await unlink(file).catch(() => undefined)
    throw error
  }
  await handle.close()
  return true
}

/**
 * Moves a stale lock aside. Renaming is atomic, so of two processes that both
 * saw the same stale lock only one moves it; if what was moved turns out to be
 * a fresh lock (another process won the race), it is put back.
 */
async function removeStale(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}`
  try {
    await rename(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  const moved = await readFile(aside, 'utf8').catch(() => '')
  if (moved === staleText) await unlink(aside).catch(() => undefined)
  else await rename(aside, file).catch(() => undefined)
}

/** Takes the lock of `dir` for this process, or throws DataDirLockedError naming the holder. */
export async function acquireDataDirLock(dir: string, holder: string): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE_NAME)
  const me: LockOwner = { pid: process.pid, holder, since: new Date().toISOString() }
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await tryCreate(file, me)) {
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
    const live = owner && (owner.pid === process.pid ? heldHere.has(file) : isLiveOwner(owner.pid))
    if (owner && live) throw new DataDirLockedError(dir, owner)
    await removeStale(file, text)
  }
  throw new Error(`could not take the lock ${file}; another process keeps replacing it`)
}
