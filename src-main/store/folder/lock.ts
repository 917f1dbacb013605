/**
 * One writer per data directory. Two processes writing one lowdb file lose
 * acknowledged data, so the store takes `DIR/lock` before it reads the
 * catalogue. The lock file appears complete in one step (createFileOnce), so
 * nobody ever reads a half-written one. A lock
 * left by a killed process is recognised (its process is gone, or the pid now
 * belongs to another process or another boot: lib/process-identity.ts) and
 * taken over at once, so a restart right after `kill -9` or a power cut is
 * never blocked. Where the system cannot tell (a live pid whose start time
 * cannot be read), the refusal says so, and the person may take the folder
 * over ({@link takeOverDataDir}).
 */
import { constants as fsConstants } from 'node:fs'
import { lstat, open, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createFileOnce } from '#lib/durable-file'
import { identity, processState, type ProcessIdentity, type ProcessState } from '#lib/process-identity'
import { UNREADABLE_GRACE_MS, ageMs, removeStaleLock } from '#lib/stale-lock'
import { AppError } from '#shared/app-error'

/** Name of the lock file inside the data directory. */
export const LOCK_FILE_NAME = 'lock'

/**
 * Runtime file a running server writes beside the lock (service.ts), naming
 * the same process. It is the lock's witness: when someone deletes `lock`
 * while the server runs, a newcomer still sees that the folder is in use.
 */
export const RUNTIME_FILE_NAME = 'server.json'

/** What the lock file records about its holder; its identity tells a recycled pid apart (process-identity.ts). */
export interface LockOwner extends ProcessIdentity {
  pid: number
  /** What holds it, e.g. "plant-store serve" or "Plant Store desktop app". */
  holder: string
  since: string
}

/** The data directory is in use by another live process. */
export class DataDirLockedError extends AppError {
  /**
   * @param refused what this process was refused, for the first words of the
   *   message ("start", "restore"); the lock does not know, its caller does.
   */
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
    readonly refused = 'start',
    note = '',
    /** True when the holder's pid runs but cannot be proven to be that holder (no start time to compare). */
    readonly unproven = false
  ) {
    super(
      `the data folder ${dir} is in use by ${owner.holder} (process ${owner.pid}, since ${owner.since})${note}. ` +
        (refused === 'start' ? 'Stop that one first, or choose another folder with --data.' : `Stop that one first, then ${refused} again.`) +
        (unproven ? ` ${unprovenAdvice(dir, owner, refused)}` : '')
    )
    this.name = 'DataDirLockedError'
  }
}

/** What to say when a live pid cannot be proven to be the holder (after a crash or a power cut it may be any program). */
function unprovenAdvice(dir: string, owner: LockOwner, refused: string): string {
  return (
    `A process ${owner.pid} is running, but this computer cannot tell whether it is still that Plant Store: after a crash or ` +
    `a power cut the number may belong to another program. If no other Plant Store window or plant-store serve is open, ` +
    (refused === 'start' ? 'choose Open anyway in the desktop app, or ' : '') +
    `delete ${path.join(dir, LOCK_FILE_NAME)} and ${refused} again.`
  )
}

/** The lock file of a running holder was deleted or replaced by someone else: the holder no longer owns the folder. */
export class LockLostError extends AppError {
  constructor(
    readonly file: string,
    readonly how: string
  ) {
    super(`its lock file ${file} ${how}`)
    this.name = 'LockLostError'
  }
}

/** Lock files this process holds, so that its own pid in a lock file is told apart from a recycled one. */
const heldHere = new Set<string>()

/** A held lock. */
export interface DataDirLock {
  readonly file: string
  /** Cheap check (one lstat) that the lock file is still the one this process created; throws LockLostError. */
  confirm(): Promise<void>
  /** Full check: same file (device and inode) and same content; throws LockLostError. */
  verify(): Promise<void>
  /** Deletes the lock file, but only while it is still this process's own. */
  release(): Promise<void>
}

/** Whether the lock's owner still runs (and is the same process, not a recycled pid). */
export function ownerState(owner: LockOwner): ProcessState {
  return processState(owner)
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
 * The live server named by the folder's runtime file, if any (other than this
 * process): the holder of a folder whose lock file was deleted under it. Only
 * a record with the process's start time counts, so a recycled pid never does.
 */
async function liveWitness(dir: string): Promise<LockOwner | undefined> {
  let info: Partial<LockOwner> & { baseUrl?: string }
  try {
    info = JSON.parse(await readFile(path.join(dir, RUNTIME_FILE_NAME), 'utf8')) as typeof info
  } catch {
    return undefined
  }
  const hasIdentity = info.startTime !== undefined || info.startedAt !== undefined
  if (!Number.isSafeInteger(info.pid) || info.pid === process.pid || !hasIdentity) return undefined
  if (ownerState(info as LockOwner) !== 'alive') return undefined
  return { pid: info.pid!, holder: typeof info.holder === 'string' ? info.holder : `the server at ${info.baseUrl ?? '?'}`, since: info.since ?? '?' }
}

/**
 * A lock this process holds. It keeps the lock file open: an inode number is
 * reused only once no one holds the file, so while ours is open, a file at
 * the lock's path with the same device and inode is ours, and one lstat per
 * batch is enough to know.
 */
async function heldLock(file: string, text: string): Promise<DataDirLock> {
  const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW)
  const id = await handle.stat()
  let released = false
  const confirm = async (readContent: boolean) => {
    const info = await lstat(file).catch((error: NodeJS.ErrnoException) => {
      // Only a missing file proves the lock lost; an unreadable folder (EACCES) proves nothing.
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
      throw error
    })
    if (!info) throw new LockLostError(file, 'was deleted')
    if (info.dev !== id.dev || info.ino !== id.ino) throw new LockLostError(file, 'was replaced by another file')
    if (readContent && (await readFile(file, 'utf8')) !== text) throw new LockLostError(file, 'was overwritten')
  }
  return {
    file,
    confirm: () => confirm(false),
    verify: () => confirm(true),
    release: async () => {
      if (released) return
      released = true
      // Never delete a lock that is no longer ours: it may be a newcomer's.
      const ours = await confirm(true).then(
        () => true,
        () => false
      )
      if (ours) {
        heldHere.delete(file)
        await unlink(file).catch(() => undefined)
      }
      await handle.close().catch(() => undefined)
    }
  }
}

/**
 * Takes the lock file `file` for this process, or throws DataDirLockedError
 * naming the holder (`refused` says what was refused: "start", "restore").
 * `dir` is the folder the lock guards, named in the message. `witness` looks
 * for a live holder whose lock file was deleted.
 */
export async function acquireLockFile(
  file: string,
  holder: string,
  options: { dir?: string; refused?: string; witness?: () => Promise<LockOwner | undefined> } = {}
): Promise<DataDirLock> {
  const { dir = path.dirname(file), refused = 'start', witness } = options
  const me: LockOwner = { pid: process.pid, holder, since: new Date().toISOString(), ...identity(process.pid) }
  const text = JSON.stringify(me)
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createFileOnce(file, text)) {
      heldHere.add(file)
      const lock = await heldLock(file, text)
      // The file was missing: make sure no live holder lost it to a careless delete. Its lock is gone already,
      // so taking the file for a moment costs it nothing more; it has stopped writing (see the store's guard).
      const alive = await witness?.()
      if (alive) {
        await lock.release()
        throw new DataDirLockedError(dir, alive, refused, `; its lock file ${file} is missing, but that process is alive`)
      }
      return lock
    }
    const found = await readFile(file, 'utf8').catch(() => '')
    const owner = parseOwner(found)
    if (owner) {
      const state = owner.pid === process.pid ? (heldHere.has(file) ? 'alive' : 'gone') : ownerState(owner)
      if (state !== 'gone') throw new DataDirLockedError(dir, owner, refused, '', state === 'unproven')
    } else if ((await ageMs(file)) < UNREADABLE_GRACE_MS) {
      throw new DataDirLockedError(dir, { pid: 0, holder: 'another Plant Store that is starting', since: 'just now' }, refused)
    }
    // Another process is removing the same stale lock: its own lock follows in a moment.
    if (!(await removeStaleLock(file, found))) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`could not take the lock ${file}; another process keeps replacing it`)
}

/**
 * Takes `dir` over from a holder that could not be proven alive, once the
 * person has chosen to (Open anyway): removes the lock only while it still
 * names that very holder (pid and since), so one that started meanwhile is
 * never pushed out. True when the folder is free to take now.
 */
export async function takeOverDataDir(dir: string, owner: Pick<LockOwner, 'pid' | 'since'>): Promise<boolean> {
  const file = path.join(dir, LOCK_FILE_NAME)
  const found = await readFile(file, 'utf8').catch(() => undefined)
  if (found === undefined) return true
  const current = parseOwner(found)
  if (current?.pid !== owner.pid || current.since !== owner.since) return false
  return removeStaleLock(file, found)
}

/** The holder `dir`'s lock file names while that process runs (or cannot be told gone); undefined otherwise. Only reads. */
export async function liveLockHolder(dir: string): Promise<LockOwner | undefined> {
  const owner = parseOwner(await readFile(path.join(dir, LOCK_FILE_NAME), 'utf8').catch(() => ''))
  return owner && ownerState(owner) !== 'gone' ? owner : undefined
}

/** Takes the lock of `dir` for this process, or throws DataDirLockedError naming the holder. */
export function acquireDataDirLock(dir: string, holder: string, refused = 'start'): Promise<DataDirLock> {
  return acquireLockFile(path.join(dir, LOCK_FILE_NAME), holder, { dir, refused, witness: () => liveWitness(dir) })
}
