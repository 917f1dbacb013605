/**
 * A new owner may set the backup folder before ever starting Plant Store
 * (docs/import-export.md shows the command on its own). With no data folder
 * yet, config set failed with "File not found: …/.settings.json.1234.ab12.tmp".
 * It now makes the data folder as a first start does (0700), and serve uses it.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('plant-store config set before the first start', () => {
  it('makes the private data folder and keeps the setting', async () => {
    const data = path.join(await makeTempDir(), 'new', 'plant-store')
    const usb = await makeTempDir()
    expect(await runCli(['config', 'set', 'backup.dir', usb, '--data', data])).toEqual({ code: 0, stdout: `backup.dir = ${usb}\n`, stderr: '' })
    if (hostPlatform() !== 'win32') expect((await stat(data)).mode & 0o777).toBe(0o700)
    expect((await runCli(['config', 'get', 'backup.dir', '--data', data])).stdout).toBe(`${usb}\n`)
  })
})
