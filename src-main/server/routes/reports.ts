/** GET /v3/reports/sales (extension, issue 14): plants sold and returned in a period, from the change log. */
import type { H3, H3Event } from 'h3'
import { readSettings } from '#settings/settings'
import { HISTORY_PATHS, SALES_GROUPINGS, type SalesGrouping, type SalesReport } from '#shared/history'
import type { FieldError } from '#shared/problem'
import { type PlantStore, salesReportOf } from '#store'
import { refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { routePattern } from '#server/urls'

/** The longest period one report covers (about ten years of daily groups). */
export const REPORT_DAYS_MAX = 3660
/** The currency named when the shop has not set one. */
const DEFAULT_CURRENCY = 'EUR'

function readDate(params: URLSearchParams, name: string, errors: FieldError[]): string {
  const raw = params.get(name)
  const valid = raw !== null && /^\d{4}-\d{2}-\d{2}$/.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw)
  if (!valid)
    errors.push({
      field: name,
      message: `${name} must be a date written YYYY-MM-DD, such as 2026-11-24; got ${raw === null ? 'nothing' : `"${raw}"`}`
    })
  return raw ?? ''
}

function parseReportQuery(params: URLSearchParams): { from: string; to: string; groupBy: SalesGrouping } {
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['from', 'to', 'groupBy'], errors)
  const from = readDate(params, 'from', errors)
  const to = readDate(params, 'to', errors)
  const groupBy = (params.get('groupBy') ?? 'day') as SalesGrouping
  if (!SALES_GROUPINGS.includes(groupBy))
    errors.push({ field: 'groupBy', message: `groupBy must be one of ${SALES_GROUPINGS.join(', ')}; got "${groupBy}"` })
  if (errors.length === 0) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
    if (days < 1) errors.push({ field: 'to', message: `to (${to}) is before from (${from})` })
    else if (days > REPORT_DAYS_MAX)
      errors.push({ field: 'to', message: `the period is ${days} days long; a report covers at most ${REPORT_DAYS_MAX}` })
  }
  throwIfInvalid(errors)
  return { from, to, groupBy }
}

/** The shop's currency (the shop settings' `currency`, issue 15), else {@link DEFAULT_CURRENCY}. */
async function currencyOf(store: PlantStore): Promise<string> {
  const currency = ((await readSettings(store.dir)) as Record<string, unknown>).currency
  return typeof currency === 'string' && currency !== '' ? currency : DEFAULT_CURRENCY
}

async function salesReport(event: H3Event, store: PlantStore): Promise<SalesReport> {
  const { from, to, groupBy } = parseReportQuery(new URLSearchParams(event.url.search))
  return salesReportOf(await store.history.dailySales(), from, to, groupBy, await currencyOf(store))
}

/** Registers the sales report. */
export function registerReportRoutes(app: H3, store: PlantStore): void {
  app.get(routePattern(HISTORY_PATHS.salesReport), (event) => salesReport(event, store))
}
