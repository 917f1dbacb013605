/**
 * Stock in the words staff use: "37 in stock" on the till card and in the Stock column, and a stock movement in the
 * History tab ("Sold 1 — 36 left", "Written off 3: frost damage — 34 left"). Pure, so each rule is unit-tested
 * (test/unit/ui/stock-words.test.ts).
 */
import type { ChangeRecord } from '#shared/history'
import type { Plant } from '#shared/plant'
import { isLowStock, type StockRecord } from '#shared/stock'
import { formatCount } from './format'

/** "37 in stock", "None in stock"; '' for a single plant (no quantity). */
export function stockText(plant: Pick<Plant, 'quantity'>): string {
  if (plant.quantity === undefined) return ''
  return plant.quantity === 0 ? 'None in stock' : `${formatCount(plant.quantity)} in stock`
}

/** The Stock column's text: "37", "0", '' for a single plant; "3 · low" at or below the reorder level. */
export function stockCellText(plant: Pick<Plant, 'quantity' | 'reorderAt'>): string {
  if (plant.quantity === undefined) return ''
  return isLowStock(plant) ? `${formatCount(plant.quantity)} · low` : formatCount(plant.quantity)
}

/** "36 left", "none left". */
const left = (to: number) => (to === 0 ? 'none left' : `${formatCount(to)} left`)
/** "40 in stock", "none in stock". */
const inStock = (to: number) => (to === 0 ? 'none in stock' : `${formatCount(to)} in stock`)
const because = (note: string | undefined) => (note === undefined ? '' : `: ${note}`)

/** A stock movement in words; `from` and `to` are the quantity before and after (from the change's `changes.quantity`). */
export function describeMovement(stock: StockRecord, from: number, to: number): string {
  const pots = formatCount(Math.abs(stock.change))
  switch (stock.reason) {
    case 'sold':
      return `Sold ${pots} — ${left(to)}`
    case 'written-off':
      return `Written off ${pots}${because(stock.note)} — ${left(to)}`
    case 'received':
      return `Received ${pots}${because(stock.note)} — ${inStock(to)}`
    case 'returned':
      return `Returned ${pots}${because(stock.note)} — ${inStock(to)}`
    case 'counted':
      return `Counted ${formatCount(to)} (was ${formatCount(from)})${because(stock.note)}`
    case 'imported':
      return `Imported ${formatCount(to)} in stock (was ${formatCount(from)})`
  }
}

/** The movement of a change record, in words, or undefined when the change moved no stock. */
export function movementOf(record: ChangeRecord): string | undefined {
  if (!record.stock) return undefined
  const quantity = record.changes?.quantity
  const to = typeof quantity?.to === 'number' ? quantity.to : 0
  const from = typeof quantity?.from === 'number' ? quantity.from : 0
  return describeMovement(record.stock, from, to)
}
