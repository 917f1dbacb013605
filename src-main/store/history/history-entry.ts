/**
 * A change log entry as it is stored: in the journal line of the batch that
 * made the change (journal.ts, field `history`), then in the monthly history
 * files (history-files.ts). It is the API's ChangeRecord plus, for a change
 * to or from `sold` and a `sold` or `returned` movement, `sale`: the plant's
 * category and price at that moment, so that the sales report can be built
 * from the log alone (and whether the plant is a line kept in stock, whose
 * status alone sells nothing).
 */
import { CHANGE_TYPES, type ChangeRecord, type ChangeType, type FieldChange } from '#shared/history'
import type { Plant } from '#shared/plant'
import { STOCK_REASONS, type StockReason } from '#shared/stock'

/** What the sales report needs of a change that touches `sold`. */
export interface SaleFacts {
  category?: string
  price?: number
  /** The plant is a line kept in stock: a change of its status alone moves no pot, so it is neither a sale nor a return. */
  stocked?: true
}

/** One stored entry. */
export interface HistoryEntry extends ChangeRecord {
  sale?: SaleFacts
}

/** Who changes plants: passed to each write of the store (history-actor.ts); `staff` is the member at the till, when staff are set up. */
export interface Actor {
  by: string
  staff?: string
}

/** Why a change moves the quantity (a stock movement's reason and note); an update's default is a count. */
export interface MovementCause {
  reason: StockReason
  note?: string
  /** The pots moved, when the quantity does not say (a single plant sold or returned as one pot). */
  change?: number
}

/** Reasons whose pots the sales report counts: their entries carry the sale facts whatever the status does. */
const SALE_REASONS: readonly StockReason[] = ['sold', 'returned']

/** Fields that every change moves on by itself: not listed as changed. */
const BOOKKEEPING = new Set(['id', 'updatedAt', 'version', 'createdAt'])

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** The fields that differ between `before` and `after`, with their values (null when absent). */
export function fieldChanges(before: Plant, after: Plant): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {}
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue
    const from = (before as unknown as Record<string, unknown>)[field] ?? null
    const to = (after as unknown as Record<string, unknown>)[field] ?? null
    if (!same(from, to)) changes[field] = { from, to }
  }
  return changes
}

function saleFacts(plant: Plant): SaleFacts {
  const price = (plant as { price?: unknown }).price
  return {
    ...(plant.category === undefined ? {} : { category: plant.category }),
    ...(typeof price === 'number' ? { price } : {})
  }
}

/**
 * The entry of one change: `before` is the plant as it was (absent for an
 * add), `after` as it is now. An update that set every field to the value it
 * had still moved the plant's version on: its entry lists no field. An update
 * that moves the quantity to a number is a stock movement: `stock` says why
 * (`cause`; a count when none is given) and by how much.
 */
export function historyEntryOf(
  seq: number,
  type: ChangeType,
  by: Actor,
  at: string,
  before: Plant | undefined,
  after: Plant,
  cause: MovementCause = { reason: 'counted' }
): HistoryEntry {
  const entry: HistoryEntry = { seq, type, plantId: after.id, at, by: by.by, ...(by.staff === undefined ? {} : { staff: by.staff }) }
  if (type === 'plant.updated') {
    if (!before) throw new Error(`an update of plant ${after.id} needs the plant as it was`)
    entry.changes = fieldChanges(before, after)
    const moved = after.quantity !== undefined && after.quantity !== before.quantity
    if (moved || cause.change !== undefined) {
      const change = moved ? after.quantity! - (before.quantity ?? 0) : cause.change!
      entry.stock = { reason: cause.reason, change, ...(cause.note === undefined ? {} : { note: cause.note }) }
      if (SALE_REASONS.includes(cause.reason)) entry.sale = saleFacts(after)
    }
  }
  if (type === 'plant.added' || type === 'plant.restored') entry.plant = after
  const touchesSold = after.status === 'sold' || before?.status === 'sold'
  if (touchesSold && type !== 'plant.deleted' && before?.status !== after.status && entry.sale === undefined) {
    entry.sale = saleFacts(type === 'plant.added' ? after : before!.status === 'sold' ? before! : after)
    // A line kept in stock sells pots (its `sold` movements), never by its status: the report counts no sale here.
    if (after.quantity !== undefined || before?.quantity !== undefined) entry.sale.stocked = true
  }
  return entry
}

/** The entry as the API serves it (without the report's facts). */
export function toChangeRecord(entry: HistoryEntry): ChangeRecord {
  if (entry.sale === undefined) return entry
  const { sale: _sale, ...record } = entry
  return record
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/** What is wrong with one stored entry (shape only), or undefined when it is valid. */
export function historyEntryProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${where} is not an object`
  const e = value as Record<string, unknown>
  if (!Number.isSafeInteger(e.seq) || (e.seq as number) < 1) return `${where}.seq is not a positive whole number`
  if (!(CHANGE_TYPES as readonly unknown[]).includes(e.type)) return `${where}.type "${String(e.type)}" is not a change type`
  if (!Number.isSafeInteger(e.plantId) || (e.plantId as number) < 1) return `${where}.plantId is not a positive whole number`
  if (typeof e.at !== 'string' || !ISO_TIME.test(e.at)) return `${where}.at is not an ISO 8601 time`
  if (typeof e.by !== 'string' || e.by === '') return `${where}.by is not text`
  if (e.staff !== undefined && (typeof e.staff !== 'string' || e.staff === '')) return `${where}.staff is not text`
  if (e.stock !== undefined) return stockRecordProblem(e.stock, `${where}.stock`)
  return undefined
}

function stockRecordProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${where} is not an object`
  const stock = value as Record<string, unknown>
  if (!(STOCK_REASONS as readonly unknown[]).includes(stock.reason))
    return `${where}.reason "${String(stock.reason)}" is not a stock movement's reason`
  if (!Number.isSafeInteger(stock.change)) return `${where}.change is not a whole number`
  if (stock.note !== undefined && typeof stock.note !== 'string') return `${where}.note is not text`
  return undefined
}

/** What is wrong with a journal line's list of entries, or undefined; seqs must increase. */
export function historyEntriesProblem(value: unknown, where: string): string | undefined {
  if (!Array.isArray(value)) return `${where} is not a list`
  let previous = 0
  for (const [index, entry] of value.entries()) {
    const problem = historyEntryProblem(entry, `${where}[${index}]`)
    if (problem) return problem
    const seq = (entry as HistoryEntry).seq
    if (seq <= previous) return `${where}[${index}].seq ${seq} does not increase`
    previous = seq
  }
  return undefined
}

/** The month file an entry made `at` belongs in: `YYYY-MM` (UTC). */
export function monthOf(at: string): string {
  return at.slice(0, 7)
}
