/**
 * Stock (extensions, not part of the contract): a movement of one plant (If-Match and Idempotency-Key honoured as on
 * the other writes), many movements at once all or nothing (a stock-take, a delivery), and the stock report. The
 * store decides what stock may move (src-main/store/stock/); routes only translate. Each operation is declared with its OpenAPI object.
 */
import type { H3Event } from 'h3'
import { EXTENSION_HEADERS } from '#shared/api-paths'
import type { FieldError } from '#shared/problem'
import {
  BULK_STOCK_BODY_DEPTH,
  STOCK_PATHS,
  STOCK_REASONS,
  validateStockLines,
  validateStockMove,
  type BulkStockAnswer,
  type StockAnswer,
  type StockLine,
  type StockReport,
  stockJsonSchemas
} from '#shared/stock'
import { shopDay } from '#shared/shop-day'
import type { Plant } from '#shared/plant'
import { belowZeroLines, stockReportOf, type ShopStore, type StockOutcome } from '#store'
import { shopOf, type Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { IF_MATCH_PATTERN, readIfMatch, setPlantEtag } from '#server/http/conditional'
import { IDEMPOTENCY_KEY_SCHEMA, readIdempotencyKey } from '#server/http/idempotency-key'
import { refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { readJsonBody } from '#server/http/read-json-body'
import { problem } from '#server/problems/problems'
import { principalOf } from '#server/security/security'
import { requireMayMoveStock } from '#server/security/staff-actions'
import { defineOperation, defineResource } from '#server/routes/operation'
import { PLANT_ID_PARAMETER, extensionOperation, json, problemResponse, queryParam, ref } from '#server/openapi/parts'
import { plantIdParam } from '#server/http/path-params'

/** Moves stock with the request's Idempotency-Key (if any); marks a replayed answer. */
async function move(event: H3Event, store: ShopStore, lines: StockLine[], condition?: ReturnType<typeof readIfMatch>): Promise<StockOutcome> {
  const key = readIdempotencyKey(event)
  const idempotency = key === undefined ? undefined : { by: principalOf(event).name, key }
  const outcome = await store.stock.move({ lines, ...(condition ? { condition } : {}), ...(idempotency ? { idempotency } : {}) }, actorIn(event))
  if (outcome.replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  return outcome
}

async function movePlantStock(event: H3Event, { store }: Shop): Promise<StockAnswer> {
  const id = plantIdParam(event)
  const checked = validateStockMove(await readJsonBody(event, 400))
  if (!checked.ok) throw problem('stockNotMoved', checked.errors)
  requireMayMoveStock(event, store, [{ ...checked.value, id }])
  const outcome = await move(event, store, [{ ...checked.value, id }], readIfMatch(event, id))
  const plant = outcome.plants[0]!
  setPlantEtag(event, plant)
  return { plant, movement: outcome.movements[0] ?? null }
}

async function moveBulkStock(event: H3Event, { store }: Shop): Promise<BulkStockAnswer> {
  const checked = validateStockLines(await readJsonBody(event, 400, BULK_STOCK_BODY_DEPTH))
  if (!checked.ok) throw problem('stockNotMoved', checked.errors)
  requireMayMoveStock(event, store, checked.value)
  const { plants, movements, unchanged } = await move(event, store, checked.value)
  return { plants, movements, unchanged }
}

/** `month` (YYYY-MM), this month in the shop's time zone when absent. */
function reportMonth(params: URLSearchParams, timeZone: string): string {
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['month'], errors)
  const month = params.get('month') ?? shopDay(new Date(), timeZone).slice(0, 7)
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    errors.push({ field: 'month', message: `month must be written YYYY-MM, such as 2026-11; got "${month}"` })
  throwIfInvalid(errors)
  return month
}

async function stockReport(event: H3Event, { store, settings }: Shop): Promise<StockReport> {
  const { timeZone } = await settings.shop()
  const month = reportMonth(new URLSearchParams(event.url.search), timeZone)
  return stockReportOf(store.find(), await store.history.dailyStock(timeZone), month, new Date())
}

/** The lines below zero that wait for a count. */
function linesBelowZero(event: H3Event, { store }: Shop): { lines: Plant[] } {
  const errors: FieldError[] = []
  refuseUnknownParams(new URLSearchParams(event.url.search), [], errors)
  throwIfInvalid(errors)
  return { lines: belowZeroLines(store.find()) }
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI description of the stock routes.
// ---------------------------------------------------------------------------------------------

const RULES =
  'With a quantity the status follows the stock: selling (or writing off) the last pot makes an available line sold, pots ' +
  'received on a sold line make it available, and pending is kept. A movement never takes a line below zero: it is refused ' +
  '(409, the problem carries plantId and onHand) unless it is a count, which sets the number found. Every movement is in the ' +
  "plant's history (GET /plant/{id}/history: the change's stock member) and the change feed, saved in the same journal line " +
  'as the change. A plant without a quantity (a single plant) is one pot in a sale (-1: it becomes sold) or a return (1: ' +
  'available again) and stays single; it may start keeping stock by a count or by receiving pots; other movements of it are refused (no-stock-kept).'
const REFUSED = problemResponse(
  'Refused, nothing changed: not enough stock (not-enough-stock: a sale of more than is on hand), above 1,000,000 pots (stock-limit), ' +
    'or pots taken from a plant that keeps no stock (no-stock-kept). The problem carries plantId and onHand.'
)
const KEY_REUSED = problemResponse('The Idempotency-Key was already used for a different call; nothing was changed.')
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A new random key (a UUID) per movement, as a quoted string. A retry with the same key and body gets the first answer again ' +
    '(header Idempotent-Replayed: true) and moves no stock again: a sale retried after a lost answer is not sold twice.',
  schema: IDEMPOTENCY_KEY_SCHEMA // the server's own rule: an empty or unquoted key is refused, as the document says
}
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'Move the stock only if the plant is still at this version (its ETag), as for an update.',
  schema: { type: 'string', pattern: IF_MATCH_PATTERN }
}
const movementList = { type: 'array', items: ref('StockMovement') }

const moveOne = extensionOperation({
  operationId: 'move-plant-stock',
  summary: 'Receive, sell, return, count or write off stock of one plant (extension)',
  description: `{"change": -1, "reason": "sold"}, {"change": 40, "reason": "received"}, {"count": 37, "reason": "counted"}, {"change": -3, "reason": "written-off", "note": "frost damage"}. ${RULES}`,
  parameters: [PLANT_ID_PARAMETER, IF_MATCH, IDEMPOTENCY_KEY],
  requestBody: { required: true, content: json(ref('StockMove')) },
  responses: {
    '200': {
      description: 'The plant as it is now, with its ETag, and the movement (null when a count found what was recorded).',
      headers: { ETag: { schema: { type: 'string' } }, 'Idempotent-Replayed': { schema: { type: 'string' } } },
      content: json({
        type: 'object',
        required: ['plant', 'movement'],
        properties: { plant: ref('FullPlant'), movement: { oneOf: [ref('StockMovement'), { type: 'null' }] } }
      })
    },
    '400': problemResponse('Invalid id or body (errors[] names each fault), or a malformed If-Match or Idempotency-Key; nothing changed.'),
    '404': problemResponse('No plant has this id, or it is deleted.'),
    '409': REFUSED,
    '412': problemResponse('If-Match named another version; nothing changed.'),
    '422': KEY_REUSED
  }
})

const moveMany = extensionOperation({
  operationId: 'move-bulk-stock',
  summary: 'Move the stock of many plants at once, all or nothing: a stock-take, a delivery (extension)',
  description:
    '{"movements": [{"id": 7, "count": 37, "reason": "counted"}, {"id": 9, "change": 12, "reason": "received"}]}. Lines apply in order ' +
    '(a plant named twice moves twice); every line is checked first, then all are saved in ONE journal line and announced as one ' +
    `plants.changed event. A line's version, when given, is the version the plant must still be at. ${RULES}`,
  parameters: [IDEMPOTENCY_KEY],
  requestBody: { required: true, content: json(ref('BulkStock')) },
  responses: {
    '200': {
      description: 'Every plant named, as it is now; the movements in order; how many counts found what was recorded.',
      content: json({
        type: 'object',
        required: ['plants', 'movements', 'unchanged'],
        properties: { plants: { type: 'array', items: ref('FullPlant') }, movements: movementList, unchanged: { type: 'integer', minimum: 0 } }
      })
    },
    '400': problemResponse('Invalid body: errors[] names each fault (e.g. movements[3].change). Nothing changed.'),
    '404': problemResponse('An id names no plant (or a deleted one); the problem names them. Nothing changed.'),
    '409': REFUSED,
    '412': problemResponse("A line's version is not the plant's; nothing changed."),
    '422': KEY_REUSED
  }
})

const report = extensionOperation({
  operationId: 'stock-report',
  summary: 'Lines kept in stock, pots on hand and low stock now, and what moved and was written off in a month (extension)',
  description:
    "lines, potsOnHand and lowStock are the stock now (stockAt), whatever the month asked for; moved and writtenOff are the month's. " +
    'Write-off reasons are grouped whatever their case and surrounding spaces, named as first written.',
  parameters: [
    queryParam('month', "The month of moved and writtenOff (YYYY-MM, in the shop's time zone); this month when absent.", {
      type: 'string',
      pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$'
    })
  ],
  responses: {
    '200': {
      description: 'The report.',
      content: json({
        type: 'object',
        required: ['month', 'stockAt', 'lines', 'potsOnHand', 'lowStock', 'moved', 'writtenOff'],
        properties: {
          month: { type: 'string' },
          stockAt: { type: 'string', format: 'date-time', description: 'When lines, potsOnHand and lowStock were read: now.' },
          lines: { type: 'integer', minimum: 0, description: 'Plants with a quantity, now.' },
          potsOnHand: { type: 'integer', minimum: 0, description: 'Their pots on hand, now (a line below zero adds none).' },
          moved: {
            type: 'object',
            description:
              'Pots each kind of movement moved in the month, signed (received 40, sold -12; counted and imported: the differences found); kinds that moved nothing are absent.',
            properties: Object.fromEntries(STOCK_REASONS.map((reason) => [reason, { type: 'integer' }])),
            additionalProperties: false
          },
          lowStock: {
            type: 'array',
            description: 'Lines at or below reorderAt (at 0 without one; below zero too), fewest pots first.',
            items: {
              type: 'object',
              required: ['id', 'quantity'],
              properties: { id: { type: 'integer' }, name: { type: 'string' }, quantity: { type: 'integer' }, reorderAt: { type: 'integer' } }
            }
          },
          writtenOff: {
            type: 'object',
            required: ['pots', 'reasons'],
            properties: {
              pots: { type: 'integer', minimum: 0 },
              reasons: {
                type: 'array',
                description: 'By the movements\' note ("" when none was given), most pots first.',
                items: { type: 'object', required: ['reason', 'pots'], properties: { reason: { type: 'string' }, pots: { type: 'integer' } } }
              }
            }
          }
        }
      })
    },
    '400': problemResponse('month is not YYYY-MM, or an unknown query parameter.')
  }
})

const belowZero = extensionOperation({
  operationId: 'stock-below-zero',
  summary: 'Lines taken below zero by sales made offline at a till, until counted (extension)',
  description:
    'A sale made at a till while it could not reach this computer is never refused for stock when it arrives (POST /offline-sales): ' +
    'the pots were handed over. A line it takes below zero is flagged with that sale (belowZero: till, receipt, soldAt) and listed ' +
    'here, the earliest sold first, until a count (POST /plant/{id}/stock {"count": N, "reason": "counted"}, or an update of its quantity) clears it.',
  responses: {
    '200': {
      description: 'The flagged lines, as full plants.',
      content: json({ type: 'object', required: ['lines'], properties: { lines: { type: 'array', items: ref('FullPlant') } } })
    },
    '400': problemResponse('An unknown query parameter.')
  }
})

/** The stock routes over the app's store. */
export const stockResource = defineResource({
  context: shopOf,
  schemas: stockJsonSchemas,
  operations: [
    defineOperation<Shop>({
      method: 'POST',
      path: STOCK_PATHS.plantStock,
      staff: 'decided-by-body',
      openapi: moveOne,
      handler: (event, shop) => movePlantStock(event, shop)
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: STOCK_PATHS.bulkStock,
      staff: 'decided-by-body',
      openapi: moveMany,
      handler: (event, shop) => moveBulkStock(event, shop)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: STOCK_PATHS.stockReport,
      openapi: report,
      handler: (event, shop) => stockReport(event, shop)
    }),
    defineOperation<Shop>({
      method: 'GET',
      path: STOCK_PATHS.belowZero,
      openapi: belowZero,
      handler: (event, shop) => linesBelowZero(event, shop)
    })
  ]
})
