/** Reports group what people typed whatever its case (write-off reasons, categories), and a month's stock report says what moved then and that the stock is today's. */
import { describe, expect, it } from 'vitest'
import type { SalesReport } from '#shared/history'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import type { StockReport } from '#shared/stock'
import { createTestApp } from '#setup/in-process'

const today = () => shopDay(new Date(), computerTimeZone())

describe('report groups', () => {
  it('are one write-off reason whatever its case and spaces, named as first written', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Lavender', quantity: 10 })
    for (const note of ['Frost', 'frost', '  FROST  ', '__proto__', 'frost ']) {
      expect((await app.call('POST', '/v3/plant/1/stock', { change: -1, reason: 'written-off', note })).status).toBe(200)
    }
    const report = (await (await app.call('GET', `/v3/reports/stock?month=${today().slice(0, 7)}`)).json()) as StockReport
    expect(report.writtenOff).toEqual({
      pots: 5,
      reasons: [
        { reason: 'Frost', pots: 4 },
        { reason: '__proto__', pots: 1 }
      ]
    })
  })

  it('are one category whatever its case, named as first written, in the sales report', async () => {
    const app = await createTestApp()
    for (const category of ['Ferns', 'ferns', 'FERNS', 'Trees']) await app.call('POST', '/v3/plant', { name: 'P', category, price: 2 })
    for (const id of [1, 2, 3, 4]) await app.call('PUT', '/v3/plant', { id, status: 'sold' })
    const response = await app.call('GET', `/v3/reports/sales?from=${today()}&to=${today()}&groupBy=category`)
    const report = (await response.json()) as SalesReport
    expect(report.groups.map(({ key, sold, total }) => [key, sold, total])).toEqual([
      ['Ferns', 3, 6],
      ['Trees', 1, 2]
    ])
  })
})

describe('the stock report of a month', () => {
  it("shows the month's movements by kind, and says when the pots on hand were read (now)", async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Lavender', quantity: 10 })
    await app.call('POST', '/v3/plant/1/stock', { change: 40, reason: 'received' })
    await app.call('POST', '/v3/plant/1/stock', { change: -3, reason: 'sold' })
    await app.call('POST', '/v3/plant/1/stock', { change: 1, reason: 'returned' })
    await app.call('POST', '/v3/plant/1/stock', { change: -2, reason: 'written-off' })
    await app.call('POST', '/v3/plant/1/stock', { count: 45, reason: 'counted' })
    const asked = Date.now()
    const month = (await (await app.call('GET', `/v3/reports/stock?month=${today().slice(0, 7)}`)).json()) as StockReport
    expect(month.moved).toEqual({ received: 40, sold: -3, returned: 1, 'written-off': -2, counted: -1 })
    expect(month.potsOnHand).toBe(45)
    expect(Date.parse(month.stockAt)).toBeGreaterThanOrEqual(asked - 1000)
    const past = (await (await app.call('GET', '/v3/reports/stock?month=1999-01')).json()) as StockReport
    expect(past).toMatchObject({ month: '1999-01', moved: {}, writtenOff: { pots: 0, reasons: [] }, potsOnHand: 45 })
    expect(typeof past.stockAt).toBe('string')
  })
})
