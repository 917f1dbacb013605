/** What counts as a sale of a line kept in stock: its pots moving, never its status; and a sale never reopens a line marked sold. */
import { describe, expect, it } from 'vitest'
import type { SalesCounts } from '#shared/history'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { createTestApp, type TestApp } from '#setup/in-process'

const today = () => shopDay(new Date(), computerTimeZone())

async function totals(app: TestApp): Promise<SalesCounts> {
  const response = await app.call('GET', `/v3/reports/sales?from=${today()}&to=${today()}`)
  return ((await response.json()) as { totals: SalesCounts }).totals
}

async function plant(app: TestApp, id: number): Promise<{ status: string; quantity?: number }> {
  return (await (await app.call('GET', `/v3/plant/${id}`)).json()) as { status: string; quantity?: number }
}

describe('a line kept in stock in the sales report', () => {
  it('counts its sold and returned pots, never a change of its status (PUT, bulk) nor an add with 0 pots', async () => {
    const app = await createTestApp()
    expect((await app.call('POST', '/v3/plant', { name: 'Cactus', quantity: 10, price: 3.5, category: 'Succulents' })).status).toBe(200)
    expect((await app.call('POST', '/v3/plant/1/stock', { change: -2, reason: 'sold' })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })).status).toBe(200)
    expect((await app.call('POST', '/v3/plant/bulk', { ids: [1], changes: { status: 'available' } })).status).toBe(200)
    expect((await app.call('POST', '/v3/plant/bulk', { ids: [1], changes: { status: 'sold' } })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, status: 'available' })).status).toBe(200)
    expect((await app.call('POST', '/v3/plant', { name: 'Seedlings', quantity: 0, price: 1 })).status).toBe(200)
    expect(await plant(app, 1)).toMatchObject({ quantity: 8, status: 'available' })
    expect(await totals(app)).toEqual({ sold: 2, returned: 0, net: 2, total: 7 })
  })

  it('still counts a single plant (no quantity) sold and set back by its status', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Old olive', price: 120 })
    await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    await app.call('PUT', '/v3/plant', { id: 1, status: 'available' })
    expect(await totals(app)).toEqual({ sold: 1, returned: 1, net: 0, total: 120 })
  })
})

describe('a sale of a line marked sold', () => {
  it('keeps it sold (off sale); pots arriving make it available again', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Cactus', quantity: 10, price: 3.5 })
    await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    expect((await app.call('POST', '/v3/plant/1/stock', { change: -1, reason: 'sold' })).status).toBe(200)
    expect(await plant(app, 1)).toMatchObject({ quantity: 9, status: 'sold' })
    expect((await app.call('POST', '/v3/plant/1/stock', { change: -1, reason: 'written-off' })).status).toBe(200)
    expect(await plant(app, 1)).toMatchObject({ quantity: 8, status: 'sold' })
    expect((await app.call('POST', '/v3/plant/1/stock', { change: 1, reason: 'returned' })).status).toBe(200)
    expect(await plant(app, 1)).toMatchObject({ quantity: 9, status: 'available' })
    expect(await totals(app)).toEqual({ sold: 1, returned: 1, net: 0, total: 3.5 })
  })
})
