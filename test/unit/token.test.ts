import { chmod, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { TOKEN_MIN_LENGTH, TokenError, checkToken, createToken, loadOrCreateToken, openTokenSource, rotateToken, tokenFilePath } from '#auth/token'
import { makeTempDir } from '#setup/temp-dir'

const posix = hostPlatform() !== 'win32'

/** Every read of a token file, from the moment it opens the file until it closes it: a test waits for a read that began after it changed the file. */
const tokenReads = vi.hoisted(() => [] as Promise<void>[])

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  const open = ((...args: Parameters<typeof actual.open>) => {
    const opening = actual.open(...args)
    if (!/[\\/]token$/.test(String(args[0]))) return opening
    let done: () => void = () => undefined
    tokenReads.push(new Promise<void>((resolve) => (done = resolve)))
    return opening.then(
      (handle) => {
        const close = handle.close.bind(handle)
        handle.close = () => close().finally(done)
        return handle
      },
      (error: unknown) => {
        done()
        throw error
      }
    )
  }) as typeof actual.open
  return { ...actual, open, default: { ...actual, open } }
})

describe('the API token file', () => {
  it('creates a random token of at least 32 URL-safe characters', () => {
    const token = createToken()
    expect(token.length).toBeGreaterThanOrEqual(TOKEN_MIN_LENGTH)
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(createToken()).not.toBe(token)
  })

  it.runIf(posix)('is created on first use with mode 0600 in a new 0700 directory', async () => {
    const dir = path.join(await makeTempDir(), 'data')
    const token = await loadOrCreateToken(dir)
    expect((await stat(tokenFilePath(dir))).mode & 0o777).toBe(0o600)
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).toBe(token)
  })

  it('stays the same on every later load', async () => {
    const dir = await makeTempDir()
    const token = await loadOrCreateToken(dir)
    expect(await loadOrCreateToken(dir)).toBe(token)
  })

  it('gives every concurrent first start the same token', async () => {
    const dir = await makeTempDir()
    const tokens = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateToken(dir)))
    expect(new Set(tokens).size).toBe(1)
  })

  it.runIf(posix)('narrows a token file others can read back to 0600', async () => {
    const dir = await makeTempDir()
    await loadOrCreateToken(dir)
    await chmod(tokenFilePath(dir), 0o644)
    await loadOrCreateToken(dir)
    expect((await stat(tokenFilePath(dir))).mode & 0o777).toBe(0o600)
  })

  it('refuses a damaged token file instead of replacing it', async () => {
    const dir = await makeTempDir()
    await writeFile(tokenFilePath(dir), 'short\n')
    await expect(loadOrCreateToken(dir)).rejects.toThrow(TokenError)
    await expect(loadOrCreateToken(dir)).rejects.toThrow(/at least 32 are needed.*token --rotate/)
    expect(await readFile(tokenFilePath(dir), 'utf8')).toBe('short\n')
  })

  it.runIf(posix)('rotates to a new token, still mode 0600', async () => {
    const dir = await makeTempDir()
    const old = await loadOrCreateToken(dir)
    const fresh = await rotateToken(dir)
    expect(fresh).not.toBe(old)
    expect(await loadOrCreateToken(dir)).toBe(fresh)
    expect((await stat(tokenFilePath(dir))).mode & 0o777).toBe(0o600)
  })

  it('checks tokens from the environment: long enough, header-safe characters', () => {
    expect(checkToken(' abcdefghijklmnopqrstuvwxyz0123456789 ', 'PLANT_STORE_TOKEN')).toBe('abcdefghijklmnopqrstuvwxyz0123456789')
    expect(() => checkToken('x'.repeat(31), 'PLANT_STORE_TOKEN')).toThrow(/at least 32.*PLANT_STORE_TOKEN/)
    expect(() => checkToken(`${'x'.repeat(32)} y`, 'PLANT_STORE_TOKEN')).toThrow(/only letters/)
    expect(() => checkToken(`${'x'.repeat(32)}\r\nSet-Cookie: a`, 'PLANT_STORE_TOKEN')).toThrow(TokenError)
  })
})

describe('openTokenSource', () => {
  it('uses the override and never touches the file', async () => {
    const dir = await makeTempDir()
    const source = await openTokenSource(dir, 'o'.repeat(40))
    expect(source.current()).toBe('o'.repeat(40))
    await expect(stat(tokenFilePath(dir))).rejects.toMatchObject({ code: 'ENOENT' })
    source.close()
  })

  it('picks up a rotated token without a restart, and keeps the last good one if the file turns bad', async () => {
    const dir = await makeTempDir()
    const source = await openTokenSource(dir, undefined, 20)
    try {
      const fresh = await rotateToken(dir)
      await expect.poll(() => source.current(), { timeout: 2000 }).toBe(fresh)
      await writeFile(tokenFilePath(dir), 'bad\n')
      // Wait for a re-read that began after the file turned bad, and for the source to have taken in its result.
      const readsBefore = tokenReads.length
      await vi.waitFor(() => expect(tokenReads.length).toBeGreaterThan(readsBefore))
      await tokenReads[readsBefore]
      await new Promise((resolve) => setImmediate(resolve))
      expect(source.current()).toBe(fresh)
    } finally {
      source.close()
    }
  })
})
