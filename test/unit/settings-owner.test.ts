import { utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DamagedFileError } from '#lib/damaged-file-error'
import { SETTINGS_FILE_NAME, changeSettings, writeSetting } from '#settings/settings'
import { SettingsOwner } from '#settings/settings-owner'
import { makeTempDir } from '#setup/temp-dir'

describe('the settings owner', () => {
  it('holds what it read and what it wrote, and reads again what another process wrote meanwhile', async () => {
    const dir = await makeTempDir()
    const owner = new SettingsOwner(dir)
    expect(await owner.read()).toEqual({})
    await owner.change((settings) => Object.assign(settings, { currency: 'GBP' }))
    expect((await owner.shop()).currency).toBe('GBP')
    const file = path.join(dir, SETTINGS_FILE_NAME)
    const minuteAgo = new Date(Date.now() - 60_000)
    await utimes(file, minuteAgo, minuteAgo) // a file just written may change again unseen within its timestamp tick
    const held = await owner.read()
    expect(await owner.read()).toBe(held) // the file did not change: the copy held, not read again
    // `plant-store config set` from another process, under the same lock.
    await writeSetting(dir, 'timeZone', 'Europe/Berlin')
    expect(await owner.read()).toEqual({ currency: 'GBP', timeZone: 'Europe/Berlin' })
    await changeSettings(dir, (settings) => {
      settings.sales = { pricesIncludeTax: false, taxRates: [] }
    })
    expect((await owner.sales()).pricesIncludeTax).toBe(false)
  })

  it('refuses a damaged file every time it is asked, and reads it again once repaired', async () => {
    const dir = await makeTempDir()
    const owner = new SettingsOwner(dir)
    await writeFile(path.join(dir, SETTINGS_FILE_NAME), '{ not json')
    await expect(owner.read()).rejects.toBeInstanceOf(DamagedFileError)
    await expect(owner.read()).rejects.toBeInstanceOf(DamagedFileError)
    await writeFile(path.join(dir, SETTINGS_FILE_NAME), '{"currency": "CHF"}')
    expect((await owner.shop()).currency).toBe('CHF')
  })
})
