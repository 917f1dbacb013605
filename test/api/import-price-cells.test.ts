/** Price cells as spreadsheets write them: a German sheet's "19,99" imports as 19.99; a cell that is no price is refused naming the cell. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('POST /v3/import: price cells', () => {
  it('reads a decimal comma as the API reads 19.99, and names a cell that is no price', async () => {
    const { call, store } = await createTestApp()
    const csv = 'name,status,price\nFern,available,"19,99"\nIvy,available,"€ 1.249,00"\nMoss,available,cheap\n'
    const response = await call('POST', '/v3/import?dryRun=true', csv, { 'content-type': 'text/csv' })
    expect(response.status).toBe(200)
    const summary = await response.json()
    expect(summary.changes.map((change: { after: { price?: number } }) => change.after.price)).toEqual([19.99, 1249])
    expect(summary.errors).toEqual([{ row: 4, field: 'price', message: 'price must be a number, like 12,50; got "cheap"' }])
    expect(summary.mapping.prices).toEqual({ detected: ',', used: ',', mustChoose: false, examples: ['19,99', '€ 1.249,00'] })
    expect(store.size).toBe(0)
  })

  it("names prices written in another currency than the shop's, and imports them as written", async () => {
    const { call } = await createTestApp()
    expect((await call('PUT', '/v3/settings/shop', { currency: 'GBP' })).status).toBe(200)
    const euros = await call('POST', '/v3/import?dryRun=true', 'name,price\nFern,"€ 12,50"\nIvy,"9,90 €"\n', { 'content-type': 'text/csv' })
    const summary = await euros.json()
    expect(summary.errors).toEqual([])
    expect(summary.warnings).toContainEqual(
      "the prices are written in €, but the shop's prices are in GBP: they come in as the same numbers in GBP. If the file is right, change the shop's currency in Settings before importing it"
    )
    for (const same of ['name,price\nFern,£12.50\n', 'name,price\nFern,12.50 GBP\n', 'name,price\nFern,12.50\n']) {
      const answer = await (await call('POST', '/v3/import?dryRun=true', same, { 'content-type': 'text/csv' })).json()
      expect(
        answer.warnings.filter((warning: string) => warning.includes('written in')),
        same
      ).toEqual([])
    }
  })
})
