/**
 * `plant-store export --out FILE` wrote into FILE in place: through a
 * symbolic link planted at that name by another account (overwriting the
 * file it points to), and leaving a cut-off file when the export failed
 * half-way. It now writes as the desktop app's Save does: a new file, fsynced
 * and renamed into place. The file is a document for the accountant, not part
 * of the data folder: a new one gets the usual mode (0666 less the umask), one
 * it replaces keeps its own, where it was 0600 whatever the person expected.
 */
import { access, chmod, lstat, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const POSIX_MODES = hostPlatform() !== 'win32'
/** What a new document gets here: 0666 less the umask the child inherits from this process. */
const NEW_DOCUMENT_MODE = 0o666 & ~process.umask()

describe('plant-store export --out FILE', () => {
  it('replaces a link or an existing file with a new file, and says plainly when it cannot write', async () => {
    const { store, dir: data } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const shared = await makeTempDir()
    const victim = path.join(await makeTempDir(), 'bashrc')
    await writeFile(victim, 'mine\n')
    const linked = path.join(shared, 'plants.csv')
    await symlink(victim, linked)
    expect(await runCli(['export', '--out', linked, '--data', data])).toMatchObject({ code: 0 })
    expect(await readFile(victim, 'utf8')).toBe('mine\n')
    expect((await lstat(linked)).isFile()).toBe(true)
    expect(await readFile(linked, 'utf8')).toMatch(/^\uFEFFid,name,.*\r\n1,Fern,/s)
    if (POSIX_MODES) expect((await stat(linked)).mode & 0o777).toBe(NEW_DOCUMENT_MODE)

    const existing = path.join(shared, 'old.json')
    await writeFile(existing, 'old')
    await chmod(existing, 0o640)
    expect(await runCli(['export', '--format', 'json', '--out', existing, '--data', data])).toMatchObject({ code: 0 })
    if (POSIX_MODES) expect((await stat(existing)).mode & 0o777).toBe(0o640)
    expect(JSON.parse(await readFile(existing, 'utf8'))[0].name).toBe('Fern')

    const missing = path.join(shared, 'no-such-folder', 'plants.csv')
    const refused = await runCli(['export', '--out', missing, '--data', data])
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `plant-store: ${missing} could not be written (ENOENT); choose another place\n` })
  })
})

describe('plant-store export --out on Windows', () => {
  it.runIf(hostPlatform() === 'win32')('refuses a device name such as CON.csv or nul.json before exporting (exit 2), writing nothing', async () => {
    const { store, dir: data } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const folder = await makeTempDir()
    for (const name of ['CON.csv', 'nul.json', 'COM1.tar.csv']) {
      const result = await runCli(['export', '--out', path.join(folder, name), '--data', data])
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: expect.stringContaining(`--out: ${name} is a name Windows keeps for a device`) as string
      })
      expect(result.stderr).toMatch(/choose another file name/)
    }
    expect(await readdir(folder)).toEqual([])
  })
})

describe('plant-store export from a folder with no catalogue', () => {
  it('says there is none (exit 3), instead of making an empty catalogue there and exporting nothing with exit 0', async () => {
    // A typo in --data or PLANT_STORE_DATA: the accountant must not get an empty file that looks like the shop's list.
    const typo = path.join(await makeTempDir(), 'plant-stroe')
    const result = await runCli(['export', '--data', typo])
    expect(result).toMatchObject({ code: 3, stdout: '' })
    expect(result.stderr).toBe(
      `plant-store: there is no Plant Store data in ${typo} (no plants.json); check --data or PLANT_STORE_DATA, or start Plant Store there once (plant-store serve --data DIR)\n`
    )
    await expect(access(typo)).rejects.toThrow(/ENOENT/)
  })
})
