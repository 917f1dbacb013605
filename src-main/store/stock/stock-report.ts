/** The stock report: the lines kept in stock now, those low on stock, and the pots written off in a month. */
import type { Plant } from '#shared/plant'
import { isLowStock, type LowStockLine, type StockReport } from '#shared/stock'
import type { DailyWriteOffs } from '#store/history/sales-aggregate'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** The report over `plants` (the catalogue now) and `writeOffs` (by day, from the change log) for `month` (YYYY-MM). */
export function stockReportOf(plants: readonly Plant[], writeOffs: Readonly<DailyWriteOffs>, month: string): StockReport {
  let lines = 0
  let potsOnHand = 0
  const lowStock: LowStockLine[] = []
  for (const plant of plants) {
    if (plant.quantity === undefined) continue
    lines++
    potsOnHand += plant.quantity
    if (isLowStock(plant)) {
      const { id, name, quantity, reorderAt } = plant
      lowStock.push({ id, ...(name === undefined ? {} : { name }), quantity, ...(reorderAt === undefined ? {} : { reorderAt }) })
    }
  }
  lowStock.sort((a, b) => a.quantity - b.quantity || collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id)
  const byReason = new Map<string, number>()
  for (const [day, reasons] of Object.entries(writeOffs)) {
    if (!day.startsWith(`${month}-`)) continue
    for (const [reason, pots] of Object.entries(reasons)) byReason.set(reason, (byReason.get(reason) ?? 0) + pots)
  }
  const reasons = [...byReason].map(([reason, pots]) => ({ reason, pots })).sort((a, b) => b.pots - a.pots || collator.compare(a.reason, b.reason))
  return { month, lines, potsOnHand, lowStock, writtenOff: { pots: reasons.reduce((sum, item) => sum + item.pots, 0), reasons } }
}
