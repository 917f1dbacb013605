import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { identity } from '#lib/process-identity'
import { FileLockTimeoutError, withFileLock } from '#lib/file-lock'
import { NamedTokenRegistry } from '#auth/named-token-registry'
import { NamedTokensFileError, TokenNameError, addNamedToken, namedTokensFile, readNamedTokens, revokeNamedToken } from '#auth/named-tokens'
import { settled } from '#setup/settled'
import { makeTempDir } from '#setup/temp-dir'

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

describe('tokens.json', () => {
  it('keeps every token when several processes add at once (read-modify-write under a lock)', async () => {
    const dir = await makeTempDir()
    await Promise.all(Array.from({ length: 8 }, (_, i) => addNamedToken(dir, `script-${i}`, 'read-write')))
    expect((await readNamedTokens(dir)).map((token) => token.name).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `script-${i}`))
    if (hostPlatform() !== 'win32') expect((await stat(namedTokensFile(dir))).mode & 0o777).toBe(0o600)
  })

  it('marks each taking of the lock apart, even by one process, so a fresh lock is never removed as the stale one it replaced', async () => {
    // Under load a waiter found a released lock "gone" (infinitely old), and removed as stale the next task's fresh
    // lock, whose text was the same: two tasks then changed tokens.json at once and three of eight tokens were lost.
    const file = path.join(await makeTempDir(), 'tokens.json')
    const texts: string[] = []
    for (let take = 0; take < 2; take++) await withFileLock(file, async () => void texts.push(await readFile(`${file}.lock`, 'utf8')))
    expect(new Set(texts).size).toBe(2)
  })

  it('refuses a taken name in any case, a bad name, and revoking a name that is not there', async () => {
    const dir = await makeTempDir()
    await addNamedToken(dir, 'Till', 'read-only')
    await expect(addNamedToken(dir, 'till', 'read-only')).rejects.toMatchObject({ name: 'TokenNameError', taken: true })
    await expect(addNamedToken(dir, '../etc', 'read-only')).rejects.toBeInstanceOf(TokenNameError)
    expect(await revokeNamedToken(dir, 'nobody')).toBe(false)
    expect(await revokeNamedToken(dir, 'TILL')).toBe(true)
    expect(await readNamedTokens(dir)).toEqual([])
  })

  it('names what is wrong with a damaged file', async () => {
    const dir = await makeTempDir()
    await writeFile(namedTokensFile(dir), '{"tokens": [{"name": "x", "scope": "admin"}]}')
    await expect(readNamedTokens(dir)).rejects.toThrow(NamedTokensFileError)
    await expect(readNamedTokens(dir)).rejects.toThrow(/no valid scope; fix it, or delete it/)
  })
})

describe('the short file lock', () => {
  const lockedFile = async (holder: string, dated = new Date()) => {
    const file = path.join(await makeTempDir(), 'tokens.json')
    await writeFile(`${file}.lock`, holder)
    await utimes(`${file}.lock`, dated, dated)
    return file
  }
  const HOUR_AHEAD = () => new Date(Date.now() + 3_600_000)

  it('takes over at once a lock whose holder is gone, in either form it was written, even dated in the future', async () => {
    const dead = await deadPid()
    for (const [holder, dated] of [
      [`${dead}\n`, new Date()],
      [JSON.stringify({ pid: dead }), new Date()],
      [JSON.stringify({ pid: dead }), HOUR_AHEAD()]
    ] as const) {
      // No wait at all: the holder is known to be gone.
      expect(await withFileLock(await lockedFile(holder, dated), async () => 'taken over', { waitMs: 0 })).toBe('taken over')
    }
  })

  it('waits for a live holder, and takes its lock over once stale by its date, or at once when dated in the future', async () => {
    // The process that started this test runner: alive, and not this process.
    const live = JSON.stringify({ pid: process.ppid, ...identity(process.ppid) })
    const file = await lockedFile(live)
    await expect(withFileLock(file, async () => 'late', { waitMs: 50 })).rejects.toBeInstanceOf(FileLockTimeoutError)
    const old = new Date(Date.now() - 60_000)
    await utimes(`${file}.lock`, old, old)
    expect(await withFileLock(file, async () => 'taken over')).toBe('taken over')
    const ahead = await lockedFile(live, HOUR_AHEAD())
    expect(await withFileLock(ahead, async () => 'taken over', { waitMs: 0 })).toBe('taken over')
  })
})

describe('NamedTokenRegistry (a running server)', () => {
  it('accepts a token added in the file and refuses it once revoked, each within a second', async () => {
    const dir = await makeTempDir()
    // Its interval is faked, so that "within a second" is a second of its own time however busy the machine is.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const registry = await NamedTokenRegistry.open(dir)
      const created = await addNamedToken(dir, 'till', 'read-only')
      await vi.advanceTimersByTimeAsync(1000) // starts the re-read; then its file I/O is waited for in real time
      await settled(() => registry.authenticate(created.token)?.name === 'till')
      await revokeNamedToken(dir, 'till')
      await vi.advanceTimersByTimeAsync(1000)
      await settled(() => registry.authenticate(created.token) === undefined)
      await registry.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('saves when each token was last used, soon after the use and on close', async () => {
    const dir = await makeTempDir()
    let clock = Date.parse('2026-03-01T10:00:00Z')
    const registry = await NamedTokenRegistry.open(dir, { saveUsesMs: 10, now: () => new Date(clock) })
    const created = await registry.add('till', 'read-write')
    registry.authenticate(created!.token)
    await expect.poll(async () => (await readNamedTokens(dir))[0]?.lastUsedAt).toBe('2026-03-01T10:00:00.000Z')
    clock += 60_000
    registry.authenticate(created!.token)
    await registry.close()
    expect((await readNamedTokens(dir))[0]?.lastUsedAt).toBe('2026-03-01T10:01:00.000Z')
  })

  it('refuses every named token while tokens.json is damaged, rather than keep one that may be revoked', async () => {
    const dir = await makeTempDir()
    const registry = await NamedTokenRegistry.open(dir, { recheckMs: 20 })
    const created = (await registry.add('till', 'read-write'))!
    expect(registry.authenticate(created.token)).toBeTruthy()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await writeFile(namedTokensFile(dir), '{ damaged')
    await expect.poll(() => registry.authenticate(created.token)).toBeUndefined()
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/named tokens are refused/), expect.stringMatching(/not valid JSON/))
    await registry.close()
    logged.mockRestore()
  })
})
