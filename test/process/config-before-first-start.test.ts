/**
 * A new owner may set the backup folder before ever starting Plant Store
 * (docs/import-export.md shows the command on its own). With no data folder
 * yet, config set failed with "File not found: …/.settings.json.1234.ab12.tmp".
 * It now makes the data folder as a first start does (0700), and serve uses it: the default folder at once, one
 * named by --data or PLANT_STORE_DATA with --create only (otherwise a typo in --data got a new folder and a "done").
 */
import { chmod, chown, mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { NOBODY } from '#setup/unprivileged'

describe('plant-store config set before the first start', () => {
  it('makes the private data folder and keeps the setting', async () => {
    const data = path.join(await makeTempDir(), 'new', 'plant-store')
    const usb = await makeTempDir()
    expect(await runCli(['config', 'set', 'backup.dir', usb, '--data', data, '--create'])).toEqual({
      code: 0,
      stdout: `backup.dir = ${usb}\n`,
      stderr: ''
    })
    if (hostPlatform() !== 'win32') expect((await stat(data)).mode & 0o777).toBe(0o700)
    expect((await runCli(['config', 'get', 'backup.dir', '--data', data])).stdout).toBe(`${usb}\n`)
  })

  it('refuses a data folder that is not there without --create, in words, and makes nothing', async () => {
    const typo = path.join(await makeTempDir(), 'typo')
    const refused = await runCli(['config', 'set', 'currency', 'GBP', '--data', typo])
    expect(refused).toEqual({
      code: 3,
      stdout: '',
      stderr: `plant-store: there is no data folder ${typo}; check --data or PLANT_STORE_DATA, or add --create to make it for a new shop\n`
    })
    expect(await stat(typo).catch(() => 'absent')).toBe('absent')
    expect((await runCli(['config', 'get', 'currency', '--data', typo])).code).toBe(3)
  })

  // Windows has no POSIX owner to compare (its ACLs are another check): the rule is run where owners exist.
  it.runIf(NOBODY !== undefined && hostPlatform() !== 'win32')('refuses a data folder another account owns, reading or writing', async () => {
    const theirs = path.join(await makeTempDir(), 'shop2')
    await mkdir(theirs, { mode: 0o777 })
    await chmod(theirs, 0o777)
    await chown(theirs, NOBODY!.uid, NOBODY!.gid)
    const refused = await runCli(['config', 'set', 'currency', 'GBP', '--data', theirs])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/^plant-store: Refusing to use the data folder/)
    expect(await readdir(theirs)).toEqual([])
    expect((await runCli(['config', 'get', 'currency', '--data', theirs])).code).not.toBe(0)
  })
})
