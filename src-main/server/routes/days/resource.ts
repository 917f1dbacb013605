/**
 * The till's days (extensions): the X report of the day being traded, its close with the cash counted (the Z report,
 * numbered, starting the next day), and a closed day by its number. The store keeps the days (src-main/store/sales/);
 * routes only translate. Each operation is declared with its OpenAPI object.
 */
import type { H3Event } from 'h3'
import { componentsOf, validate } from '#shared/body-rules'
import { DAY_CLOSE_BODY, DAY_PATHS, type DayClose } from '#shared/day'
import type { ShopStore } from '#store'
import { EXTENSION_HEADERS } from '#shared/api-paths'
import { shopOf, type Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { readIdempotencyKey } from '#server/http/idempotency-key'
import { IDEMPOTENCY_KEY_PARAMETER, afterLedger } from '#server/routes/sales/resource'
import { numberParam } from '#server/http/path-params'
import { readJsonBody } from '#server/http/read-json-body'
import {
  JSON_BODY_RESPONSES,
  NOT_SAVED_RESPONSE,
  extensionOperation,
  json,
  jsonBody,
  numberParameter,
  problemResponse,
  queryParam,
  ref,
  type JsonSchema
} from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { defineOperation, defineResource } from '#server/routes/operation'
import { dayReportHtml } from '#server/routes/sales/day-report-html'
import { printableResponse, readPaper } from '#server/routes/sales/printable-page'
import { RECEIPT_PAPERS } from '#shared/sale'

async function closeDay(event: H3Event, { store }: Shop): Promise<DayClose> {
  const checked = validate(DAY_CLOSE_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('saleInvalid', 'The day was not closed', checked.errors)
  const key = readIdempotencyKey(event)
  const outcome = await store.days.close(checked.value, actorIn(event), key)
  if (outcome.replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  event.res.status = 201
  return outcome.day
}

function closedDay(event: H3Event, store: ShopStore): DayClose {
  const number = numberParam(event, 'number')
  const day = store.days.closed(number)
  if (!day) throw problem('receiptNotFound', number, 'day')
  return day
}

/** The X report (the path's day is `current`) or a closed day's Z report, as a printable page on `paper` (80mm when absent). */
async function reportPage(event: H3Event, { store, settings }: Shop): Promise<Response> {
  const close = event.context.params?.number === undefined ? undefined : closedDay(event, store)
  const report = close ? close.report : store.days.current()
  const paper = readPaper(event)
  return printableResponse(dayReportHtml(report, close, await settings.sales(), await settings.shop(), paper))
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI description of the day routes.
// ---------------------------------------------------------------------------------------------

const minor = (description: string): JsonSchema => ({ type: 'integer', description: `${description} In minor units (cents).` })

const report: JsonSchema = {
  type: 'object',
  required: ['day', 'sales', 'refunds', 'gross', 'discounts', 'refunded', 'net', 'tax', 'taxRates', 'payments', 'openingFloat', 'expectedCash'],
  properties: {
    day: { type: 'integer', minimum: 1 },
    openedAt: { type: 'string', format: 'date-time', description: "The previous day's close; absent for the first day." },
    sales: { type: 'integer', minimum: 0 },
    refunds: { type: 'integer', minimum: 0 },
    gross: minor('Sales at their unit prices, before discounts.'),
    discounts: minor('Line and basket discounts.'),
    refunded: minor('Money given back by refunds.'),
    net: minor('Takings: what sales took minus what refunds gave back.'),
    tax: minor('Tax of sales minus tax of refunds.'),
    taxRates: { type: 'array', items: ref('TaxLine') },
    payments: {
      type: 'object',
      required: ['cash', 'card', 'other'],
      properties: { cash: minor(''), card: minor(''), other: minor('') },
      description: 'Net takings by how they were paid.'
    },
    openingFloat: minor('Cash in the drawer when the day started.'),
    expectedCash: minor('openingFloat + cash taken − cash given back.'),
    staff: {
      type: 'array',
      description: 'Takings per staff member at the till (their sales and refunds); present once a sale or refund of the day names one.',
      items: {
        type: 'object',
        required: ['staff', 'sales', 'refunds', 'gross', 'discounts', 'refunded', 'net', 'tax'],
        properties: {
          staff: { type: 'string' },
          sales: { type: 'integer', minimum: 0 },
          refunds: { type: 'integer', minimum: 0 },
          gross: minor(''),
          discounts: minor(''),
          refunded: minor(''),
          net: minor(''),
          tax: minor('')
        }
      }
    }
  }
}

const closed: JsonSchema = {
  type: 'object',
  required: ['day', 'closedAt', 'till', 'report', 'counted', 'difference', 'nextFloat'],
  properties: {
    day: { type: 'integer', minimum: 1 },
    closedAt: { type: 'string', format: 'date-time' },
    till: { type: 'string' },
    staff: { type: 'string', description: 'The staff member at the till who closed it; only once staff members are set up.' },
    report: ref('DayReport'),
    counted: minor('Cash counted.'),
    difference: minor('counted − expectedCash: above 0 over, below 0 short.'),
    nextFloat: minor("Cash left for the next day's opening float.")
  }
}

const paperParam = queryParam('paper', 'The paper to lay out for; 80mm when absent.', { type: 'string', enum: [...RECEIPT_PAPERS] })
const page = (what: string) => ({ description: what, content: { 'text/html': { schema: { type: 'string' } } } })

const currentDayReportDoc = extensionOperation({
  operationId: 'current-day-report',
  summary: 'The X report as a printable HTML page (extension)',
  description:
    'GET /v3/days/current laid out like a receipt (80 mm or 58 mm roll, A5), with the shop head; the page runs no script and loads nothing.',
  parameters: [paperParam],
  responses: { '200': page('The X report.'), '400': problemResponse('paper is not 80mm, 58mm or a5.') }
})

const dayReportDoc = extensionOperation({
  operationId: 'day-report',
  summary: "A closed day's Z report as a printable HTML page (extension)",
  description: 'GET /v3/days/{number} laid out like a receipt: the takings, by payment and tax rate, the cash expected, counted and the difference.',
  parameters: [numberParameter('number'), paperParam],
  responses: {
    '200': page('The Z report.'),
    '400': problemResponse('The number is not a whole number from 1, or paper is not 80mm, 58mm or a5.'),
    '404': problemResponse('No closed day has this number (the day being traded is GET /v3/days/current/report).')
  }
})

const currentDayDoc = extensionOperation({
  operationId: 'current-day',
  summary: 'The X report: the day being traded so far (extension)',
  description: 'Sales and refunds once each, money as net takings; changes nothing.',
  responses: { '200': { description: 'The day so far.', content: json(ref('DayReport')) } }
})

const closeDayDoc = extensionOperation({
  operationId: 'close-day',
  summary: 'Close the day with the cash counted: the Z report, numbered; the next day starts (extension; read-write tokens)',
  description:
    '{"counted": 12345, "nextFloat": 5000, "day": 12}: counted is the cash in the drawer; nextFloat the cash left for tomorrow (0 when absent); ' +
    'day, when sent, the number of the day meant (its X report says it): 409 when that day is closed already, so two tills closing at once ' +
    'close it once and not an empty day after it. With an Idempotency-Key, a retry or a double click answers the first close instead of closing the next day too.',
  parameters: [IDEMPOTENCY_KEY_PARAMETER],
  requestBody: jsonBody(DAY_CLOSE_BODY),
  responses: {
    '201': { description: 'The closed day.', content: json(ref('ClosedDay')) },
    '400': problemResponse('Invalid body; errors[] names each fault.'),
    '409': problemResponse(
      'The day named by day is closed already (day-closed-already) or has not started (day-not-started: not the day being traded); nothing was changed.'
    ),
    '422': problemResponse('The Idempotency-Key was used for another request; nothing was changed.'),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

const getDayDoc = extensionOperation({
  operationId: 'get-day',
  summary: 'A closed day (its Z report) by its number (extension)',
  parameters: [numberParameter('number')],
  responses: {
    '200': { description: 'The closed day.', content: json(ref('ClosedDay')) },
    '400': problemResponse('The number is not a whole number from 1.'),
    '404': problemResponse('No closed day has this number (the day being traded is GET /v3/days/current).')
  }
})

/** The day routes over the app's store: the X report, closing the day, the closed days and their printable reports. */
export const daysResource = defineResource({
  context: shopOf,
  schemas: { ...componentsOf(DAY_CLOSE_BODY), DayReport: report, ClosedDay: closed },
  operations: [
    defineOperation<Shop>({
      method: 'GET',
      path: DAY_PATHS.current,
      head: 'listed',
      openapi: currentDayDoc,
      handler: afterLedger((_event, { store }) => store.days.current())
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: DAY_PATHS.close,
      staff: 'close-day',
      body: DAY_CLOSE_BODY,
      openapi: closeDayDoc,
      handler: afterLedger(closeDay)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: DAY_PATHS.day,
      head: 'listed',
      openapi: getDayDoc,
      handler: afterLedger((event, { store }) => closedDay(event, store))
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: DAY_PATHS.currentReport,
      head: 'listed',
      openapi: currentDayReportDoc,
      handler: afterLedger(reportPage)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: DAY_PATHS.dayReport,
      head: 'listed',
      openapi: dayReportDoc,
      handler: afterLedger(reportPage)
    })
  ]
})
