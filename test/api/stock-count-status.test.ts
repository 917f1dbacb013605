/** A stock count from a file: its preview shows the status each line's count will change, and such rows sell nothing. */
import { describe, expect, it } from 'vitest'
import type { SalesCounts } from '#shared/history'
import type { ImportSummary } from '#shared/import-export'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { createTestApp, type TestApp } from '#setup/in-process'

const importCsv = async (test: TestApp, body: string, dryRun: boolean) =>
  (await (await test.call('POST', `/v3/import?dryRun=${dryRun}`, body, { 'content-type': 'text/csv' })).json()) as ImportSummary

async function salesToday(test: TestApp): Promise<SalesCounts> {
  const day = shopDay(new Date(), computerTimeZone())
  return ((await (await test.call('GET', `/v3/reports/sales?from=${day}&to=${day}`)).json()) as { totals: SalesCounts }).totals
}

describe('a stock count that moves a status', () => {
  it('previews the status change beside the quantity, applies exactly that, and counts no sale nor return', async () => {
    const test = await createTestApp()
    await test.call('POST', '/v3/plant', { name: 'Lavender', quantity: 4, price: 5 })
    await test.call('POST', '/v3/plant', { name: 'Oak', price: 80 })
    await test.call('POST', '/v3/plant', { name: 'Fern', price: 9 })
    await test.call('PUT', '/v3/plant', { id: 3, status: 'sold' })
    const before = await salesToday(test)
    const file = 'id,quantity\n1,0\n2,0\n3,3\n'
    const preview = await importCsv(test, file, true)
    expect(preview.changes).toEqual([
      { row: 2, id: 1, name: 'Lavender', before: { quantity: 4, status: 'available' }, after: { quantity: 0, status: 'sold' } },
      { row: 3, id: 2, name: 'Oak', before: { status: 'available' }, after: { quantity: 0, status: 'sold' } },
      { row: 4, id: 3, name: 'Fern', before: { status: 'sold' }, after: { quantity: 3, status: 'available' } }
    ])
    expect(preview.stock).toEqual({ up: 1, down: 1, offSale: 2, onSale: 1 })
    expect((await importCsv(test, file, false)).changes).toEqual(preview.changes)
    const statuses = await Promise.all(
      [1, 2, 3].map(async (id) => ((await (await test.call('GET', `/v3/plant/${id}`)).json()) as { status: string }).status)
    )
    expect(statuses).toEqual(['sold', 'sold', 'available'])
    expect(await salesToday(test)).toEqual(before)
  })

  it('shows no status for a count that leaves it as it is, nor for a row that sets the status itself', async () => {
    const test = await createTestApp()
    await test.call('POST', '/v3/plant', { name: 'Lavender', quantity: 4 })
    await test.call('POST', '/v3/plant', { name: 'Moss', quantity: 4, status: 'pending' })
    const preview = await importCsv(test, 'id,quantity,status\n1,2,\n2,0,\n', true)
    expect(preview.changes.map((change) => change.after)).toEqual([{ quantity: 2 }, { quantity: 0 }])
    expect(preview.stock).toEqual({ up: 0, down: 2 })
    const asked = await importCsv(test, 'id,quantity,status\n1,0,pending\n', true)
    expect(asked.changes[0]?.after).toEqual({ quantity: 0, status: 'pending' })
  })
})
