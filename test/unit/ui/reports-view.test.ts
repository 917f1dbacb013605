// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiClient } from '#renderer/api'
import type { SalesReport } from '#shared/history'
import TheReportsView from '#renderer/components/reports/TheReportsView.vue'
import { presetPeriod } from '#renderer/report-data'
import { usePlantsStore } from '#renderer/stores/plants'
import { REPORT_REFRESH_DELAY_MS } from '#renderer/stores/reports'
import { useViewStore } from '#renderer/stores/view'
import { useShopStore } from '#renderer/stores/shop'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi
let salesReport: FakeApi['client']['salesReport'] & ReturnType<typeof vi.fn>
let sold = 3

function report(query: { from: string; to: string; groupBy: SalesReport['groupBy'] }): SalesReport {
  const figures = (count: number) => ({ sold: count, returned: 0, net: count, total: count * 10 })
  const groups =
    query.groupBy === 'category'
      ? [
          { key: 'Succulents', ...figures(1) },
          { key: 'Aroids', ...figures(sold - 1) }
        ]
      : [
          { key: query.from, ...figures(0) },
          { key: query.to, ...figures(sold) }
        ]
  return { ...query, currency: 'EUR', groups, totals: figures(sold) }
}

beforeEach(() => {
  setActivePinia(createPinia())
  sold = 3
  api = fakeApi([plant({ id: 1, status: 'sold' }), plant({ id: 2, status: 'sold' }), plant({ id: 3, status: 'sold' }), plant({ id: 4 })])
  salesReport = vi.mocked(api.client.salesReport).mockImplementation(async ({ from, to, groupBy = 'day' }) => report({ from, to, groupBy }))
  useApiClient(api.client)
})
afterEach(() => vi.useRealTimers())

describe('Reports view', () => {
  it('loads the last 30 days by day and by category, and the stock by status', async () => {
    const wrapper = mount(TheReportsView)
    await flushPromises()
    const { from, to } = presetPeriod('last30')
    expect(salesReport).toHaveBeenCalledWith(expect.objectContaining({ from, to, groupBy: 'day' }))
    expect(salesReport).toHaveBeenCalledWith(expect.objectContaining({ from, to, groupBy: 'category' }))
    expect(wrapper.find('canvas').attributes('aria-label')).toBe('Sold per day: 3 sold in 2 bars')
    // Pots, never the catalogue's prices as money: the one money figure is the till's takings.
    expect(wrapper.find('[data-testid="report-pots"]').text()).toBe('3 pots sold · 0 returned · 3 net')
    expect(wrapper.text()).not.toContain('€')
    expect(wrapper.findAll('.category-name').map((name) => name.text())).toEqual(['Aroids', 'Succulents'])
    expect(wrapper.findAll('.report-stock dd').map((count) => count.text())).toEqual(['1', '0', '3'])
    wrapper.unmount()
  })

  it("shows the till's takings of the period: sales and refunds once each, money as net takings", async () => {
    useShopStore().set({ currency: 'EUR', locale: 'en-GB' })
    const takings = { sales: 2, refunds: 1, gross: 2848, discounts: 250, refunded: 800, net: 1798, tax: 0 }
    salesReport.mockImplementation(async ({ from, to, groupBy = 'day' }) => ({ ...report({ from, to, groupBy }), takings }))
    const wrapper = mount(TheReportsView)
    await flushPromises()
    expect(wrapper.find('[data-testid="report-takings"]').text()).toBe('Till takings €17.98 · 2 sales · 1 refund')
    // One money figure in the sold card and none by category: the list prices (€30.00, €20.00) are not money taken.
    expect(wrapper.text().match(/€[\d.,]+/g)).toEqual(['€17.98'])
    expect(wrapper.find('[data-testid="report-pots"]').text()).toBe('3 pots sold · 0 returned · 3 net')
    wrapper.unmount()
  })

  it('shows the stock report: pots on hand, the lines low on stock, and this month’s write-offs by reason', async () => {
    vi.mocked(api.client.stockReport).mockResolvedValue({
      month: '2026-11',
      stockAt: '2026-11-24T10:00:00.000Z',
      lines: 2,
      potsOnHand: 43,
      moved: { sold: -5, 'written-off': -4 },
      lowStock: [{ id: 2, name: 'Moss', quantity: 3, reorderAt: 5 }],
      writtenOff: {
        pots: 5,
        reasons: [
          { reason: 'frost damage', pots: 4 },
          { reason: '', pots: 1 }
        ]
      }
    })
    const wrapper = mount(TheReportsView)
    await flushPromises()
    const card = wrapper.find('[aria-labelledby="report-pots-title"]')
    expect(card.find('.report-pots').text()).toBe('43 pots in 2 lines')
    expect(card.findAll('.report-low li').map((li) => li.text())).toEqual(['Moss — 3 left, reorder at 5'])
    expect(card.findAll('h3').map((h3) => h3.text())).toEqual(['Low on stock (1)', 'Written off in November 2026: 5 pots'])
    expect(card.findAll('.report-written-off li').map((li) => li.text())).toEqual(['frost damage: 4', 'No reason given: 1'])
  })

  it('reloads for another period, by week when it is long', async () => {
    const wrapper = mount(TheReportsView)
    await flushPromises()
    await wrapper.find('#report-from').setValue('2026-01-01')
    await wrapper.find('#report-to').setValue('2026-06-30')
    await flushPromises()
    expect(salesReport).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-01-01', to: '2026-06-30', groupBy: 'category' }))
    expect(salesReport).toHaveBeenCalledWith(expect.objectContaining({ from: '2026-01-01', to: '2026-06-30', groupBy: 'week' }))
    expect(wrapper.find('h2').text()).toBe('Sold per week')
    wrapper.unmount()
  })

  it('reloads once shortly after a burst of announced changes', async () => {
    vi.useFakeTimers()
    const wrapper = mount(TheReportsView)
    await flushPromises()
    expect(salesReport).toHaveBeenCalledTimes(2)
    sold = 4
    for (let i = 0; i < 3; i++) api.emit({ type: 'plant.updated', plant: api.plants[3]! })
    await vi.advanceTimersByTimeAsync(REPORT_REFRESH_DELAY_MS)
    await flushPromises()
    expect(salesReport).toHaveBeenCalledTimes(4)
    expect(wrapper.find('canvas').attributes('data-sold-total')).toBe('4')
    wrapper.unmount()
  })

  it('downloads the figures on screen as a CSV file', async () => {
    const files: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => (files.push(blob), 'blob:report'))
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const wrapper = mount(TheReportsView)
    await flushPromises()
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Download CSV')!
      .trigger('click')
    expect(click).toHaveBeenCalledTimes(1)
    const file = files[0] as File
    const { from, to } = presetPeriod('last30')
    expect(file.name).toBe(`sales-${from}-to-${to}.csv`)
    const text = await file.text()
    expect(text).toContain(`day,${to},3,0,3,30,`)
    expect(text).toContain('category,Aroids,2,0,2,20,')
    expect(text).toContain('stock,sold,,,,,,3')
    wrapper.unmount()
  })
})

describe('Reports view and the header search', () => {
  it('shows the catalogue again when a search is typed', async () => {
    const view = useViewStore()
    view.current = 'reports'
    const wrapper = mount(TheReportsView)
    await flushPromises()
    await usePlantsStore().setSearch('fern')
    await flushPromises()
    expect(view.current).toBe('catalogue')
    wrapper.unmount()
  })
})
