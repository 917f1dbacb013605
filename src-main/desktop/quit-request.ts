/**
 * The installer's polite quit. Before it replaces the program, the Windows installer (build/installer.nsh) starts the
 * installed app once more with {@link QUIT_ARGUMENT}: that launch is a second instance, so Electron's single-instance
 * lock hands the request to the running app, which quits the normal way (the service stops, the stop-time backup
 * runs) instead of being killed. The launch itself waits, bounded, until the running app has ended, so the installer
 * only has to wait for it. Plain decisions and the wait; desktop-app.ts connects them to Electron.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { processState, type ProcessIdentity, type ProcessState } from '#lib/process-identity'
import { LOCK_FILE_NAME } from '#store'
import { BACKUP_TIME_LIMIT_MS, QUIT_TIME_LIMIT_MS } from './quit-guard'

/** The command-line argument with which the installer asks a running Plant Store to quit. */
export const QUIT_ARGUMENT = '--quit'

/**
 * What the asking launch hands the running one with the single-instance lock. Electron passes it unchanged, while
 * the command line may arrive reordered or with Chromium's switches added; the argument is the fallback.
 */
export const QUIT_REQUEST = { request: 'quit' } as const

/**
 * How long the asking launch waits for the running app to end: the running app's own limits for its stop and its
 * backup, and a margin. The installer's own limit (installer.nsh) is longer still, so the launch answers first.
 */
export const QUIT_WAIT_LIMIT_MS = QUIT_TIME_LIMIT_MS + BACKUP_TIME_LIMIT_MS + 10_000

/** How often the asking launch looks whether the running app has ended. */
const WAIT_STEP_MS = 250

/** True when this launch's command line asks the running app to quit. */
export function asksToQuit(argv: readonly string[]): boolean {
  return argv.includes(QUIT_ARGUMENT)
}

/** True when a second launch, as the running app sees it ('second-instance'), asks it to quit. */
export function isQuitRequest(argv: readonly string[], additionalData: unknown): boolean {
  const data = additionalData as { request?: unknown } | null | undefined
  return data?.request === QUIT_REQUEST.request || asksToQuit(argv)
}

/** The process holding the data folder (its lock file's owner), if the file names one. */
export function folderHolder(dataDir: string): (ProcessIdentity & { pid: number }) | undefined {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid?: unknown }
    return Number.isSafeInteger(owner.pid) ? (owner as ProcessIdentity & { pid: number }) : undefined
  } catch {
    return undefined // no lock: no catalogue is open there (a first-run screen, or nothing runs)
  }
}

/** What waiting for the running app needs (the real process table and clock unless a test says otherwise). */
export interface ExitWait {
  timeLimitMs?: number
  stepMs?: number
  state?: (owner: ProcessIdentity & { pid: number }) => ProcessState
}

/**
 * Resolves true once `holder` has ended (a recycled pid counts as ended: process-identity.ts tells them apart), false
 * when it still runs at the time limit. 'unproven' (a live pid whose start time cannot be read) counts as running.
 */
export function waitForExit(holder: ProcessIdentity & { pid: number }, options: ExitWait = {}): Promise<boolean> {
  const { timeLimitMs = QUIT_WAIT_LIMIT_MS, stepMs = WAIT_STEP_MS, state = processState } = options
  const deadline = Date.now() + timeLimitMs
  return new Promise((resolve) => {
    const look = () => {
      if (state(holder) === 'gone') return resolve(true)
      if (Date.now() >= deadline) return resolve(false)
      setTimeout(look, stepMs)
    }
    look()
  })
}

/** Electron's `app`, as far as the single-instance lock goes. */
export interface SingleInstanceLock {
  setPath(name: 'userData', path: string): void
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean
}

/** What the asking launch acts through: the data folder, Electron's single-instance lock, the wait. */
export interface QuitLaunch {
  dataDir: string
  lock: SingleInstanceLock
  wait?: ExitWait
}

/**
 * The asking launch: hands the running app the request and waits for it to end. Resolves with the exit code the
 * installer reads: 0 when no app runs on the folder (any more), 1 when one still runs (an older version that does not
 * know the request, a quit that outlasted the wait, or a running app that holds no catalogue, so its process is not
 * known): the installer then closes it its own way. Touches nothing in the folder. Everything before the wait runs in
 * this tick, as Electron needs the lock taken before 'ready'.
 */
export async function askRunningAppToQuit({ dataDir, lock, wait }: QuitLaunch): Promise<number> {
  // No folder, no app on it (and Electron's lock needs the folder to exist): nothing to ask.
  if (!existsSync(dataDir)) return 0
  // Read before asking: once asked, the running app releases its lock long before its process ends (the backup).
  const holder = folderHolder(dataDir)
  // The lock is keyed by userData, which the running app set to the data folder.
  lock.setPath('userData', dataDir)
  if (lock.requestSingleInstanceLock({ ...QUIT_REQUEST })) return 0
  if (!holder) return 1
  return (await waitForExit(holder, wait)) ? 0 : 1
}
