/**
 * What a write whose body decides it does, in the words of the permissions table: an edit that sets another
 * price is a price change; a stock movement is a sale, a refund, a delivery or count, or a write-off by its
 * reason. The routes ask {@link requireStaffMay} with these once the body is read.
 */
import type { H3Event } from 'h3'
import { centsOf } from '#shared/money'
import { saleChangesPrices, type NewSale } from '#shared/sale'
import type { StaffAction } from '#shared/staff'
import type { StockLine, StockReason } from '#shared/stock'
import { taxRateOf, type SalesSettings } from '#shared/tax'
import type { Plant } from '#shared/plant'
import type { ShopStore } from '#store'
import type { Shop } from '#server/routes/shop'
import { requireRefundWithinLimit, requireStaffMay } from './staff-gate'

const STOCK_ACTIONS: Record<StockReason, StaffAction> = {
  sold: 'sell',
  returned: 'refund',
  received: 'receive-stock',
  counted: 'receive-stock',
  'written-off': 'write-off-stock',
  imported: 'import'
}

/** A count that finds fewer pots than the line has takes them away without a reason: a write-off in all but name. */
function actionOf(store: ShopStore, line: StockLine): StaffAction {
  if ('count' in line && line.count < (store.get(line.id)?.quantity ?? 0)) return 'write-off-stock'
  return STOCK_ACTIONS[line.reason]
}

/** An edit of one plant, as far as the permissions go: its price and category (what a customer pays), and its pots. */
interface GuardedEdit {
  id: number
  price?: number | null
  category?: string | null
  quantity?: number | null
}

/** A price in cents as the store keeps it (19.999999999999996 is 2000); undefined for none. */
const storedCents = (price: number | null | undefined) => (price === undefined || price === null ? undefined : centsOf(price))

/**
 * True when `change` changes what a customer pays for its plant: another price (compared in cents, as stored), or
 * another category whose tax rate differs under the sales settings (with prices excluding tax, moving a 100.00 plant
 * from 19 % to 7 % makes 119.00 into 107.00). The settings are read only for a change of category.
 */
async function changesWhatCustomersPay(before: Plant | undefined, change: GuardedEdit, sales: () => Promise<SalesSettings>): Promise<boolean> {
  if (change.price !== undefined && storedCents(change.price) !== storedCents(before?.price)) return true
  if (change.category === undefined) return false
  const settings = await sales()
  return taxRateOf(change.category ?? undefined, settings)?.id !== taxRateOf(before?.category, settings)?.id
}

/**
 * What an edit's new quantity is, in the permissions' words: an edit that sets the pots is a count (api.md), so one
 * that finds fewer (or stops keeping stock of a line that had pots) writes off, as a stock-take would; more is received.
 */
function quantityActionOf(before: Plant | undefined, change: GuardedEdit): StaffAction | undefined {
  if (change.quantity === undefined) return undefined
  const had = before?.quantity ?? 0
  const has = change.quantity ?? 0
  return has < had ? 'write-off-stock' : has > had ? 'receive-stock' : undefined
}

/**
 * Refuses edits of plants (`changes`, each naming its plant) the member at the till may not make: one that changes
 * what a customer pays, by its price or by a category with another tax rate, is a price change; one that sets fewer
 * pots is a write-off, as the same count through the stock routes is.
 */
export async function requireMayEdit(event: H3Event, shop: Shop, changes: readonly GuardedEdit[]): Promise<void> {
  if (!event.context.staff) return
  const sales = () => shop.settings.sales()
  const actions = new Set<StaffAction>(['edit-plants'])
  for (const change of changes) {
    const before = shop.store.get(change.id)
    if (await changesWhatCustomersPay(before, change, sales)) actions.add('change-prices')
    const counted = quantityActionOf(before, change)
    if (counted) actions.add(counted)
  }
  // The strongest first, so the refusal names what the member may not do rather than a plain edit.
  for (const action of ['change-prices', 'write-off-stock', 'receive-stock', 'edit-plants'] as const)
    if (actions.has(action)) requireStaffMay(event, action)
}

/** Refuses a sale the member at the till may not make: one that changes prices (saleChangesPrices) is a price change. */
export function requireMaySell(event: H3Event, sale: NewSale): void {
  requireStaffMay(event, 'sell')
  if (saleChangesPrices(sale)) requireStaffMay(event, 'change-prices')
}

/** Refuses stock movements the member at the till may not make (by their reasons), and refunds over their limit. */
export function requireMayMoveStock(event: H3Event, store: ShopStore, lines: readonly StockLine[]): void {
  if (!event.context.staff) return
  for (const action of new Set(lines.map((line) => actionOf(store, line)))) requireStaffMay(event, action)
  const refunded = lines
    .filter((line) => line.reason === 'returned' && 'change' in line)
    .reduce((sum, line) => sum + Math.abs((line as { change: number }).change) * centsOf(store.get(line.id)?.price ?? 0), 0)
  if (refunded > 0) requireRefundWithinLimit(event, refunded)
}
