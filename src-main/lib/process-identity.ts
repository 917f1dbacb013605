/**
 * Telling a running process apart from a later one that got the same pid:
 * the lock of a data folder names its holder's pid, and after a crash or a
 * power cut that number may belong to any other program. Each system says it
 * differently:
 *
 * - Linux: the boot id and the process's start time in clock ticks
 *   (/proc/sys/kernel/random/boot_id, field 22 of /proc/PID/stat): exact.
 * - Windows and macOS: no /proc. The holder records when the computer started
 *   (now less os.uptime()) and when it started itself (now less
 *   process.uptime()); a later boot proves the pid someone else's, and the
 *   system's own start time of the pid (`ps -o etime=` on macOS, PowerShell's
 *   Get-Process on Windows) tells a recycled pid in the same boot. When that
 *   cannot be read, the holder is neither proven alive nor proven gone.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { hostPlatform } from './platform'

/** What a holder records about itself beside its pid. */
export interface ProcessIdentity {
  /** Linux: the boot and the process start time (clock ticks since boot). */
  bootId?: string
  startTime?: string
  /** Elsewhere: when the computer and the process started (ISO 8601), as the process itself measured them. */
  bootedAt?: string
  startedAt?: string
}

/** Whether a recorded process still runs: proven alive, proven gone, or cannot be told. */
export type ProcessState = 'alive' | 'gone' | 'unproven'

/** Clock adjustments move a boot time computed from the uptime; two boots are minutes apart at the very least. */
const BOOT_TOLERANCE_MS = 60_000
/** process.uptime() starts when Node does, a little after the system created the process (Electron starts Chromium first). */
const START_TOLERANCE_MS = 10_000

/** What the system says about processes now (the real one by default; tests pass their own). */
export interface SystemClock {
  /** When the computer started. */
  bootedAt(): Date
  /** When process `pid` started as the system reports it; undefined when it cannot tell. */
  startedAt(pid: number): Date | undefined
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Linux: the boot id and `pid`'s start time (field 22 of /proc/PID/stat); empty where /proc cannot be read. */
function linuxIdentity(pid: number): Pick<ProcessIdentity, 'bootId' | 'startTime'> {
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim()
  const stat = readProc(`/proc/${pid}/stat`)
  // The command name (field 2) may hold spaces and parentheses; fields after it follow the last ')'.
  const startTime = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  return bootId && startTime ? { bootId, startTime } : {}
}

/**
 * Linux: whether `pid` has ended and waits only to be reaped: state Z (or X) with no thread left running (a process
 * whose first thread ended while others run shows Z too, and is alive).
 */
function isZombie(pid: number): boolean {
  const status = readProc(`/proc/${pid}/status`)
  return status !== undefined && /^State:\s*[ZX]\b/m.test(status) && /^Threads:\s*1$/m.test(status)
}

/** What tells process `pid` apart from a later one with the same number; only its own process records it outside Linux. */
export function identity(pid: number, platform: NodeJS.Platform = hostPlatform()): ProcessIdentity {
  if (platform === 'linux') return linuxIdentity(pid)
  if (pid !== process.pid) return {}
  const now = Date.now()
  return { bootedAt: new Date(now - os.uptime() * 1000).toISOString(), startedAt: new Date(now - process.uptime() * 1000).toISOString() }
}

/** True when a process `pid` exists (it may be another user's); says nothing of which program it is. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // it exists, under another user
  }
}

/** Seconds in `ps -o etime=` output: `[[dd-]hh:]mm:ss`; undefined for anything else. */
export function parseElapsed(text: string): number | undefined {
  const match = /^\s*(?:(?:(\d+)-)?(\d+):)?(\d+):(\d+)\s*$/.exec(text)
  if (!match) return undefined
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds)
}

/** What a program printed, or undefined when it could not run or failed (within 5 s). */
function output(program: string, args: string[]): string | undefined {
  const result = spawnSync(program, args, { encoding: 'utf8', timeout: 5_000, windowsHide: true })
  return result.status === 0 ? result.stdout : undefined
}

/** The system's start time of `pid`: `ps` on macOS, PowerShell on Windows; undefined elsewhere or when unreadable. */
function systemStartedAt(pid: number, platform: NodeJS.Platform, now: number): Date | undefined {
  if (platform === 'darwin') {
    const elapsed = parseElapsed(output('ps', ['-o', 'etime=', '-p', String(pid)]) ?? '')
    return elapsed === undefined ? undefined : new Date(now - elapsed * 1000)
  }
  if (platform === 'win32') {
    const command = `(Get-Process -Id ${pid} -ErrorAction Stop).StartTime.ToUniversalTime().ToString('o')`
    const time = Date.parse(output('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', command])?.trim() ?? '')
    return Number.isNaN(time) ? undefined : new Date(time)
  }
  return undefined
}

/** The real system's clock for `platform`. */
export function systemClock(platform: NodeJS.Platform = hostPlatform()): SystemClock {
  return {
    bootedAt: () => new Date(Date.now() - os.uptime() * 1000),
    startedAt: (pid) => systemStartedAt(pid, platform, Date.now())
  }
}

const apart = (a: Date, iso: string) => Math.abs(a.getTime() - Date.parse(iso))

/**
 * Whether the process recorded as `recorded` still runs. A pid no process has
 * is gone; Linux's identity is compared exactly; a boot time and start time
 * (Windows, macOS) are compared with the system's, and when the system cannot
 * say (or nothing was recorded) the answer is "unproven". An old Linux lock
 * with no identity counts as alive only while its pid runs Node or Electron.
 */
export function processState(
  recorded: { pid: number } & ProcessIdentity,
  platform: NodeJS.Platform = hostPlatform(),
  clock: SystemClock = systemClock(platform)
): ProcessState {
  if (!isProcessAlive(recorded.pid)) return 'gone'
  // A process killed but not yet reaped by its parent (a zombie) keeps its pid and start time, but holds no file and
  // writes nothing: a restart right after kill -9 may take its lock at once.
  if (platform === 'linux' && isZombie(recorded.pid)) return 'gone'
  if (recorded.bootId !== undefined && recorded.startTime !== undefined) {
    const now = platform === 'linux' ? linuxIdentity(recorded.pid) : {}
    if (now.bootId === undefined) return 'unproven'
    return now.bootId === recorded.bootId && now.startTime === recorded.startTime ? 'alive' : 'gone'
  }
  if (recorded.bootedAt !== undefined && apart(clock.bootedAt(), recorded.bootedAt) > BOOT_TOLERANCE_MS) return 'gone'
  if (recorded.startedAt !== undefined) {
    const started = clock.startedAt(recorded.pid)
    if (started === undefined) return 'unproven'
    return apart(started, recorded.startedAt) <= START_TOLERANCE_MS ? 'alive' : 'gone'
  }
  if (platform !== 'linux') return 'unproven'
  const cmdline = readProc(`/proc/${recorded.pid}/cmdline`)?.toLowerCase()
  return cmdline === undefined || /node|electron|plant-store|plant store/.test(cmdline) ? 'alive' : 'gone'
}
