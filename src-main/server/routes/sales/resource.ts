/**
 * Sales (extensions, not part of the contract): complete a sale (the basket, its payments, an Idempotency-Key), read
 * one by its receipt number, list a day's. The store prices, settles and saves a sale in one journal line
 * (src-main/store/sales/); routes only translate. Read-only tokens read sales; only read-write tokens sell (the
 * token check refuses their POST). Each operation is declared with its OpenAPI object.
 */
import type { H3Event } from 'h3'
import { EXTENSION_HEADERS } from '#shared/api-paths'
import { componentsOf, validate } from '#shared/body-rules'
import type { FieldError } from '#shared/problem'
import { DAY_PATTERN, NEW_REFUND_BODY, NEW_SALE_BODY, RECEIPT_PAPERS, SALE_BODY_DEPTH, SALE_PATHS, type Refund, type Sale } from '#shared/sale'
import { publicOf, type ShopStore } from '#store'
import { DataFileError, RefundOverLimitError } from '#store/errors'
import { shopOf, type Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { IDEMPOTENCY_KEY_SCHEMA, readIdempotencyKey } from '#server/http/idempotency-key'
import { numberParam } from '#server/http/path-params'
import { refuseUnknownParams, throwIfInvalid } from '#server/http/query'
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
  ref
} from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { requireMaySell } from '#server/security/staff-actions'
import { refundLimitOf } from '#server/security/staff-gate'
import { defineOperation, defineResource } from '#server/routes/operation'
import { SALE_ANSWER_SCHEMAS } from './schemas'
import { receiptHtml } from './receipt-html'
import { refundSlipHtml } from './refund-slip-html'
import { printableResponse, readPaper } from './printable-page'
import { shopDay } from '#shared/shop-day'

async function completeSale(event: H3Event, { store, settings }: Shop): Promise<Sale> {
  const checked = validate(NEW_SALE_BODY, await readJsonBody(event, 400, SALE_BODY_DEPTH))
  if (!checked.ok) throw problem('saleInvalid', 'The sale was not completed', checked.errors)
  requireMaySell(event, checked.value)
  const key = readIdempotencyKey(event)
  const outcome = await store.sales.complete(
    { sale: checked.value, settings: await settings.sales(), ...(key === undefined ? {} : { key }) },
    actorIn(event)
  )
  if (outcome.replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  event.res.status = 201
  event.res.headers.set('location', `/v3/sales/${outcome.sale.receipt}`)
  return outcome.sale
}

async function makeRefund(event: H3Event, { store }: Shop): Promise<Refund> {
  const receipt = numberParam(event, 'receipt')
  const checked = validate(NEW_REFUND_BODY, await readJsonBody(event, 400, SALE_BODY_DEPTH))
  if (!checked.ok) throw problem('saleInvalid', 'The refund was not made', checked.errors)
  const key = readIdempotencyKey(event)
  const limit = refundLimitOf(event)
  const outcome = await store.refunds
    .make({ receipt, refund: checked.value, ...(key === undefined ? {} : { key }), ...(limit === undefined ? {} : { limit }) }, actorIn(event))
    .catch((error: unknown) => {
      if (error instanceof RefundOverLimitError) throw problem('refundOverLimit', error.total, event.context.staff!, true)
      throw error
    })
  if (outcome.replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  event.res.status = 201
  return outcome.refund
}

function refundsOf(event: H3Event, { store }: Shop): { refunds: Refund[] } {
  const sale = saleOf(event, store)
  return { refunds: store.ledger.refunds.filter((refund) => refund.receipt === sale.receipt).map(publicOf) }
}

/** The sale with the path's receipt number; 404 when none has it. */
export function saleOf(event: H3Event, store: ShopStore): Sale {
  const receipt = numberParam(event, 'receipt')
  const sale = store.ledger.sale(receipt)
  if (!sale) throw problem('receiptNotFound', receipt, 'sale')
  return publicOf(sale)
}

/** `day` (YYYY-MM-DD, the shop's date in its time zone), today's when absent. */
function readDay(params: URLSearchParams, timeZone: string): string {
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['day'], errors)
  const day = params.get('day') ?? shopDay(new Date(), timeZone)
  if (!DAY_PATTERN.test(day))
    errors.push({ field: 'day', message: `day must be a date written YYYY-MM-DD, such as 2026-11-25; got "${day.slice(0, 20)}"` })
  throwIfInvalid(errors)
  return day
}

async function listSales(event: H3Event, { store, settings }: Shop): Promise<{ day: string; sales: Sale[]; refunds: Refund[] }> {
  const { timeZone } = await settings.shop()
  const day = readDay(new URLSearchParams(event.url.search), timeZone)
  const onDay = (record: { at: string }) => shopDay(record.at, timeZone) === day
  return { day, sales: store.ledger.sales.filter(onDay).map(publicOf), refunds: store.ledger.refunds.filter(onDay).map(publicOf) }
}

/** The slip of the path's refund of the path's sale as a printable page, on `paper` (80mm when absent). */
async function refundSlipPage(event: H3Event, { store, settings }: Shop): Promise<Response> {
  const sale = saleOf(event, store)
  const number = numberParam(event, 'refund')
  const refund = store.ledger.refunds.find((each) => each.refund === number && each.receipt === sale.receipt)
  if (!refund) throw problem('receiptNotFound', number, 'refund', sale.receipt)
  const paper = readPaper(event)
  return printableResponse(refundSlipHtml(publicOf(refund), await settings.sales(), await settings.shop(), paper))
}

/** The receipt of the path's sale as a printable page, on `paper` (80mm when absent). */
async function receiptPage(event: H3Event, { store, settings }: Shop): Promise<Response> {
  const sale = saleOf(event, store)
  const paper = readPaper(event)
  return printableResponse(receiptHtml(sale, await settings.sales(), await settings.shop(), paper))
}

/**
 * An operation's handler that runs `handler` once the sales ledger is read: a start leaves it on disk, and the first
 * sales request after it reads it (once; see SalesLedger.deferred).
 */
export function afterLedger<R>(handler: (event: H3Event, shop: Shop) => R | Promise<R>) {
  return async (event: H3Event, shop: Shop): Promise<R> => {
    await readLedger(shop.store)
    return handler(event, shop)
  }
}

/** Reads the sales ledger (once after a start); a damaged one is a 503 naming the file and the line. */
export async function readLedger(store: ShopStore): Promise<void> {
  await store.ledger.load().catch((error: unknown) => {
    throw error instanceof DataFileError ? problem('salesLedgerDamaged', error.file, error.problem) : error
  })
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI description of the sale routes.
// ---------------------------------------------------------------------------------------------

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A new random key (a UUID) per basket, as a quoted string. A retry with the same key and body answers the first sale again ' +
    '(header Idempotent-Replayed: true) and sells nothing again: a double click or a retry after a lost answer never sells twice.',
  schema: IDEMPOTENCY_KEY_SCHEMA
}

export const RECEIPT_PARAMETER = numberParameter('receipt')

const PAPER_PARAMETER = queryParam('paper', 'The paper to lay out for; 80mm when absent.', { type: 'string', enum: [...RECEIPT_PAPERS] })

const complete = extensionOperation({
  operationId: 'complete-sale',
  summary: 'Complete a sale: the basket, its payments, one journal line (extension; read-write tokens)',
  description:
    '{"lines": [{"plantId": 7, "quantity": 2}, {"plantId": 9, "quantity": 1, "discount": {"amount": 100, "reason": "damaged leaf"}}], ' +
    '"payments": [{"method": "cash", "amount": 2350, "given": 3000}]}. Amounts are minor units. Each line sells its pots (stock ' +
    'movement, reason sold; a single plant becomes sold); the sale record with the next receipt number, every movement and the change ' +
    'log entries are saved in ONE journal line, or nothing is. A line never takes stock below zero (409 not-enough-stock: count the ' +
    'shelf first). The payments must add up to the total exactly; cash may give more (given), the rest is change.',
  parameters: [IDEMPOTENCY_KEY_PARAMETER],
  requestBody: jsonBody(NEW_SALE_BODY),
  responses: {
    '201': {
      description: 'The sale as saved.',
      headers: { Location: { schema: { type: 'string' } }, 'Idempotent-Replayed': { schema: { type: 'string' } } },
      content: json(ref('Sale'))
    },
    '400': problemResponse(
      'Invalid body, a plant without a price and no unitPrice, a discount above what it discounts, payments above the total; errors[] names each.'
    ),
    '404': problemResponse('A plantId names no plant (or a deleted one); nothing was changed.'),
    '409': problemResponse(
      'payment-short: the payments come to less than the total; not-enough-stock / no-stock-kept: a line the stock cannot take.'
    ),
    '422': problemResponse('The Idempotency-Key was used for another body; nothing was changed.'),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

const list = extensionOperation({
  operationId: 'list-sales',
  summary: "A day's sales and refunds (extension)",
  parameters: [
    queryParam('day', "The shop's date (YYYY-MM-DD, in its time zone: GET /v3/settings/shop); today's when absent.", {
      type: 'string',
      pattern: DAY_PATTERN.source // the server's own check: a month 01–12, a day 01–31
    })
  ],
  responses: {
    '200': {
      description: 'The sales and refunds made that day, oldest first.',
      content: json({
        type: 'object',
        required: ['day', 'sales', 'refunds'],
        properties: { day: { type: 'string' }, sales: { type: 'array', items: ref('Sale') }, refunds: { type: 'array', items: ref('Refund') } }
      })
    },
    '400': problemResponse('day is not YYYY-MM-DD, or an unknown query parameter.')
  }
})

const one = extensionOperation({
  operationId: 'get-sale',
  summary: 'One sale by its receipt number (extension)',
  parameters: [RECEIPT_PARAMETER],
  responses: {
    '200': { description: 'The sale, as saved.', content: json(ref('Sale')) },
    '400': problemResponse('The receipt number is not a whole number from 1.'),
    '404': problemResponse('No sale has this receipt number.')
  }
})

const refund = extensionOperation({
  operationId: 'refund-sale',
  summary: 'Refund lines of a sale, restocking or not, with the money back (extension; read-write tokens)',
  description:
    '{"lines": [{"line": 1, "quantity": 1, "restock": false}], "reason": "died within a week", "payments": [{"method": "cash", "amount": 399}]}. ' +
    "A line is the sale line's number on the receipt (1 for the first). The money back for q of a line's Q pots is total × q / Q " +
    '(tax likewise), rounded half away from zero, the last pots taking what is left. Restocked pots go back into stock (reason returned); ' +
    "a plant that died does not (restock false). Payments default to the sale's first method for the whole amount and must add up to " +
    'it. The refund, its movements and their change log entries are ONE journal line. Never more than was sold, over all refunds.',
  parameters: [RECEIPT_PARAMETER, IDEMPOTENCY_KEY_PARAMETER],
  requestBody: jsonBody(NEW_REFUND_BODY),
  responses: {
    '201': { description: 'The refund as saved.', headers: { 'Idempotent-Replayed': { schema: { type: 'string' } } }, content: json(ref('Refund')) },
    '400': problemResponse('Invalid body, a line the sale does not have, payments that do not add up to the money back; errors[] names each.'),
    '404': problemResponse('No sale has this receipt number (or a restocked plant was deleted).'),
    '409': problemResponse('refund-beyond-sale: more pots than are left to refund of a line (errors[] says how many are left); nothing was changed.'),
    '422': problemResponse('The Idempotency-Key was used for another body; nothing was changed.'),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

const refundList = extensionOperation({
  operationId: 'list-sale-refunds',
  summary: 'The refunds of a sale (extension)',
  parameters: [RECEIPT_PARAMETER],
  responses: {
    '200': {
      description: 'Its refunds, oldest first.',
      content: json({ type: 'object', required: ['refunds'], properties: { refunds: { type: 'array', items: ref('Refund') } } })
    },
    '400': problemResponse('The receipt number is not a whole number from 1.'),
    '404': problemResponse('No sale has this receipt number.')
  }
})

const receipt = extensionOperation({
  operationId: 'sale-receipt',
  summary: "A sale's receipt as a printable HTML page (extension)",
  description:
    'The shop name, address and VAT number (GET /v3/settings/sales), the lines, the tax breakdown, the payments and change, and the ' +
    'receipt number as text (element id receipt-number), laid out for an 80 mm or 58 mm roll or an A5 sheet. Reprint any past receipt.',
  parameters: [RECEIPT_PARAMETER, PAPER_PARAMETER],
  responses: {
    '200': { description: 'The receipt.', content: { 'text/html': { schema: { type: 'string' } } } },
    '400': problemResponse('The receipt number is not a whole number from 1, or paper is not 80mm, 58mm or a5.'),
    '404': problemResponse('No sale has this receipt number.')
  }
})

const refundSlip = extensionOperation({
  operationId: 'refund-slip',
  summary: "A refund's slip to hand the customer, as a printable HTML page (extension)",
  description:
    "The shop's head as on the receipt, the refund's number (element id refund-number) and the original receipt's (element id " +
    'receipt-number), when, the till and who served, the lines given back with their plant codes, the tax in the money back, the ' +
    'money back by method and the reason, laid out for an 80 mm or 58 mm roll or an A5 sheet. Reprint any past refund.',
  parameters: [RECEIPT_PARAMETER, numberParameter('refund'), PAPER_PARAMETER],
  responses: {
    '200': { description: 'The refund slip.', content: { 'text/html': { schema: { type: 'string' } } } },
    '400': problemResponse('The receipt or refund number is not a whole number from 1, or paper is not 80mm, 58mm or a5.'),
    '404': problemResponse('No sale has this receipt number, or the sale has no refund with this number.')
  }
})

/** The sale routes over the app's store: sales, one sale, its refunds, its printable receipt and refund slips. */
export const salesResource = defineResource({
  context: shopOf,
  schemas: { ...componentsOf(NEW_SALE_BODY, NEW_REFUND_BODY), ...SALE_ANSWER_SCHEMAS },
  operations: [
    defineOperation<Shop>({
      method: 'GET',
      path: SALE_PATHS.sales,
      head: 'listed',
      openapi: list,
      handler: afterLedger(listSales)
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: SALE_PATHS.sales,
      staff: 'decided-by-body', // a sale; one that overrides a plant's price is a price change
      body: NEW_SALE_BODY,
      openapi: complete,
      handler: afterLedger(completeSale)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: SALE_PATHS.sale,
      head: 'listed',
      openapi: one,
      handler: afterLedger((event, { store }) => saleOf(event, store))
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: SALE_PATHS.refunds,
      head: 'listed',
      openapi: refundList,
      handler: afterLedger(refundsOf)
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: SALE_PATHS.refunds,
      staff: 'refund', // a staff member up to their limit: the route asks (refundLimitOf)
      body: NEW_REFUND_BODY,
      openapi: refund,
      handler: afterLedger(makeRefund)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: SALE_PATHS.receipt,
      head: 'listed',
      openapi: receipt,
      handler: afterLedger(receiptPage)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: SALE_PATHS.refundSlip,
      head: 'listed',
      openapi: refundSlip,
      handler: afterLedger(refundSlipPage)
    })
  ]
})
