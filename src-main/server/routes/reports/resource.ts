/** GET /v3/reports/sales (extension): plants sold and returned in a period, from the change log. */
import type { H3Event } from 'h3'
import { shopDay } from '#shared/shop-day'
import { takingsOf } from '#shared/day'
import type { Refund, Sale } from '#shared/sale'
import { HISTORY_PATHS, SALES_GROUPINGS, type SalesGrouping, type SalesReport } from '#shared/history'
import type { FieldError } from '#shared/problem'
import { dateGroupOf, salesReportOf } from '#store'
import { shopOf, type Shop } from '#server/routes/shop'
import { refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { extensionOperation, json, problemResponse, queryParam } from '#server/openapi/parts'
import { defineOperation, defineResource } from '#server/routes/operation'
import { readLedger } from '#server/routes/sales/resource'

/** The longest period one report covers (about ten years of daily groups). */
const REPORT_DAYS_MAX = 3660

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

async function salesReport(event: H3Event, { store, settings }: Shop): Promise<SalesReport> {
  const { from, to, groupBy } = parseReportQuery(new URLSearchParams(event.url.search))
  // The shop's currency and day, as GET /v3/settings/shop answers them.
  const { currency, timeZone } = await settings.shop()
  const report = salesReportOf(await store.history.dailySales(timeZone), from, to, groupBy, currency)
  const dayOf = (record: { at: string }) => shopDay(record.at, timeZone)
  const inPeriod = (record: { at: string }) => dayOf(record) >= from && dayOf(record) <= to
  await readLedger(store) // a start leaves it on disk: the first sales request reads it
  const sales = store.ledger.sales.filter(inPeriod)
  const refunds = store.ledger.refunds.filter(inPeriod)
  if (groupBy === 'category') return { ...report, takings: takingsOf(sales, refunds) }
  // One pass over the records, then one sum per group: a year of sales grouped by day stays linear.
  const buckets = new Map<string, { sales: Sale[]; refunds: Refund[] }>()
  const bucket = (record: { at: string }) => {
    const key = dateGroupOf(groupBy, dayOf(record))
    if (!buckets.has(key)) buckets.set(key, { sales: [], refunds: [] })
    return buckets.get(key)!
  }
  for (const sale of sales) bucket(sale).sales.push(sale)
  for (const refund of refunds) bucket(refund).refunds.push(refund)
  const groups = report.groups.map((group) => {
    const found = buckets.get(group.key)
    return { ...group, takings: takingsOf(found?.sales ?? [], found?.refunds ?? []) }
  })
  return { ...report, groups, takings: takingsOf(sales, refunds) }
}

const counts = {
  sold: { type: 'integer', minimum: 0 },
  returned: { type: 'integer', minimum: 0 },
  net: { type: 'integer', description: 'sold − returned' },
  total: { type: 'number', description: 'Sum of the prices at the time of each sale (plants without a price add nothing).' }
}
const TAKING_KEYS = ['sales', 'refunds', 'gross', 'discounts', 'refunded', 'net', 'tax']
const TAKINGS = { type: 'object', required: TAKING_KEYS, properties: Object.fromEntries(TAKING_KEYS.map((key) => [key, { type: 'integer' }])) }
const dateParam = (name: string, description: string) => ({ ...queryParam(name, description, { type: 'string', format: 'date' }), required: true })

const salesReportDoc = extensionOperation({
  operationId: 'sales-report',
  summary: 'Plants sold and returned in a period (extension for the staff UI)',
  description:
    "Not part of the contract. A change to sold is a sale on its day (the shop's day: a date in its time zone, GET /v3/settings/shop), with the price the plant had then; a change " +
    'from sold back to available or pending is a return on its day: a plant sold and returned in the period counts in ' +
    'both. A plant added already sold is a sale unless an import added it. A line kept in stock counts its pots (extension): a sold ' +
    'movement of 3 is 3 sales at its price, a returned movement of 1 is a return, no other movement is either. Day, week (ISO, e.g. 2026-W48) and month ' +
    'groups cover the whole period, zero-filled; category groups are ranked by plants sold ("" for no category; one group whatever the case, named as first written).',
  parameters: [
    dateParam('from', "First day of the period (YYYY-MM-DD, a date in the shop's time zone)."),
    dateParam('to', `Last day of the period, included; at most ${REPORT_DAYS_MAX} days after from.`),
    queryParam('groupBy', 'How to group the counts.', { type: 'string', enum: [...SALES_GROUPINGS], default: 'day' })
  ],
  responses: {
    '200': {
      description: 'The report.',
      content: json({
        type: 'object',
        required: ['from', 'to', 'groupBy', 'currency', 'groups', 'totals'],
        properties: {
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
          groupBy: { type: 'string', enum: [...SALES_GROUPINGS] },
          currency: { type: 'string', description: 'ISO 4217 code of the shop (as GET /v3/settings/shop answers it)' },
          groups: {
            type: 'array',
            items: {
              type: 'object',
              required: ['key', ...Object.keys(counts)],
              properties: { key: { type: 'string' }, ...counts, takings: { ...TAKINGS, description: "The group's takings (date groups only)." } }
            }
          },
          totals: { type: 'object', required: Object.keys(counts), properties: counts },
          takings: {
            ...TAKINGS,
            description:
              "The till's completed sales and refunds of the period (POST /v3/sales, their refunds), each counted once; money as net " +
              "takings in minor units, equal to the Z reports' net over the same sales."
          }
        }
      })
    },
    '400': problemResponse('A date that is not YYYY-MM-DD, to before from, a period over ten years, an unknown groupBy or query parameter.')
  }
})

/** The sales report, over the app's store. */
export const reportsResource = defineResource({
  context: shopOf,
  operations: [
    defineOperation<Shop>({
      method: 'GET',
      path: HISTORY_PATHS.salesReport,
      openapi: salesReportDoc,
      handler: (event, shop) => salesReport(event, shop)
    })
  ]
})
