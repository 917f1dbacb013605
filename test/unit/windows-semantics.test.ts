/**
 * The Windows rules the `windows` test project runs the store under
 * (test/_setup/windows/windows-fs.mjs), checked themselves: a rule that stopped
 * refusing would let the Windows run pass for nothing. Runs in that project
 * only (in the main one node:fs is Linux's own).
 */
import { constants } from 'node:fs'
import * as fsp from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { replaceFile } from '#lib/durable-file'
import { hostPlatform } from '#lib/platform'
import { windows } from '#setup/windows/shared-rules'
import { SCANNER_HOLDS } from '../_setup/windows/windows-fs.mjs'
import { makeTempDir } from '#setup/temp-dir'

describe.runIf(hostPlatform() === 'win32')('the Windows file-system rules', () => {
  it('refuse fsync on a folder (EPERM), as FlushFileBuffers does, and allow it on a file', async () => {
    const dir = await makeTempDir()
    const folder = await fsp.open(dir, constants.O_RDONLY)
    await expect(folder.sync()).rejects.toMatchObject({ code: 'EPERM', syscall: 'fsync' })
    await folder.close()
    const file = await fsp.open(path.join(dir, 'f'), 'w')
    await file.write('x')
    await expect(file.sync()).resolves.toBeUndefined()
    await file.close()
  })

  it('refuse a rename over a file that is open (EPERM), and a just-written file’s rename while the scanner holds it (EBUSY)', async () => {
    const dir = await makeTempDir()
    const target = path.join(dir, 'plants.json')
    await fsp.writeFile(path.join(dir, 'old'), 'old')
    for (let hold = 0; hold < SCANNER_HOLDS; hold++) {
      await expect(fsp.rename(path.join(dir, 'old'), target)).rejects.toMatchObject({ code: 'EBUSY' })
    }
    await fsp.rename(path.join(dir, 'old'), target)
    const reader = await fsp.open(target, 'r')
    await fsp.writeFile(path.join(dir, 'new'), 'new')
    for (let hold = 0; hold < SCANNER_HOLDS; hold++) await fsp.rename(path.join(dir, 'new'), target).catch(() => undefined)
    await expect(fsp.rename(path.join(dir, 'new'), target)).rejects.toMatchObject({ code: 'EPERM' })
    await reader.close()
    await fsp.rename(path.join(dir, 'new'), target)
    expect(await fsp.readFile(target, 'utf8')).toBe('new')
  })

  it('report no POSIX owner or mode (0666, 0444 once read-only) and have no O_NOFOLLOW', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'token')
    await fsp.writeFile(file, 'x', { mode: 0o600 })
    expect(await fsp.stat(file)).toMatchObject({ mode: constants.S_IFREG | 0o666, uid: 0, gid: 0 })
    expect((await fsp.stat(dir)).mode).toBe(constants.S_IFDIR | 0o666)
    await fsp.chmod(file, 0o400)
    expect((await fsp.lstat(file)).mode & 0o777).toBe(0o444)
    expect(constants.O_NOFOLLOW).toBeUndefined()
    expect(constants.O_EXCL).toBeDefined()
  })

  it('refuse to create a file with a device name (NUL.csv) or a character Windows forbids', async () => {
    const dir = await makeTempDir()
    await expect(fsp.writeFile(path.join(dir, 'NUL.csv'), 'x')).rejects.toMatchObject({ code: 'EPERM' })
    await expect(fsp.open(path.join(dir, 'a:b.csv'), 'wx')).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await fsp.readdir(dir)).toEqual([])
  })

  it('are met by the store’s durable write: replaceFile skips the folder fsync and waits out the scanner', async () => {
    const dir = await makeTempDir()
    const before = { ...windows.counters }
    await replaceFile(path.join(dir, 'server.json'), '{"port":7420}')
    await replaceFile(path.join(dir, 'server.json'), '{"port":7421}')
    expect(await fsp.readFile(path.join(dir, 'server.json'), 'utf8')).toBe('{"port":7421}')
    expect(windows.counters.refusedDirectorySyncs).toBe(before.refusedDirectorySyncs)
    expect(windows.counters.refusedRenames - before.refusedRenames).toBe(2 * SCANNER_HOLDS)
    expect(await fsp.readdir(dir)).toEqual(['server.json'])
  })
})
