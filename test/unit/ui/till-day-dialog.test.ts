// @vitest-environment happy-dom
/** The day dialog's Z report: the close time in the shop's time zone, as receipts show it, not in UTC; the close names its day. */
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DayClose, DayReport } from '#shared/day'
import TillDayDialog from '#renderer/components/till/TillDayDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

const report: DayReport = {
  day: 7,
  sales: 1,
  refunds: 0,
  gross: 1000,
  discounts: 0,
  refunded: 0,
  net: 1000,
  tax: 0,
  taxRates: [],
  payments: { cash: 1000, card: 0, other: 0 },
  openingFloat: 0,
  expectedCash: 1000
}

beforeEach(() => {
  api = freshDialogTest()
  // Far from UTC: 22:30 UTC on the 27th is 11:30 on the 28th in Auckland (summer time, +13).
  useShopStore().set({ currency: 'NZD', locale: 'en-NZ', timeZone: 'Pacific/Auckland' })
  vi.mocked(api.client.currentDay).mockResolvedValue(report)
  const closed: DayClose = { day: 7, closedAt: '2026-11-27T22:30:00.000Z', till: 'ui', report, counted: 1000, difference: 0, nextFloat: 0 }
  vi.mocked(api.client.closeDay).mockResolvedValue(closed)
})

describe('the day dialog', () => {
  it("shows the Z report's close time in the shop's time zone, written the shop's way", async () => {
    const wrapper = mount(TillDayDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#day-counted').setValue('10')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    const title = wrapper.find('.day-print-title').text()
    expect(title).toBe('Z report: day 7, closed 28/11/2026, 11:30 am') // and written the shop's way (en-NZ)
    // It names the day it showed, so a close another till made meanwhile is refused rather than closing an empty day.
    expect(vi.mocked(api.client.closeDay).mock.calls[0]![0]).toEqual({ counted: 1000, day: 7 })
    wrapper.unmount()
  })
})
