/**
 * `plant-store import` with a mapping, without and with a running server: --map, a mapping file, --preset, and the
 * mapping remembered per header shape in the data folder's settings; `export --out x.xlsx` writes a workbook that
 * imports back as unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '#shared/api-client'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')
const OWN_SHEET = 'Pflanze X;Kosten;Zustand\r\nFarn;3,50;reserviert\r\nMoos;"1.249,00";weg\r\n'

describe('plant-store import with a mapping', () => {
  it('takes --map and --status-word, remembers them for the same header, and reads a mapping file (no server)', async () => {
    const dir = await makeTempDir()
    const data = path.join(dir, 'data')
    const sheet = path.join(dir, 'liste.csv')
    await writeFile(sheet, OWN_SHEET, 'latin1')
    const refused = await runCli(['import', sheet, '--data', data])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("no column holds the plants' names")

    const mapped = await runCli(['import', sheet, '--map', 'Pflanze X=name,Kosten=price,Zustand=status', '--status-word', 'weg=sold', '--data', data])
    expect(mapped.stderr).toContain('Columns: Pflanze X → name, Kosten → price, Zustand → status')
    expect(mapped).toMatchObject({ code: 0 })
    expect(mapped.stdout).toMatch(/added +2/)
    const settings = JSON.parse(await readFile(path.join(data, 'settings.json'), 'utf8'))
    expect(Object.values(settings['import.mappings'])).toEqual([
      expect.objectContaining({ choices: expect.objectContaining({ columns: expect.objectContaining({ 'Pflanze X': 'name' }) }) })
    ])

    // The same header again needs no option: the mapping is remembered (and a server reads the same settings).
    const again = await runCli(['import', sheet, '--dry-run', '--data', data])
    expect(again.stderr).toContain('Columns as at the last import of a file with these headings.')
    expect(again.stdout).toMatch(/added +2/)
    const server = await startServe(data)
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    const viaServer = await runCli(['import', sheet, '--dry-run', '--data', data], { PLANT_STORE_TOKEN: server.token })
    expect(viaServer).toMatchObject({ code: 0 })
    expect(viaServer.stderr).toContain('Columns as at the last import')
    expect((await api.listPlants()).plants.map((plant) => [plant.name, plant.price, plant.status])).toEqual([
      ['Farn', 3.5, 'pending'],
      ['Moos', 1249, 'sold']
    ])

    const file = path.join(dir, 'mapping.json')
    await writeFile(file, JSON.stringify({ columns: { 'Pflanze X': 'name', Kosten: 'skip' }, statusWords: { weg: 'skip' } }))
    const fromFile = await runCli(['import', sheet, '--mapping', file, '--dry-run', '--data', data], { PLANT_STORE_TOKEN: server.token })
    expect(fromFile).toMatchObject({ code: 0 })
    expect(fromFile.stdout).toMatch(/added +1/)
    const bad = await runCli(['import', sheet, '--map', 'Kosten=cost', '--data', data])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('"cost" in "Kosten=cost" is not a field')
  })

  it('reads a Shopify export by its preset, leaving out a named row, and exports a workbook that re-imports unchanged', async () => {
    const dir = await makeTempDir()
    const data = path.join(dir, 'data')
    const result = await runCli([
      'import',
      path.join(FIXTURES, 'shopify-products.csv'),
      '--preset',
      'shopify',
      '--leave-out',
      'Gift Card — €25',
      '--data',
      data
    ])
    expect(result.stderr).toContain('This looks like a Shopify product export.')
    expect(result.stderr).toContain('"Gift Card — €25" looks like a gift card: left out.')
    expect(result).toMatchObject({ code: 0 })
    expect(result.stdout).toMatch(/added +3/)
    const workbook = path.join(dir, 'plants.xlsx')
    expect((await runCli(['export', '--out', workbook, '--data', data])).code).toBe(0)
    expect((await readFile(workbook)).subarray(0, 2).toString()).toBe('PK')
    const back = await runCli(['import', workbook, '--data', data])
    expect(back).toMatchObject({ code: 0 })
    expect(back.stdout).toMatch(/unchanged +3/)
  })
})
