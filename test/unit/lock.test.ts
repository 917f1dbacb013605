import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { DataDirLockedError, LockLostError, acquireDataDirLock } from '#store/folder/lock'
import { makeTempDir } from '#setup/temp-dir'

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

describe('data directory lock', () => {
  it('is held by one owner at a time and released on request', async () => {
    const dir = await makeTempDir()
    const lock = await acquireDataDirLock(dir, 'first')
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'first' })
    const refused = acquireDataDirLock(dir, 'second')
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(refused).rejects.toThrow(new RegExp(`in use by first \\(process ${process.pid}`))
    await lock.release()
    expect(existsSync(lock.file)).toBe(false)
    const again = await acquireDataDirLock(dir, 'second')
    await again.release()
  })

  it('refuses while a live other process holds it', async () => {
    const dir = await makeTempDir()
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
    try {
      await writeFile(path.join(dir, 'lock'), JSON.stringify({ pid: child.pid, holder: 'plant-store serve', since: 'now' }))
      await expect(acquireDataDirLock(dir, 'me')).rejects.toThrow(`process ${child.pid}`)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('takes over at once a lock left by a killed process', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'lock'), JSON.stringify({ pid: await deadPid(), holder: 'plant-store serve', since: 'then' }))
    const lock = await acquireDataDirLock(dir, 'me')
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })

  it('waits out a fresh unreadable lock file, and takes over an old one or one dated in the future', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'lock')
    await writeFile(file, '')
    await expect(acquireDataDirLock(dir, 'me')).rejects.toThrow(/another Plant Store that is starting/)
    const old = new Date(Date.now() - 60_000)
    await utimes(file, old, old)
    const lock = await acquireDataDirLock(dir, 'me')
    await lock.release()
    // Dated an hour ahead: written before the clock was put back, so old, not "starting" until the clock catches up.
    await writeFile(file, '')
    const ahead = new Date(Date.now() + 3_600_000)
    await utimes(file, ahead, ahead)
    await (await acquireDataDirLock(dir, 'me')).release()
  })

  it('records who holds it: process, holder and since when', async () => {
    const dir = await makeTempDir()
    const lock = await acquireDataDirLock(dir, 'me')
    const owner = JSON.parse(await readFile(lock.file, 'utf8'))
    expect(owner).toMatchObject({ pid: process.pid, holder: 'me' })
    expect(Date.now() - Date.parse(owner.since)).toBeLessThan(60_000)
    await lock.release()
  })

  // Only Linux tells the boot and a process's start time apart (/proc); elsewhere this shows as skipped.
  it.runIf(hostPlatform() === 'linux')('records on Linux the boot and the process start time, which tell a recycled pid apart', async () => {
    const dir = await makeTempDir()
    const lock = await acquireDataDirLock(dir, 'me')
    const owner = JSON.parse(await readFile(lock.file, 'utf8'))
    expect(owner.bootId).toBe((await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim())
    expect(owner.startTime).toMatch(/^\d+$/)
    await lock.release()
  })

  it.runIf(hostPlatform() === 'linux')('takes over a lock whose pid was recycled by another process (same pid, other start time)', async () => {
    const dir = await makeTempDir()
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
    try {
      const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim()
      await writeFile(path.join(dir, 'lock'), JSON.stringify({ pid: child.pid, holder: 'plant-store serve', since: 'then', bootId, startTime: '1' }))
      const lock = await acquireDataDirLock(dir, 'me')
      await lock.release()
    } finally {
      child.kill('SIGKILL')
    }
  })

  // The `windows` test project runs this with the platform set to win32 (no /proc, no PowerShell here).
  it.runIf(hostPlatform() !== 'linux')(
    'records elsewhere when the computer and the process started, and says when a live pid cannot be proven the holder',
    async () => {
      const dir = await makeTempDir()
      const lock = await acquireDataDirLock(dir, 'me')
      const owner = JSON.parse(await readFile(lock.file, 'utf8'))
      expect(owner).toMatchObject({ bootedAt: expect.any(String), startedAt: expect.any(String) })
      await lock.release()
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
      try {
        await writeFile(
          path.join(dir, 'lock'),
          JSON.stringify({ pid: child.pid, holder: 'plant-store serve', since: 'then', startedAt: owner.startedAt })
        )
        const refused = acquireDataDirLock(dir, 'me')
        await expect(refused).rejects.toMatchObject({ unproven: true })
        await expect(refused).rejects.toThrow(`A process ${child.pid} is running, but this computer cannot tell whether it is still that Plant Store`)
      } finally {
        child.kill('SIGKILL')
      }
    }
  )

  // An old lock with no start time: on Linux /proc/PID/cmdline shows the pid runs no Node or Electron.
  it.runIf(hostPlatform() === 'linux')('takes over a lock whose pid now belongs to an unrelated program', async () => {
    const dir = await makeTempDir()
    const sleeper = spawn('sleep', ['10'])
    try {
      await writeFile(path.join(dir, 'lock'), JSON.stringify({ pid: sleeper.pid, holder: 'plant-store serve', since: 'then' }))
      const lock = await acquireDataDirLock(dir, 'me')
      await lock.release()
    } finally {
      sleeper.kill('SIGKILL')
    }
  })
})

describe('a held lock that is no longer its holder’s', () => {
  // Replacing a file that is held open is refused on Windows (and by the `windows` project's rules): POSIX only.
  it.runIf(hostPlatform() !== 'win32')('says how it was lost: deleted, replaced by another file, or overwritten', async () => {
    const dir = await makeTempDir()
    const deleted = await acquireDataDirLock(dir, 'first')
    await rm(deleted.file)
    await expect(deleted.confirm()).rejects.toThrow(new LockLostError(deleted.file, 'was deleted'))

    const replaced = await acquireDataDirLock(dir, 'second')
    await writeFile(`${replaced.file}.new`, await readFile(replaced.file))
    await rename(`${replaced.file}.new`, replaced.file) // same words, another file (as a second server's new lock)
    await expect(replaced.confirm()).rejects.toThrow(/its lock file .* was replaced by another file$/)

    await rm(replaced.file)
    const overwritten = await acquireDataDirLock(dir, 'third')
    await writeFile(overwritten.file, JSON.stringify({ pid: 1, holder: 'someone else', since: 'now' }))
    await overwritten.confirm() // the cheap check sees the same file
    await expect(overwritten.verify()).rejects.toThrow(/its lock file .* was overwritten$/)
  })
})
