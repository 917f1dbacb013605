/** plant-store import into the folder itself names prices written in another currency, as the server's import does. */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { importCommand } from '#cli/commands/import'
import { writeSetting } from '#settings/settings'
import { ShopStore } from '#store'
import { makeTempDir } from '#setup/temp-dir'

describe('plant-store import with no server running', () => {
  it('warns when the prices carry a sign that cannot be the shop’s currency (the attack got £12.50 as CHF 12.50 silently)', async () => {
    const dir = await makeTempDir()
    await (await ShopStore.open({ dir })).close()
    await writeSetting(dir, 'currency', 'CHF')
    const file = path.join(await makeTempDir(), 'plants.csv')
    await writeFile(file, 'Name,Price\nFern K,£12.50\n')
    const said: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      said.push(String(text))
      return true
    })
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      expect(await importCommand.run([file, '--dry-run', '--data', dir], { PLANT_STORE_DATA: dir })).toBe(0)
    } finally {
      stderr.mockRestore()
      stdout.mockRestore()
    }
    expect(said.join('')).toContain("warning: the prices are written in £, but the shop's prices are in CHF")
  })
})
