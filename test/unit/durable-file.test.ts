/**
 * The durable writes on each platform's terms. On Windows a folder cannot be
 * fsynced (EPERM: FlushFileBuffers needs a handle opened for writing), so
 * every replaced file failed with "permission denied" at the first start; a
 * rename meets EPERM/EACCES/EBUSY while the antivirus or the indexer holds a
 * file for a moment, and is tried again. Elsewhere the folder is fsynced and a
 * refused rename is final. Documents the person saves get a document's mode.
 */
import * as fsp from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeFileSystem, renameFile, replaceFile, saveDocument, syncDirectory, type FileSystem } from '#lib/durable-file'
import { windowsNameProblem } from '#lib/file-names'
import { hostPlatform } from '#lib/platform'
import { makeTempDir } from '#setup/temp-dir'
import { NOBODY } from '#setup/unprivileged'

function fault(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: refused`), { code })
}

/** A real file system whose next `refusals` renames fail with `code`, and which counts folder opens. */
function holdingFs(platform: NodeJS.Platform, code: string, refusals: number) {
  const seen = { renames: 0, folderOpens: 0 }
  const fs: FileSystem = {
    ...nodeFileSystem,
    platform,
    open: (async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args)
      if ((await handle.stat()).isDirectory()) seen.folderOpens++
      return handle
    }) as typeof fsp.open,
    rename: async (from, to) => {
      seen.renames++
      if (seen.renames <= refusals) throw fault(code)
      return fsp.rename(from, to)
    }
  }
  return { fs, seen }
}

describe('folder fsync', () => {
  it('is skipped on Windows (no folder is even opened) and done elsewhere', async () => {
    const dir = await makeTempDir()
    const windows = holdingFs('win32', 'EPERM', 0)
    await replaceFile(path.join(dir, 'a.json'), '{}', windows.fs)
    expect(windows.seen.folderOpens).toBe(0)
    const linux = holdingFs('linux', 'EPERM', 0)
    await replaceFile(path.join(dir, 'b.json'), '{}', linux.fs)
    expect(linux.seen.folderOpens).toBe(1)
    await expect(syncDirectory({ ...linux.fs, platform: 'darwin' }, dir)).resolves.toBeUndefined()
    expect(linux.seen.folderOpens).toBe(2)
  })
})

describe('renameFile', () => {
  it.each(['EPERM', 'EACCES', 'EBUSY'])('on Windows tries a rename refused with %s again until it passes', async (code) => {
    const dir = await makeTempDir()
    const { fs, seen } = holdingFs('win32', code, 3)
    await fsp.writeFile(path.join(dir, 'new'), 'new')
    await renameFile(fs, path.join(dir, 'new'), path.join(dir, 'file'))
    expect(seen.renames).toBe(4)
    expect(await fsp.readFile(path.join(dir, 'file'), 'utf8')).toBe('new')
  })

  it('on Windows gives up on other errors at once, and elsewhere on every error', async () => {
    const dir = await makeTempDir()
    const windows = holdingFs('win32', 'ENOSPC', 1)
    await expect(renameFile(windows.fs, path.join(dir, 'a'), path.join(dir, 'b'))).rejects.toThrow(/ENOSPC/)
    expect(windows.seen.renames).toBe(1)
    const linux = holdingFs('linux', 'EACCES', 1)
    await expect(renameFile(linux.fs, path.join(dir, 'a'), path.join(dir, 'b'))).rejects.toThrow(/EACCES/)
    expect(linux.seen.renames).toBe(1)
  })

  it('replaceFile goes through it: a file briefly held on Windows is still replaced, the temp file gone', async () => {
    const dir = await makeTempDir()
    const { fs, seen } = holdingFs('win32', 'EBUSY', 2)
    await replaceFile(path.join(dir, 'server.json'), '{"port":1}', fs)
    expect(seen.renames).toBe(3)
    expect(await fsp.readdir(dir)).toEqual(['server.json'])
  })
})

// Modes exist on POSIX only: under the Windows rules (the `windows` test project) there are none to check.
describe.runIf(hostPlatform() !== 'win32')('the mode of what is written', () => {
  const newDocumentMode = 0o666 & ~process.umask()

  it('keeps the data folder’s files private (0600), even replacing a looser one', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'settings.json')
    await fsp.writeFile(file, '{}', { mode: 0o644 })
    await replaceFile(file, '{"a":1}')
    expect((await fsp.stat(file)).mode & 0o777).toBe(0o600)
  })

  it('gives a saved document the umask’s mode when new, keeps a replaced one’s own, and replaces a link without following it', async () => {
    const dir = await makeTempDir()
    await saveDocument(path.join(dir, 'plants.csv'), 'id,name\r\n')
    expect((await fsp.stat(path.join(dir, 'plants.csv'))).mode & 0o777).toBe(newDocumentMode)
    const shared = path.join(dir, 'for-the-accountant.csv')
    await fsp.writeFile(shared, 'old')
    await fsp.chmod(shared, 0o664)
    await saveDocument(shared, 'new')
    expect((await fsp.stat(shared)).mode & 0o777).toBe(0o664)
    const victim = path.join(dir, 'victim')
    await fsp.writeFile(victim, 'mine', { mode: 0o600 })
    await fsp.symlink(victim, path.join(dir, 'linked.csv'))
    await saveDocument(path.join(dir, 'linked.csv'), 'export')
    expect(await fsp.readFile(victim, 'utf8')).toBe('mine')
    expect((await fsp.lstat(path.join(dir, 'linked.csv'))).mode & 0o777).toBe(newDocumentMode)
  })

  it.runIf(NOBODY !== undefined)('gives a saved document the usual mode when it replaces a file another account planted there (0666)', async () => {
    const dir = await makeTempDir()
    await saveDocument(path.join(dir, 'fresh.csv'), 'x')
    const usual = (await fsp.stat(path.join(dir, 'fresh.csv'))).mode & 0o777
    const planted = path.join(dir, 'shop-export.csv')
    await fsp.writeFile(planted, '')
    await fsp.chmod(planted, 0o666)
    await fsp.chown(planted, NOBODY!.uid, NOBODY!.gid)
    await saveDocument(planted, 'id,name\r\n')
    const saved = await fsp.stat(planted)
    expect(saved.uid).toBe(process.getuid!())
    expect(saved.mode & 0o777).toBe(usual)
  })
})

describe('windowsNameProblem', () => {
  it.each(['CON', 'con.csv', 'NUL.json', 'Aux.txt', 'prn', 'COM1.csv', 'lpt9.pdf', 'nul.tar.gz'])('refuses the device name %s', (name) => {
    expect(windowsNameProblem(name)).toMatch(/is a name Windows keeps for a device/)
  })

  it.each(['a:b.csv', 'what?.csv', 'x|y.json', 'dot.', 'space ', 'back\\slash.csv'])('refuses %s, which Windows cannot keep', (name) => {
    expect(windowsNameProblem(name)).toMatch(/Windows/)
  })

  it.each(['plants-2026-05-01.csv', 'console.csv', 'COM10.csv', 'null.json', 'labels.pdf', 'CONTRACT.csv'])('accepts %s', (name) => {
    expect(windowsNameProblem(name)).toBeUndefined()
  })
})
