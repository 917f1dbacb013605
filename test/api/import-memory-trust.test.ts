/**
 * The import remembers the column choices of an applied import for the next file of the same header. Those choices
 * decide how the owner's next files are read, like a setting: a till's or a script's read-write token could swap
 * price and stock for the owner's next import, even of Plant Store's own export. Only the owner's choices are
 * remembered, and nothing remembered changes what Plant Store's own export's columns hold.
 */
import { describe, expect, it } from 'vitest'
import { readImportMappings, rememberImportMapping } from '#settings/import-mappings'
import { createTestApp, type TestApp } from '#setup/in-process'

const SWAP = encodeURIComponent(JSON.stringify({ columns: { Preis: 'quantity', Bestand: 'price' } }))

const importCsv = (app: TestApp, csv: string, query: string, token?: string) =>
  app.call('POST', `/v3/import?${query}`, csv, { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) })

async function namedToken(app: TestApp): Promise<string> {
  return (await (await app.call('POST', '/v3/tokens', { name: 'till', scope: 'read-write' })).json()).token as string
}

describe('remembered import mappings', () => {
  it("are not changed by a named token's import, which still applies its own choices", async () => {
    const app = await createTestApp()
    const token = await namedToken(app)
    const applied = await importCsv(app, 'Artikel;Preis;Bestand\nTanne;5;20\n', `dryRun=false&mapping=${SWAP}`, token)
    expect(applied.status).toBe(200)
    expect((await applied.json()).added).toBe(1)
    expect(await readImportMappings(app.dir)).toEqual({})
    const owners = await importCsv(app, 'Artikel;Preis;Bestand\nBuchsbaum;20;3\n', 'dryRun=true')
    expect((await owners.json()).mapping.remembered).toBe(false)
  })

  it("are kept for the owner's choices", async () => {
    const app = await createTestApp()
    await importCsv(app, 'Artikel;Preis;Bestand\nTanne;5;20\n', `dryRun=false&mapping=${SWAP}`)
    const next = await (await importCsv(app, 'Artikel;Preis;Bestand\nBuchsbaum;20;3\n', 'dryRun=true')).json()
    expect(next.mapping.remembered).toBe(true)
  })

  it("never change what the columns of Plant Store's own export hold", async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Lavender', price: 5, quantity: 7 })
    const csv = await (await app.call('GET', '/v3/export')).text()
    const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!
    const { shape } = (await (await importCsv(app, csv, 'dryRun=true')).json()).mapping
    // However it came to be remembered (settings.json edited, an older version): price and stock swapped, preset dropped.
    await rememberImportMapping(app.dir, shape, { preset: 'none', columns: { price: 'quantity', quantity: 'price' } })
    const roundTrip = await (await importCsv(app, csv, 'dryRun=true')).json()
    expect(header).toContain('price')
    expect(roundTrip.mapping.preset).toEqual({ id: 'plant-store', name: 'Plant Store export' })
    expect(roundTrip).toMatchObject({ updated: 0, unchanged: 1, errors: [] })
  })
})
