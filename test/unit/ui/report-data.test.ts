import { describe, expect, it } from 'vitest'
import type { SalesCounts } from '#shared/history'
import { chartSeries, formatMoney, groupLabel, groupingFor, periodDays, presetPeriod, rankedCategories } from '#renderer/report-data'
import { shopDay } from '#shared/shop-day'

const today = '2026-11-24'
const group = (key: string, sold: number, returned = 0, total = 0): SalesCounts & { key: string } => ({
  key,
  sold,
  returned,
  net: sold - returned,
  total
})

describe('report periods', () => {
  it("turns the presets into whole days ending on the shop's day, both ends included", () => {
    expect(presetPeriod('last30', today)).toEqual({ from: '2026-10-26', to: '2026-11-24' })
    expect(presetPeriod('last7', today)).toEqual({ from: '2026-11-18', to: '2026-11-24' })
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-24' })
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(presetPeriod('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(periodDays(presetPeriod('last30', today))).toBe(30)
  })

  it("ends the presets on the shop's day, on which the server counts a sale made now", () => {
    const evening = shopDay(new Date('2026-11-25T02:00:00Z'), 'America/Los_Angeles') // 18:00 on 24 November in California
    expect(presetPeriod('last30', evening)).toEqual({ from: '2026-10-26', to: '2026-11-24' })
    const afterMidnight = shopDay(new Date('2026-11-30T23:30:00Z'), 'Europe/Berlin') // 00:30 on 1 December in Berlin
    expect(presetPeriod('thisMonth', afterMidnight)).toEqual({ from: '2026-12-01', to: '2026-12-01' })
  })

  it('draws days up to two months, weeks up to a year, months beyond', () => {
    expect(groupingFor({ from: '2026-01-01', to: '2026-03-03' })).toBe('day')
    expect(groupingFor({ from: '2026-01-01', to: '2026-03-04' })).toBe('week')
    expect(groupingFor({ from: '2025-01-01', to: '2026-01-01' })).toBe('week')
    expect(groupingFor({ from: '2025-01-01', to: '2026-01-02' })).toBe('month')
    expect(periodDays({ from: '2026-02-01', to: '2026-01-01' })).toBe(0)
  })
})

describe('report → chart', () => {
  it('labels each group and keeps the report order and the zero-filled days', () => {
    const series = chartSeries({ groupBy: 'day', groups: [group('2026-11-23', 0), group('2026-11-24', 3, 1)] })
    expect(series).toEqual({ labels: ['23 Nov', '24 Nov'], sold: [0, 3], returned: [0, 1] })
  })

  it('labels weeks and months whichever key form the server uses', () => {
    expect(groupLabel('2026-11-23', 'week')).toBe('w/c 23 Nov')
    expect(groupLabel('2026-W48', 'week')).toBe('Week 48')
    expect(groupLabel('2026-11', 'month')).toBe('Nov 2026')
    expect(groupLabel('2026-11-01', 'month')).toBe('Nov 2026')
    expect(groupLabel('', 'category')).toBe('No category')
  })

  it('ranks categories that sold, best first, each bar a share of the best', () => {
    const ranked = rankedCategories({ groups: [group('Cacti', 1), group('Aroids', 4, 0, 80), group('', 0), group('Ferns', 2), group('Bonsai', 2)] })
    expect(ranked.map((row) => [row.label, row.sold, row.share])).toEqual([
      ['Aroids', 4, 1],
      ['Bonsai', 2, 0.5],
      ['Ferns', 2, 0.5],
      ['Cacti', 1, 0.25]
    ])
    expect(ranked[0]!.total).toBe(80)
    expect(rankedCategories({ groups: [group('Ferns', 0)] })).toEqual([])
  })

  it('shows totals as money when the shop has a currency', () => {
    expect(formatMoney(59.97, 'EUR')).toBe('€59.97')
    expect(formatMoney(5, null)).toBe('5.00')
    expect(formatMoney(5, 'XYZ1')).toBe('5.00 XYZ1')
  })
})
