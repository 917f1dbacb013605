/**
 * A stale lock after a crash on Windows or macOS: without /proc, any live
 * process with the recorded pid counted as the owner, so a pid reused after a
 * power cut blocked the app for good. The holder now records when the computer
 * and the process started, and the system's start time of the pid decides;
 * when it cannot be read, the state is "unproven" (the app then offers Open
 * anyway). The system is injected here; the real probes (ps, PowerShell) only
 * run on a Mac or a Windows PC.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import os from 'node:os'
import { describe, expect, it, onTestFinished } from 'vitest'
import { identity, parseElapsed, processState, type SystemClock } from '#lib/process-identity'

const HOUR = 3_600_000

/** A live process with a pid of its own, killed after the test. */
function liveOther(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
  onTestFinished(() => void child.kill('SIGKILL'))
  return child.pid!
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

/** A system booted at `bootedAt` on which every process started at `startedAt` (undefined: it cannot say). */
function clock(bootedAt: Date, startedAt: Date | undefined): SystemClock {
  return { bootedAt: () => bootedAt, startedAt: () => startedAt }
}

describe('processState on Linux', () => {
  it.runIf(process.platform === 'linux')(
    'counts a process killed but not yet reaped (a zombie) as gone, though its pid and start time stay',
    async () => {
      // sh starts a child that runs a moment, then becomes sleep 30, which never reaps it: once the child ends it stays
      // a zombie. (A child that ended at once could be reaped by sh itself before its exec.)
      const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'])
      onTestFinished(() => void parent.kill('SIGKILL'))
      const [line] = (await once(parent.stdout, 'data')) as [Buffer]
      const zombie = Number(line.toString().trim())
      const recorded = { pid: zombie, ...identity(zombie, 'linux') }
      expect(recorded.startTime).toBeDefined() // the identity a lock records, taken while it runs
      await expect.poll(() => processState(recorded, 'linux')).toBe('gone')
      expect(identity(zombie, 'linux')).toEqual({ bootId: recorded.bootId, startTime: recorded.startTime }) // a zombie: same pid and start
      expect(processState({ pid: process.pid, ...identity(process.pid, 'linux') }, 'linux')).toBe('alive')
    }
  )
})

describe('identity outside Linux', () => {
  it.each(['win32', 'darwin'] as const)('on %s records when the computer and this process started', (platform) => {
    const now = Date.now()
    const own = identity(process.pid, platform)
    expect(Math.abs(Date.parse(own.bootedAt!) - (now - os.uptime() * 1000))).toBeLessThan(5_000)
    expect(Math.abs(Date.parse(own.startedAt!) - (now - process.uptime() * 1000))).toBeLessThan(5_000)
    expect(own).not.toHaveProperty('bootId')
    expect(identity(process.pid + 1, platform)).toEqual({}) // another process's start cannot be measured from inside this one
  })
})

describe('processState on Windows and macOS', () => {
  const boot = new Date('2026-03-02T07:00:00.000Z')
  const started = '2026-03-02T08:00:00.000Z'
  const recorded = (pid: number) => ({ pid, bootedAt: boot.toISOString(), startedAt: started })

  it.each(['win32', 'darwin'] as const)('on %s: alive when the system’s start time of the pid is the recorded one', (platform) => {
    const pid = liveOther()
    expect(processState(recorded(pid), platform, clock(new Date(boot.getTime() + 20_000), new Date('2026-03-02T08:00:01.500Z')))).toBe('alive')
  })

  it.each(['win32', 'darwin'] as const)(
    'on %s: gone when the pid is free, was started in a later boot, or started at another time',
    async (platform) => {
      const pid = liveOther()
      expect(processState(recorded(await deadPid()), platform, clock(boot, new Date(started)))).toBe('gone')
      // A power cut: the computer started again an hour later, and the pid now belongs to whatever got it.
      expect(processState(recorded(pid), platform, clock(new Date(boot.getTime() + HOUR), new Date(started)))).toBe('gone')
      expect(processState(recorded(pid), platform, clock(boot, new Date(Date.parse(started) + HOUR)))).toBe('gone')
    }
  )

  it.each(['win32', 'darwin'] as const)('on %s: unproven when the start time cannot be read, or none was recorded', (platform) => {
    const pid = liveOther()
    expect(processState(recorded(pid), platform, clock(boot, undefined))).toBe('unproven')
    expect(processState({ pid }, platform, clock(boot, new Date(started)))).toBe('unproven')
  })
})

describe('parseElapsed (ps -o etime=)', () => {
  it.each([
    ['   00:07', 7],
    ['12:34', 754],
    ['01:02:03', 3723],
    ['2-01:00:00', 176_400],
    ['  15-23:59:59\n', 1_382_399]
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(parseElapsed(text)).toBe(seconds)
  })

  it('reads nothing else', () => {
    for (const text of ['', 'ps: no such process', '1:2:3:4', '12']) expect(parseElapsed(text)).toBeUndefined()
  })
})
