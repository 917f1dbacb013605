/**
 * The sales report of a period, added up from the daily aggregate
 * (sales-aggregate.ts, where the rules are): grouped by day, ISO week or
 * month with every group of the period present (zero-filled, so a chart can
 * draw them as they come), or by category, ranked by plants sold.
 */
import type { SalesCounts, SalesGrouping, SalesReport } from '#shared/history'
import type { Counts, DailySales } from './sales-aggregate'

const DAY_MS = 24 * 60 * 60 * 1000

/** The dates from `from` to `to` (YYYY-MM-DD, both included), UTC. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = []
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS)
    days.push(new Date(time).toISOString().slice(0, 10))
  return days
}

/** ISO 8601 week of a date: `2026-W48` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS)
  const year = thursday.getUTCFullYear()
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7)
  return `${year}-W${String(week).padStart(2, '0')}`
}

const KEY_OF: Record<Exclude<SalesGrouping, 'category'>, (day: string) => string> = {
  day: (day) => day,
  week: isoWeekOf,
  month: (day) => day.slice(0, 7)
}

/** The key of the group `day` (YYYY-MM-DD) falls in when grouping by day, ISO week or month. */
export function dateGroupOf(groupBy: Exclude<SalesGrouping, 'category'>, day: string): string {
  return KEY_OF[groupBy](day)
}

const zero = (): SalesCounts => ({ sold: 0, returned: 0, net: 0, total: 0 })

function addTo(target: SalesCounts, [sold, returned, total]: Counts): void {
  target.sold += sold
  target.returned += returned
  target.net = target.sold - target.returned
  target.total = Math.round((target.total + total) * 1e6) / 1e6
}

/** The report of `from`..`to` grouped by `groupBy`, from the daily counts. */
export function salesReportOf(days: Readonly<DailySales>, from: string, to: string, groupBy: SalesGrouping, currency: string): SalesReport {
  const groups = new Map<string, SalesCounts>()
  const totals = zero()
  for (const day of daysOf(from, to)) {
    if (groupBy !== 'category' && !groups.has(KEY_OF[groupBy](day))) groups.set(KEY_OF[groupBy](day), zero())
    for (const [category, counts] of Object.entries(days[day] ?? {})) {
      const key = groupBy === 'category' ? category : KEY_OF[groupBy](day)
      if (!groups.has(key)) groups.set(key, zero())
      addTo(groups.get(key)!, counts)
      addTo(totals, counts)
    }
  }
  let list = [...groups].map(([key, counts]) => ({ key, ...counts }))
  if (groupBy === 'category') list = list.sort((a, b) => b.sold - a.sold || b.returned - a.returned || a.key.localeCompare(b.key))
  return { from, to, groupBy, currency, groups: list, totals }
}
