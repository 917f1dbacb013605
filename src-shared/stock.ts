/**
 * Stock: a plant line with a quantity on hand (`quantity`, src-shared/plant.ts). Every change of quantity is a
 * stock movement with a reason, saved in the plant's history in the same journal line as the change. Here: the
 * reasons, the rule by which the status follows the stock, the low-stock rule, and the bodies of the stock routes
 * (each validator beside its JSON Schema, so the two are described once).
 */
import type { BelowZeroFlag, Plant, PlantStatus } from './plant'
import { describeType, isPlainObject, type Validated } from './body-rules'
import { MAX_BODY_DEPTH, PLANT_ID_SCHEMA, PLANT_LIMITS, invalidIdMessage, isPlantId, textField } from './plant-schema'
import type { FieldError } from './problem'

/** Paths of the stock extensions, relative to API_BASE. */
export const STOCK_PATHS = {
  /** One movement of one plant. */
  plantStock: '/plant/{id}/stock',
  /** Many movements of many plants, all or nothing (a stock-take, a delivery). */
  bulkStock: '/plant/bulk/stock',
  /** Lines, pots on hand, low stock, written off in a month. */
  stockReport: '/reports/stock',
  /** Lines taken below zero by sales made offline at a till, until counted. */
  belowZero: '/stock/below-zero'
} as const

/** Why stock moved. `imported` is set by an import; the others are what a caller sends. */
export const STOCK_REASONS = ['received', 'sold', 'returned', 'counted', 'written-off', 'imported'] as const

/** One of {@link STOCK_REASONS}. */
export type StockReason = (typeof STOCK_REASONS)[number]

/** Reasons that add pots (change above 0). */
export const ADDING_REASONS = ['received', 'returned'] as const
/** Reasons that take pots away (change below 0). */
export const TAKING_REASONS = ['sold', 'written-off'] as const

type AddingReason = (typeof ADDING_REASONS)[number]
type TakingReason = (typeof TAKING_REASONS)[number]

/** A movement as a caller asks for it: a signed change, or a count that sets the number found. */
export type StockMove = { change: number; reason: AddingReason | TakingReason; note?: string } | { count: number; reason: 'counted'; note?: string }

/** A movement of a named plant (a bulk item, a store call); `version`, when given, is the version the plant must still be at. */
export type StockLine = StockMove & { id: number; version?: number }

/** What a saved movement records in the plant's history (the change log entry's `stock`). */
export interface StockRecord {
  reason: StockReason
  /** Pots added (above 0) or taken away (below 0): the quantity after minus before. */
  change: number
  /** Why, in the shop's words (a write-off's "frost damage"). */
  note?: string
}

/** A saved movement, as the stock routes answer it. */
export interface StockMovement extends StockRecord {
  /** The change log's seq of the movement. */
  seq: number
  plantId: number
  /** Pots before (0 for a plant that kept no stock) and after. */
  from: number
  to: number
}

/** POST /v3/plant/{id}/stock: the plant as it is now, and the movement (null when a count found what was recorded). */
export interface StockAnswer {
  plant: Plant
  movement: StockMovement | null
}

/** POST /v3/plant/bulk/stock: the plants moved, their movements in order, and how many counts found what was recorded. */
export interface BulkStockAnswer {
  plants: Plant[]
  movements: StockMovement[]
  unchanged: number
}

/**
 * The status a plant line has once its quantity goes from `before` to `quantity`: pending (reserved, or growing on)
 * is kept; with nothing on hand (0, or below zero after sales made offline at a till) an available line is sold; pots arriving on a sold line (received, returned, a count
 * that found more) make it available again. Pots taken away never reopen a sold line: a line the owner marked sold
 * stays off sale through a till sale.
 */
export function statusFollowingStock(status: PlantStatus, quantity: number, before = 0): PlantStatus {
  if (status === 'pending') return status
  if (quantity <= 0) return 'sold'
  return status === 'sold' && quantity > before ? 'available' : status
}

export type { BelowZeroFlag }

/** A sale made offline at a till, as the stock movements it makes see it: it may take a line below zero, which it flags. */
export type OfflineSaleMark = BelowZeroFlag

/** True for a line at or below its reorder level (only at 0 without one); never for a plant that keeps no stock. */
export function isLowStock(plant: Pick<Plant, 'quantity' | 'reorderAt'>): boolean {
  return plant.quantity !== undefined && plant.quantity <= (plant.reorderAt ?? 0)
}

// ---------------------------------------------------------------------------------------------
// The bodies of the stock routes: each rule beside its JSON Schema.
// ---------------------------------------------------------------------------------------------

type JsonSchema = Record<string, unknown>

/** The most movements one bulk call may hold. */
export const BULK_STOCK_MAX = 10_000

/** Deepest JSON a bulk stock body can have: object → movements array → movement (one level more than a plant's body). */
export const BULK_STOCK_BODY_DEPTH = MAX_BODY_DEPTH + 1

const MAX = PLANT_LIMITS.quantityMax
const MAX_TEXT = MAX.toLocaleString('en')
const CALLER_REASONS = ['received', 'sold', 'returned', 'written-off', 'counted'] as const
const MOVE_FIELDS = ['change', 'count', 'reason', 'note'] as const
const noteField = textField('Why, in the shop\'s words (e.g. "frost damage" for a write-off); shown in the history.')

const isIn = <T extends string>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value)

const shown = (value: unknown): string =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : describeType(value)

function checkReason(body: Record<string, unknown>, errors: FieldError[], at: string): (typeof CALLER_REASONS)[number] | undefined {
  const reason = body.reason
  if (reason === undefined) {
    errors.push({
      field: `${at}reason`,
      message: 'reason is missing: received, sold, returned or written-off (with change), or counted (with count)'
    })
  } else if (reason === 'imported') {
    errors.push({
      field: `${at}reason`,
      message: 'reason "imported" is set by an import; send {"count": N, "reason": "counted"} to set the number found'
    })
  } else if (!isIn(CALLER_REASONS, reason)) {
    errors.push({ field: `${at}reason`, message: `reason must be one of ${CALLER_REASONS.join(', ')}; got ${shown(reason)}` })
  } else return reason
  return undefined
}

function checkCount(value: unknown, field: string, errors: FieldError[]): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX) return value
  errors.push({ field, message: `count must be the whole number of pots found, from 0 to ${MAX_TEXT}; got ${shown(value)}` })
  return undefined
}

function checkChange(value: unknown, reason: AddingReason | TakingReason, field: string, errors: FieldError[]): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value === 0 || Math.abs(value) > MAX) {
    errors.push({ field, message: `change must be a whole number of pots from -${MAX_TEXT} to ${MAX_TEXT}, not 0; got ${shown(value)}` })
    return undefined
  }
  if (isIn(ADDING_REASONS, reason) && value < 0) {
    errors.push({ field, message: `${reason} adds pots: change must be above 0, e.g. 40; got ${value}` })
  } else if (isIn(TAKING_REASONS, reason) && value > 0) {
    errors.push({
      field,
      message: `${reason === 'sold' ? 'a sale' : 'a write-off'} takes pots away: change must be below 0, e.g. -${value}; got ${value}`
    })
  } else return value
  return undefined
}

/** One movement's fields (`at` prefixes the field names of a bulk item); `extra` are the other keys it may hold. */
function checkMove(body: Record<string, unknown>, errors: FieldError[], at = '', extra: readonly string[] = []): StockMove | undefined {
  const known = [...extra, ...MOVE_FIELDS]
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) errors.push({ field: `${at}${key}`, message: `unknown field "${key}"; the fields are ${known.join(', ')}` })
  }
  const before = errors.length
  const reason = checkReason(body, errors, at)
  const note = Object.hasOwn(body, 'note') ? noteField.check(body.note, `${at}note`, errors) : undefined
  const hasChange = Object.hasOwn(body, 'change')
  const hasCount = Object.hasOwn(body, 'count')
  if (hasChange && hasCount) errors.push({ field: `${at}count`, message: 'give change or count, not both' })
  else if (reason === 'counted') {
    if (hasChange) errors.push({ field: `${at}change`, message: 'a count gives count (the number of pots found), not change' })
    else if (!hasCount)
      errors.push({ field: `${at}count`, message: 'count is missing: the number of pots found, e.g. {"count": 37, "reason": "counted"}' })
    else {
      const count = checkCount(body.count, `${at}count`, errors)
      if (count !== undefined && errors.length === before) return { count, reason, ...(note === undefined ? {} : { note }) }
    }
  } else if (reason !== undefined) {
    if (hasCount) errors.push({ field: `${at}count`, message: `count goes with reason counted; a ${reason} movement gives change` })
    else if (!hasChange)
      errors.push({
        field: `${at}change`,
        message: `change is missing: the pots ${reason}, e.g. {"change": ${isIn(ADDING_REASONS, reason) ? 40 : -1}, "reason": "${reason}"}`
      })
    else {
      const change = checkChange(body.change, reason, `${at}change`, errors)
      if (change !== undefined && errors.length === before) return { change, reason, ...(note === undefined ? {} : { note }) }
    }
  }
  return undefined
}

const MOVE_EXAMPLE = '{"change": -1, "reason": "sold"} or {"count": 37, "reason": "counted"}'

/** Validates the body of POST /v3/plant/{id}/stock. */
export function validateStockMove(body: unknown): Validated<StockMove> {
  if (!isPlainObject(body)) return { ok: false, errors: [{ field: '', message: `the body must be a JSON object such as ${MOVE_EXAMPLE}` }] }
  const errors: FieldError[] = []
  const move = checkMove(body, errors)
  return move && errors.length === 0 ? { ok: true, value: move } : { ok: false, errors }
}

function checkLine(item: unknown, at: string, errors: FieldError[]): StockLine | undefined {
  if (!isPlainObject(item)) {
    errors.push({ field: at, message: `each movement must be an object such as {"id": 7, "count": 37, "reason": "counted"}` })
    return undefined
  }
  const prefix = `${at}.`
  const before = errors.length
  if (!isPlantId(item.id)) errors.push({ field: `${prefix}id`, message: invalidIdMessage(item.id) })
  if (Object.hasOwn(item, 'version') && !(Number.isSafeInteger(item.version) && (item.version as number) >= 1)) {
    errors.push({ field: `${prefix}version`, message: `version must be the positive whole number the plant was read at, not ${shown(item.version)}` })
  }
  const move = checkMove(item, errors, prefix, ['id', 'version'])
  if (!move || errors.length > before) return undefined
  return { ...move, id: item.id as number, ...(item.version === undefined ? {} : { version: item.version as number }) }
}

/** Validates the body of POST /v3/plant/bulk/stock: `{"movements": [{"id": 7, "count": 37, "reason": "counted"}, …]}`. */
export function validateStockLines(body: unknown): Validated<StockLine[]> {
  const example = '{"movements": [{"id": 7, "count": 37, "reason": "counted"}]}'
  if (!isPlainObject(body)) return { ok: false, errors: [{ field: '', message: `the body must be a JSON object such as ${example}` }] }
  const errors: FieldError[] = []
  for (const key of Object.keys(body))
    if (key !== 'movements') errors.push({ field: key, message: `unknown field "${key}"; the only field is movements` })
  const list = body.movements
  const lines: StockLine[] = []
  if (!Array.isArray(list) || list.length === 0) errors.push({ field: 'movements', message: `movements must be a non-empty list such as ${example}` })
  else if (list.length > BULK_STOCK_MAX)
    errors.push({ field: 'movements', message: `at most ${BULK_STOCK_MAX.toLocaleString('en')} movements per call; split the list` })
  else list.forEach((item, index) => lines.push(checkLine(item, `movements[${index}]`, errors)!))
  return errors.length === 0 ? { ok: true, value: lines } : { ok: false, errors }
}

/** The JSON Schemas of a movement: the three shapes a caller may send, with `more` properties (a bulk item's id). */
function moveSchema(more: JsonSchema = {}, required: string[] = []): JsonSchema {
  const note = noteField.schema
  const change = (reasons: readonly string[], range: JsonSchema, description: string): JsonSchema => ({
    type: 'object',
    additionalProperties: false,
    required: [...required, 'change', 'reason'],
    properties: { ...more, change: { type: 'integer', ...range, description }, reason: { type: 'string', enum: [...reasons] }, note }
  })
  return {
    oneOf: [
      change(ADDING_REASONS, { minimum: 1, maximum: MAX }, 'Pots added.'),
      change(TAKING_REASONS, { minimum: -MAX, maximum: -1 }, 'Pots taken away, as a negative number (a sale of one: -1).'),
      {
        type: 'object',
        additionalProperties: false,
        required: [...required, 'count', 'reason'],
        properties: {
          ...more,
          count: { type: 'integer', minimum: 0, maximum: MAX, description: 'The number of pots found: it becomes the quantity.' },
          reason: { type: 'string', const: 'counted' },
          note
        }
      }
    ]
  }
}

/** JSON Schemas of the stock bodies and answers, for the OpenAPI document's components. */
export const stockJsonSchemas: Record<string, JsonSchema> = {
  StockMove: {
    ...moveSchema(),
    description: `A stock movement: ${MOVE_EXAMPLE}; an optional note says why (a write-off's "frost damage").`
  },
  BulkStock: {
    type: 'object',
    additionalProperties: false,
    required: ['movements'],
    properties: {
      movements: {
        type: 'array',
        minItems: 1,
        maxItems: BULK_STOCK_MAX,
        items: moveSchema(
          {
            id: PLANT_ID_SCHEMA,
            version: {
              type: 'integer',
              minimum: 1,
              maximum: Number.MAX_SAFE_INTEGER,
              description: 'Move the plant only if it is still at this version (as If-Match).'
            }
          },
          ['id']
        )
      }
    }
  },
  StockMovement: {
    type: 'object',
    required: ['seq', 'plantId', 'reason', 'change', 'from', 'to'],
    properties: {
      seq: { type: 'integer', minimum: 1, description: "The movement's seq in the change log." },
      plantId: PLANT_ID_SCHEMA,
      reason: { type: 'string', enum: [...STOCK_REASONS] },
      change: { type: 'integer', description: 'to − from.' },
      from: { type: 'integer', description: 'Pots before (0 for a plant that kept no stock; below 0 after sales made offline at a till).' },
      to: { type: 'integer', description: 'Pots after: below 0 only through a sale made offline at a till.' },
      note: { type: 'string' }
    }
  }
}

/** A line low on stock, as the stock report lists it. */
export interface LowStockLine {
  id: number
  name?: string
  quantity: number
  reorderAt?: number
}

/** GET /v3/reports/stock: the stock now, and what was written off in a month (a month in the shop's time zone). */
export interface StockReport {
  /** The month of `moved` and `writtenOff` (YYYY-MM). */
  month: string
  /** When `lines`, `potsOnHand` and `lowStock` were read (ISO 8601): they are the stock now, whatever the month. */
  stockAt: string
  /** Plants kept in stock (with a quantity), now. */
  lines: number
  /** Their pots on hand now, added up. */
  potsOnHand: number
  /** Lines at or below their reorder level (at 0 without one) now, fewest pots first. */
  lowStock: LowStockLine[]
  /**
   * The pots each kind of movement moved in the month, signed: received 40, sold −12, returned 1, written-off −3,
   * counted and imported the differences they found. Kinds that moved nothing in the month are absent.
   */
  moved: Partial<Record<StockReason, number>>
  /** Pots written off in the month, and by reason (the movements' notes, most pots first; "" for none given). */
  writtenOff: { pots: number; reasons: { reason: string; pots: number }[] }
}
