/**
 * A sale made while the main computer is away, checked at the till before it is kept: priced from the till's read
 * copy of the sales settings and plant prices by the main computer's own rules (src-shared/sale-pricing.ts), so a sale
 * it would surely refuse (paid short, a plant it has not, a line that cannot be priced) is refused now, with the same
 * problem and status, while the customer is still at the till. Stock is never checked: a sale made offline is never
 * refused for stock. What the till cannot judge (no sales settings read yet, a plant it never read) is kept, and the
 * main computer judges it when it arrives.
 */
import type { NewSale } from '#shared/sale'
import { priceSale, type PlantToPrice } from '#shared/sale-pricing'
import type { SalesSettings } from '#shared/tax'
import { problem } from '#server'

/** What the till knows of the main computer from its read copy (routes/offline-reads.ts). */
export interface ReadCopy {
  salesSettings(): SalesSettings | undefined
  plantToPrice(id: number): PlantToPrice | undefined
  /** True when the copy shows the main computer has no plant `id` (not merely that the till never read it). */
  knowsNoPlant(id: number): boolean
}

/** Refuses `sale` as the main computer would, when the read copy shows it surely would; else returns (keep it). */
export function checkKeptSale(sale: NewSale, copy: ReadCopy): void {
  const settings = copy.salesSettings()
  if (settings === undefined) return
  const ids = [...new Set(sale.lines.map((line) => line.plantId))]
  // As the main computer does: every plant it has not, named at once, before the basket is priced.
  const missing = ids.filter((id) => copy.knowsNoPlant(id))
  if (missing.length > 0) throw problem('plantsNotFound', missing)
  const plants = new Map<number, PlantToPrice>()
  for (const id of ids) {
    const plant = copy.plantToPrice(id)
    if (plant === undefined) return // a plant this till never read: its price is the main computer's to know
    plants.set(id, plant)
  }
  const priced = priceSale(sale, (id) => plants.get(id)!, settings)
  if (!priced.ok) throw problem(priced.kind === 'short' ? 'paymentShort' : 'saleInvalid', 'The sale was not completed', priced.errors)
}
