/**
 * A plant's change records (GET /v3/plant/{id}/history) in the words staff use
 * at the till: "Sat 14:02 — status Available → Sold, by till". Pure, so each
 * rule is unit-tested (test/unit/ui/history-words.test.ts).
 */
import { formatMoney, moneyFieldText, type ShopMoney } from '#shared/money'
import { isPlantStatus } from '#shared/plant'
import type { ChangeRecord, FieldChange } from '#shared/history'
import { OWN_ACTORS } from '#shared/named-token'
import { STATUS_LABELS, formatClock, formatCount, formatExact, shopDateFormat } from './format'
import { movementOf } from './stock-words'

/** One line of the History tab. */
export interface HistoryLine {
  seq: number
  /** The change's time as the server wrote it (ISO 8601). */
  at: string
  /** `Sat 14:02` within the last week, `3 Mar 14:02` this year, `3 Mar 2025 14:02` before. */
  when: string
  /** The full date and time, for a tooltip. */
  exact: string
  /** `status Available → Sold; price 12.50 → 10.00` */
  what: string
  /** `till`, `the staff app`, `the command line`, `an import`. */
  by: string
  /** The whole line as one sentence. */
  text: string
}

/** Who made a change, in words: a token's own name, or what `ui`, `cli` and `import` stand for. */
export function describeWho(by: string, staff?: string): string {
  const actor = OWN_ACTORS.get(by) ?? by // a Map: a token named `constructor` is a name, not Object's member
  // The member at the till says who; how (an import, the command line) follows unless it was the till itself.
  if (staff === undefined) return actor
  return by === 'ui' ? staff : `${staff}, ${actor}`
}

const SIX_DAYS_MS = 6 * 24 * 60 * 60 * 1000

/** When, as short as stays unambiguous: the weekday within the last week, else the date (the year only when it is not this one). */
export function describeWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
  const within = date.getTime() >= startOfToday - SIX_DAYS_MS && date.getTime() <= now.getTime() + 60_000
  // In the shop's locale (format.ts): a UK shop reads "Sat 14:02", a US one "Sat 02:02 PM".
  const options: Intl.DateTimeFormatOptions = within
    ? { weekday: 'short' }
    : date.getFullYear() === now.getFullYear()
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' }
  return `${shopDateFormat(options).format(date)} ${formatClock(iso)}`
}

/** One value of a field as staff read it: statuses by their label, prices in the shop's money (two decimals without it), nothing as "none". */
export function describeValue(field: string, value: unknown, money?: ShopMoney): string {
  if (value === undefined || value === null || value === '') return 'none'
  if (field === 'status' && isPlantStatus(value)) return STATUS_LABELS[value]
  if (field === 'price' && typeof value === 'number') return money ? formatMoney(value, money) : moneyFieldText(value, 'en-GB')
  if ((field === 'quantity' || field === 'reorderAt') && typeof value === 'number') return formatCount(value)
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ')
  if (typeof value === 'string') return field === 'name' ? `“${value}”` : value
  return JSON.stringify(value)
}

/** Tags as what was added and removed (`tags +sun −shade`), which reads better than two lists. */
function describeTags(change: FieldChange): string {
  const from = Array.isArray(change.from) ? (change.from as unknown[]).map(String) : []
  const to = Array.isArray(change.to) ? (change.to as unknown[]).map(String) : []
  const added = to.filter((tag) => !from.includes(tag)).map((tag) => `+${tag}`)
  const removed = from.filter((tag) => !to.includes(tag)).map((tag) => `−${tag}`)
  const moves = [...added, ...removed]
  return moves.length === 0 ? `tags reordered` : `tags ${moves.join(' ')}`
}

/** Order of the fields in a line: what the till cares about first. */
const FIELD_ORDER = ['status', 'quantity', 'price', 'name', 'category', 'tags', 'reorderAt']

/** Fields whose API name is not a shop word. */
const FIELD_WORDS: ReadonlyMap<string, string> = new Map([
  ['quantity', 'stock'],
  ['reorderAt', 'reorder level']
])

function fieldRank(field: string): number {
  const rank = FIELD_ORDER.indexOf(field)
  return rank === -1 ? FIELD_ORDER.length : rank
}

/** The fields an update changed: `status Available → Sold; price 12.50 → 10.00`. */
export function describeChanges(changes: Readonly<Record<string, FieldChange>>, money?: ShopMoney): string {
  const parts = Object.keys(changes)
    .sort((a, b) => fieldRank(a) - fieldRank(b) || a.localeCompare(b))
    .map((field) => {
      const change = changes[field]!
      if (field === 'tags') return describeTags(change)
      return `${FIELD_WORDS.get(field) ?? field} ${describeValue(field, change.from, money)} → ${describeValue(field, change.to, money)}`
    })
  return parts.length === 0 ? 'saved without changes' : parts.join('; ')
}

/** ", 40 in stock" for a line added with stock. */
const addedStock = (plant: { quantity?: number }) => (plant.quantity === undefined ? '' : `, ${formatCount(plant.quantity)} in stock`)

/** What a change did, without when and who. */
export function describeWhat(record: ChangeRecord, money?: ShopMoney): string {
  switch (record.type) {
    case 'plant.added':
      return record.plant ? `added as ${describeValue('status', record.plant.status)}${addedStock(record.plant)}` : 'added'
    case 'plant.updated': {
      const movement = movementOf(record)
      if (!movement) return describeChanges(record.changes ?? {}, money)
      // The quantity is in the movement's words; what else changed with it (the status that followed) after them.
      const { quantity: _quantity, ...others } = record.changes ?? {}
      return Object.keys(others).length === 0 ? movement : `${movement}; ${describeChanges(others, money)}`
    }
    case 'plant.deleted':
      return 'deleted'
    case 'plant.restored':
      return record.plant ? `restored as ${describeValue('status', record.plant.status)}` : 'restored'
    default:
      return String((record as { type: unknown }).type)
  }
}

/** One change record as a line of the History tab. */
export function historyLine(record: ChangeRecord, now: Date = new Date(), money?: ShopMoney): HistoryLine {
  const when = describeWhen(record.at, now)
  const what = describeWhat(record, money)
  const by = describeWho(record.by, record.staff)
  return { seq: record.seq, at: record.at, when, exact: formatExact(record.at), what, by, text: `${when} — ${what}, by ${by}` }
}
