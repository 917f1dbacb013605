/**
 * The Reports view's arithmetic, pure (test/unit/ui/report-data.test.ts): the
 * period picker's ranges, which grouping fits a range, the sales report as a
 * chart's labels and values, and the categories as a ranked list.
 */
import { formatMoney as formatShopMoney, moneyFieldText } from '#shared/money'
import { maxOf } from '#shared/arrays'
import type { SalesGrouping, SalesReport } from '#shared/history'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { shopDateFormat } from './format'

/** A range of whole days of the shop (dates in its time zone), both ends included, as YYYY-MM-DD. */
export interface Period {
  from: string
  to: string
}

export const PERIOD_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom'
}

/** The date of `date` read as UTC midnight of a calendar day: 2026-11-24. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/**
 * The range a preset stands for, ending on `shopToday` (YYYY-MM-DD: the shop's day, as the server counts sales;
 * useShopStore().today()); custom: the last 30 days, to start from.
 */
export function presetPeriod(preset: PeriodPreset, shopToday: string = shopDay(new Date(), computerTimeZone())): Period {
  const today = new Date(`${shopToday}T00:00:00Z`)
  const year = today.getUTCFullYear()
  const month = today.getUTCMonth()
  const day = (monthOf: number, date: number) => isoDay(new Date(Date.UTC(year, monthOf, date)))
  const daysBack = (days: number) => ({ from: day(month, today.getUTCDate() - (days - 1)), to: isoDay(today) })
  switch (preset) {
    case 'last7':
      return daysBack(7)
    case 'thisMonth':
      return { from: day(month, 1), to: isoDay(today) }
    case 'lastMonth':
      return { from: day(month - 1, 1), to: day(month, 0) }
    default:
      return daysBack(30)
  }
}

/** Days in a period, both ends counted (0 when it runs backwards or a date is not one). */
export function periodDays(period: Period): number {
  const from = Date.parse(`${period.from}T00:00:00Z`)
  const to = Date.parse(`${period.to}T00:00:00Z`)
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return 0
  return Math.round((to - from) / 86_400_000) + 1
}

/** Bars per day up to two months, per week up to a year, per month beyond: never more than about 60 bars. */
export function groupingFor(period: Period): Exclude<SalesGrouping, 'category'> {
  const days = periodDays(period)
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month'
}

// In the shop's locale (format.ts): "3 Mar" in a UK shop, "Mar 3" in a US one.
const dayLabel = { format: (date: Date) => shopDateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date) }
const monthLabel = { format: (date: Date) => shopDateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date) }

/** A group's key as a bar's label: `24 Nov`, `w/c 23 Nov` or `Week 48`, `Nov 2026`. */
export function groupLabel(key: string, groupBy: SalesGrouping): string {
  if (groupBy === 'category') return key === '' ? 'No category' : key
  const week = /^\d{4}-W(\d{1,2})$/.exec(key)
  if (week) return `Week ${Number(week[1])}`
  if (/^\d{4}-\d{2}$/.test(key)) return monthLabel.format(new Date(`${key}-01T00:00:00Z`))
  const date = new Date(`${key.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return key
  if (groupBy === 'month') return monthLabel.format(date)
  return groupBy === 'week' ? `w/c ${dayLabel.format(date)}` : dayLabel.format(date)
}

/** What the bar chart draws: one label and one value per group, in the report's order. */
export interface ChartSeries {
  labels: string[]
  sold: number[]
  returned: number[]
}

export function chartSeries(report: Pick<SalesReport, 'groupBy' | 'groups'>): ChartSeries {
  return {
    labels: report.groups.map((group) => groupLabel(group.key, report.groupBy)),
    sold: report.groups.map((group) => group.sold),
    returned: report.groups.map((group) => group.returned)
  }
}

/** One row of the ranked category list; `share` is its bar's length, 1 for the best seller. */
export interface RankedCategory {
  key: string
  label: string
  sold: number
  total: number
  share: number
}

/** Categories that sold anything, best first (ties by name), each with its bar's share of the best. */
export function rankedCategories(report: Pick<SalesReport, 'groups'>): RankedCategory[] {
  const selling = report.groups.filter((group) => group.sold > 0)
  const best = maxOf(
    selling.map((group) => group.sold),
    0
  )
  return selling
    .map((group) => ({ key: group.key, label: groupLabel(group.key, 'category'), sold: group.sold, total: group.total, share: group.sold / best }))
    .sort((a, b) => b.sold - a.sold || a.label.localeCompare(b.label))
}

/** A price total as money in the shop's locale (`€59.97` for en-GB, `59,97 €` for de-DE), or plain when the shop has no currency set. */
export function formatMoney(amount: number, currency?: string | null, locale = 'en-GB'): string {
  // The one money formatter (src-shared/money.ts); an unknown currency code shows the amount with the code after it.
  return currency ? formatShopMoney(amount, { currency, locale }) : moneyFieldText(amount, locale)
}
