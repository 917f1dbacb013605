/**
 * A sale priced and settled from what is known of its plants, by the rules of sale-totals.ts and tax.ts: the one
 * judgement of a basket's totals and payments. Pure: the store runs it inside its serialised step on the plants as
 * that step sees them; a paired till runs it on its read copy before it keeps a sale made while the main computer is
 * away, so a sale the main computer would refuse is refused at once, with the same words.
 */
import type { Cents } from './money'
import type { FieldError } from './problem'
import type { NewSale, SaleLine, SaleTotals } from './sale'
import { priceBasket, settle, type LineToPrice } from './sale-totals'
import { taxRateOf, type SalesSettings } from './tax'

/** What pricing needs of a line's plant (a stored plant fits: the price in whole cents). */
export interface PlantToPrice {
  id: number
  name?: string
  category?: string
  priceCents?: Cents
}

/** A sale priced: its lines, totals and the change to give; or why it is refused (`short`: paid less than the total). */
export type PricedSale =
  { ok: true; lines: SaleLine[]; totals: SaleTotals; change: number } | { ok: false; kind: 'invalid' | 'short'; errors: FieldError[] }

/** Prices `sale` with `settings`, each line's plant given by `plantOf`, and settles its payments against the total. */
export function priceSale(sale: NewSale, plantOf: (id: number) => PlantToPrice, settings: SalesSettings): PricedSale {
  const lines: LineToPrice[] = sale.lines.map((line) => {
    const plant = plantOf(line.plantId)
    const rate = taxRateOf(plant.category, settings)
    return {
      ...line,
      name: plant.name ?? `Plant ${plant.id}`,
      ...(plant.priceCents === undefined ? {} : { price: plant.priceCents }),
      ...(rate ? { rate } : {})
    }
  })
  const priced = priceBasket(lines, sale.discount, settings.pricesIncludeTax)
  if (!priced.ok) return { ok: false, kind: 'invalid', errors: priced.errors }
  const settled = settle(sale.payments, priced.totals.net)
  if (!settled.ok) return { ok: false, kind: settled.short ? 'short' : 'invalid', errors: settled.errors }
  return { ok: true, lines: priced.lines, totals: priced.totals, change: settled.change }
}
