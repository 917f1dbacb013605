/**
 * The Reports view as one CSV file: the same figures as the charts, a section
 * per table (`period`, `category`, `stock`, `totals`), so a spreadsheet can
 * filter by the first column. `takings` is the till's net takings (what sales
 * took minus what refunds gave back, as the view and the Z report show them) of
 * each day, week or month and of the period; categories have none (the till
 * counts money per sale, not per category). Pure (test/unit/ui/report-csv.test.ts).
 */
import type { StatusCounts } from '#shared/api-client'
import type { Takings } from '#shared/day'
import { PLANT_STATUSES } from '#shared/plant'
import type { SalesReport } from '#shared/history'
import { asCents, toDecimal } from '#shared/money'

export const REPORT_CSV_HEADER = ['section', 'key', 'sold', 'returned', 'net', 'total', 'takings', 'plants'] as const

/** A cell a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading apostrophe, as the catalogue export does. */
export function guardCell(cell: string): string {
  return /^'*[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}

/** RFC 4180 quoting: only cells that need it, doubling quotes inside. */
export function quoteCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

type Cell = string | number

function line(cells: readonly Cell[]): string {
  return cells.map((cell) => (typeof cell === 'number' ? String(cell) : quoteCell(guardCell(cell)))).join(',')
}

export interface ReportTables {
  /** The period by day, week or month. */
  period: SalesReport
  /** The same period by category. */
  categories: SalesReport
  /** Plants in each status now. */
  stock: StatusCounts
}

/** The whole report as CSV text (BOM first, so spreadsheets read it as UTF-8; CRLF line ends). */
export function reportCsv({ period, categories, stock }: ReportTables): string {
  const rows: Cell[][] = [[...REPORT_CSV_HEADER]]
  const figures = (section: string, key: string, group: SalesReport['totals'], takings?: Takings): Cell[] => [
    section,
    key,
    group.sold,
    group.returned,
    group.net,
    group.total,
    takings ? toDecimal(asCents(takings.net)) : '',
    ''
  ]
  for (const group of period.groups) rows.push(figures(period.groupBy, group.key, group, group.takings))
  for (const group of categories.groups) rows.push(figures('category', group.key, group))
  for (const status of PLANT_STATUSES) rows.push(['stock', status, '', '', '', '', '', stock[status]])
  rows.push(figures('totals', `${period.from}..${period.to}`, period.totals, period.takings))
  return `\uFEFF${rows.map(line).join('\r\n')}\r\n`
}

/** The file name the download suggests: `sales-2026-10-26-to-2026-11-24.csv`. */
export function reportFileName(report: Pick<SalesReport, 'from' | 'to'>): string {
  return `sales-${report.from}-to-${report.to}.csv`
}
