import { describe, expect, it, vi } from 'vitest'
import { SalesAggregate } from '#store/history/sales-aggregate'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import type { SalesReport } from '#shared/history'
import { createTestApp } from '#setup/in-process'

const NO_TAKINGS = { sales: 0, refunds: 0, gross: 0, discounts: 0, refunded: 0, net: 0, tax: 0 }

describe('GET /v3/reports/sales', () => {
  it('counts sales and returns of the period from the change log, before and after a checkpoint', async () => {
    let now = new Date('2026-11-23T09:00:00.000Z')
    const app = await createTestApp({ now: () => now })
    await app.call('PUT', '/v3/settings/shop', { currency: 'EUR', timeZone: 'UTC' })
    for (const name of ['Olive', 'Fig', 'Fern']) await app.call('POST', '/v3/plant', { name, category: name === 'Fern' ? 'Ferns' : 'Trees' })
    now = new Date('2026-11-24T14:02:00.000Z')
    for (const id of [1, 2, 3]) await app.call('PUT', '/v3/plant', { id, status: 'sold' })
    now = new Date('2026-11-25T10:00:00.000Z')
    await app.call('PUT', '/v3/plant', { id: 2, status: 'available' })
    const expected = {
      from: '2026-11-23',
      to: '2026-11-25',
      groupBy: 'day',
      currency: 'EUR',
      // Status changes are not till sales: the takings count only completed sales and their refunds.
      groups: [
        { key: '2026-11-23', sold: 0, returned: 0, net: 0, total: 0, takings: NO_TAKINGS },
        { key: '2026-11-24', sold: 3, returned: 0, net: 3, total: 0, takings: NO_TAKINGS },
        { key: '2026-11-25', sold: 0, returned: 1, net: -1, total: 0, takings: NO_TAKINGS }
      ],
      totals: { sold: 3, returned: 1, net: 2, total: 0 },
      takings: NO_TAKINGS
    }
    const report = async (query: string) => (await (await app.call('GET', `/v3/reports/sales?${query}`)).json()) as SalesReport
    expect(await report('from=2026-11-23&to=2026-11-25')).toEqual(expected)
    await app.store.checkpoint()
    await app.call('PUT', '/v3/plant', { id: 2, status: 'sold' })
    const byCategory = await report('from=2026-11-01&to=2026-11-30&groupBy=category')
    expect(byCategory.groups.map((group) => [group.key, group.sold, group.returned])).toEqual([
      ['Trees', 3, 1],
      ['Ferns', 1, 0]
    ])
  })

  it('answers a report even when its counts cannot be saved (a full disk): a read never says a change was not saved', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Olive' })
    await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    await app.store.checkpoint() // the sale is in the change log's files, so the report counts it there and saves the counts
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    const save = vi.spyOn(SalesAggregate.prototype, 'save').mockRejectedValue(full)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const day = shopDay(new Date(), computerTimeZone())
    const response = await app.call('GET', `/v3/reports/sales?from=${day}&to=${day}`)
    expect(response.status).toBe(200)
    expect((await response.json()).totals.sold).toBe(1)
    expect(save).toHaveBeenCalled()
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("the sales report's counts could not be saved"))
    save.mockRestore()
    errors.mockRestore()
  })

  it('answers 400 naming each bad parameter', async () => {
    const app = await createTestApp()
    const response = await app.call('GET', '/v3/reports/sales?from=2026-02-30&to=yesterday&groupBy=year')
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: { field: string }[] }
    expect(body.errors.map((error) => error.field)).toEqual(['from', 'to', 'groupBy'])
    const reversed = await app.call('GET', '/v3/reports/sales?from=2026-11-25&to=2026-11-24')
    expect(reversed.status).toBe(400)
  })
})
