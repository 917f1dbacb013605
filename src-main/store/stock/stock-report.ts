/** The stock report: the lines kept in stock now, those low on stock, and the pots moved and written off in a month. */
import type { Plant } from '#shared/plant'
import { STOCK_REASONS, isLowStock, type LowStockLine, type StockReport } from '#shared/stock'
import { groupKey, storedText } from '#shared/text-rules'
import type { DailyMovements, DailyStock } from '#store/history/sales-aggregate'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * The report over `plants` (the catalogue at `now`) and `daily` (write-offs and movements by day, from the change
 * log) for `month` (YYYY-MM): the month's movements and write-offs, and the stock as it is now (`stockAt`), which
 * for a past month is not what it was then.
 */
export function stockReportOf(plants: readonly Plant[], daily: DailyStock, month: string, now: Date): StockReport {
  let lines = 0
  let potsOnHand = 0
  const lowStock: LowStockLine[] = []
  for (const plant of plants) {
    if (plant.quantity === undefined) continue
    lines++
    potsOnHand += Math.max(0, plant.quantity) // a line below zero has none on the shelf, and takes none from the others
    if (isLowStock(plant)) {
      const { id, name, quantity, reorderAt } = plant
      lowStock.push({ id, ...(name === undefined ? {} : { name }), quantity, ...(reorderAt === undefined ? {} : { reorderAt }) })
    }
  }
  lowStock.sort((a, b) => a.quantity - b.quantity || collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id)
  const { writeOffs } = daily
  // One group per reason whatever its case or spaces ("Frost", "frost "), named as it was first written.
  const byReason = new Map<string, { reason: string; pots: number }>()
  for (const day of daysOfMonth(writeOffs, month)) {
    for (const [reason, pots] of Object.entries(writeOffs[day]!)) {
      const group = byReason.get(groupKey(reason)) ?? { reason: storedText(reason), pots: 0 }
      group.pots += pots
      byReason.set(groupKey(reason), group)
    }
  }
  const reasons = [...byReason.values()].sort((a, b) => b.pots - a.pots || collator.compare(a.reason, b.reason))
  const writtenOff = { pots: reasons.reduce((sum, item) => sum + item.pots, 0), reasons }
  return { month, stockAt: now.toISOString(), lines, potsOnHand, lowStock, moved: movedIn(daily.movements, month), writtenOff }
}

/** The days of `month` (YYYY-MM) that `byDay` holds, in order. */
const daysOfMonth = (byDay: object, month: string): string[] =>
  Object.keys(byDay)
    .filter((day) => day.startsWith(`${month}-`))
    .sort()

/** The pots each kind of movement moved in `month`, kinds that moved nothing left out. */
function movedIn(movements: Readonly<DailyMovements>, month: string): StockReport['moved'] {
  const moved: StockReport['moved'] = {}
  for (const day of daysOfMonth(movements, month)) {
    for (const reason of STOCK_REASONS) moved[reason] = (moved[reason] ?? 0) + (movements[day]![reason] ?? 0)
  }
  for (const reason of STOCK_REASONS) if (moved[reason] === 0) delete moved[reason]
  return moved
}

/**
 * The lines taken below zero by sales made offline at a till and not counted since (their `belowZero` says which
 * sale), the earliest sold first: what the owner is asked to count.
 */
export function belowZeroLines(plants: readonly Plant[]): Plant[] {
  return plants.filter((plant) => plant.belowZero !== undefined).sort((a, b) => a.belowZero!.soldAt.localeCompare(b.belowZero!.soldAt) || a.id - b.id)
}
