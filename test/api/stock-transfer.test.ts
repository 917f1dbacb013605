/** Stock in export and import: the quantity column both ways, a stock count whose preview says which lines go up and down. */
import { describe, expect, it } from 'vitest'
import type { PlantHistoryPage } from '#shared/history'
import type { ImportSummary } from '#shared/import-export'
import { createTestApp, type TestApp } from '#setup/in-process'

async function stocked(): Promise<TestApp> {
  const test = await createTestApp()
  await test.call('POST', '/v3/plant', { name: 'Lavender', quantity: 40, reorderAt: 10 })
  await test.call('POST', '/v3/plant', { name: 'Fern', quantity: 3 })
  await test.call('POST', '/v3/plant', { name: 'Oak' })
  return test
}

const importCsv = (test: TestApp, body: string, dryRun: boolean) =>
  test.call('POST', `/v3/import?dryRun=${dryRun}`, body, { 'content-type': 'text/csv' })

describe('stock in export and import', () => {
  it('exports the quantity and reorderAt columns once a plant keeps stock (empty for a single plant)', async () => {
    const test = await stocked()
    const lines = (await (await test.call('GET', '/v3/export?format=csv')).text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('id,name,category,tags,status,price,quantity,reorderAt,createdAt,updatedAt')
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(0, 8).join(','))).toEqual([
      '1,Lavender,,,available,,40,10',
      '2,Fern,,,available,,3,',
      '3,Oak,,,available,,,'
    ])
    const json = await (await test.call('GET', '/v3/export?format=json')).json()
    expect(json.map((plant: { quantity?: number }) => plant.quantity)).toEqual([40, 3, undefined])
  })

  it('imports an export back as all unchanged, CSV and JSON', async () => {
    const test = await stocked()
    for (const format of ['csv', 'json'] as const) {
      const file = await (await test.call('GET', `/v3/export?format=${format}`)).text()
      const type = format === 'csv' ? 'text/csv' : 'application/json'
      const summary = (await (await test.call('POST', '/v3/import?dryRun=false', file, { 'content-type': type })).json()) as ImportSummary
      expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 3 })
      expect(summary).not.toHaveProperty('stock')
    }
  })

  it('previews a stock count: which lines go up and down, before and after; applying it moves each as imported', async () => {
    const test = await stocked()
    const count = 'id,quantity\r\n1,37\r\n2,5\r\n3,12\r\n'
    const preview = (await (await importCsv(test, count, true)).json()) as ImportSummary
    expect(preview.stock).toEqual({ up: 2, down: 1 })
    expect(preview.changes.map((change) => [change.id, change.before, change.after])).toEqual([
      [1, { quantity: 40 }, { quantity: 37 }],
      [2, { quantity: 3 }, { quantity: 5 }],
      [3, {}, { quantity: 12 }]
    ])
    expect((await test.call('GET', '/v3/plant/1')).ok && (await (await test.call('GET', '/v3/plant/1')).json()).quantity).toBe(40)
    const applied = (await (await importCsv(test, count, false)).json()) as ImportSummary
    expect(applied).toMatchObject({ applied: true, updated: 3, stock: { up: 2, down: 1 } })
    const history = (await (await test.call('GET', '/v3/plant/1/history')).json()) as PlantHistoryPage
    expect(history.changes.at(-1)).toMatchObject({ via: 'import', stock: { reason: 'imported', change: -3 } })
  })

  it("refuses a quantity that is no whole number of pots, naming the row and column in a spreadsheet user's words; nothing changes", async () => {
    const test = await stocked()
    const response = await importCsv(test, 'id,quantity\r\n1,forty\r\n2,-1\r\n', false)
    expect(response.status).toBe(422)
    const problem = await response.json()
    expect(problem.errors).toEqual([
      { row: 2, field: 'quantity', message: 'quantity must be a whole number of pots, such as 12; got "forty"' },
      {
        row: 3,
        field: 'quantity',
        message:
          'quantity cannot be below 0; got -1: count the pots and put the number found in the cell (0 for none: a line sold below zero ' +
          'at a till while offline, or an oversold line), or leave the column out (map it to "not imported")'
      }
    ])
    // Said to a spreadsheet's user: there is no JSON in a CSV file.
    expect(JSON.stringify(problem.errors)).not.toContain('JSON')
    expect((await (await test.call('GET', '/v3/plant/1')).json()).quantity).toBe(40)
  })

  it('refuses an export holding a line below zero back, asking for a count of that line; nothing changes', async () => {
    const test = await stocked()
    const till = (await test.namedTokens.add('till-2', 'read-write', 'till'))!.token
    const sale = { lines: [{ plantId: 2, quantity: 5, unitPrice: 100, priceReason: 'market price' }], payments: [{ method: 'card', amount: 500 }] }
    const body = { sales: [{ key: 'k', madeAt: '2026-11-28T09:30:00.000Z', sale }] }
    expect((await test.call('POST', '/v3/offline-sales', body, { authorization: `Bearer ${till}` })).status).toBe(200)
    expect((await (await test.call('GET', '/v3/plant/2')).json()).quantity).toBe(-2)
    for (const format of ['csv', 'json'] as const) {
      const file = await (await test.call('GET', `/v3/export?format=${format}`)).text()
      const type = format === 'csv' ? 'text/csv' : 'application/json'
      const response = await test.call('POST', '/v3/import?dryRun=false', file, { 'content-type': type })
      expect(response.status, format).toBe(422)
      const problem = await response.json()
      expect(problem.errors, format).toEqual([
        expect.objectContaining({
          field: 'quantity',
          message: expect.stringMatching(/^quantity cannot be below 0; got -2: count the pots and (put|give) the number found/)
        })
      ])
    }
    expect((await (await test.call('GET', '/v3/plant/2')).json()).quantity).toBe(-2)
  })
})
