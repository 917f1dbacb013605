/**
 * The arithmetic of a sale, in whole minor units, by the rule docs/api.md writes down: line amounts, the basket
 * discount shared by largest remainder, tax per line rounded half away from zero, totals and tax per rate, and
 * whether the payments settle the total. Pure: the store prices a basket with it inside its serialised step, and the
 * till can show the same total before it sends the basket.
 */
import type { Cents } from './money'
import type { FieldError } from './problem'
import type { Discount, NewSaleLine, Payment, SaleLine, SaleTotals, TaxLine } from './sale'
import { divideRounded, taxOf, type TaxRate } from './tax'

/** A basket line with what the catalogue says of its plant. */
export interface LineToPrice extends NewSaleLine {
  name: string
  /** The plant's own price (whole cents, as the store keeps it); undefined when it has none. */
  price?: Cents
  rate?: TaxRate
}

/** A basket priced: its lines and totals, or the faults that stop it (field errors naming the line). */
export type PricedBasket = { ok: true; lines: SaleLine[]; totals: SaleTotals } | { ok: false; errors: FieldError[] }

/** Shares `amount` over `weights` in proportion, each share rounded down and the rest given by largest remainder. */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (amount === 0 || sum === 0) return weights.map(() => 0)
  const exact = weights.map((weight) => ({
    share: Number((BigInt(amount) * BigInt(weight)) / BigInt(sum)),
    rest: (BigInt(amount) * BigInt(weight)) % BigInt(sum)
  }))
  let left = amount - exact.reduce((total, part) => total + part.share, 0)
  const order = exact.map((part, index) => ({ ...part, index })).sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))
  for (const part of order) {
    if (left === 0) break
    exact[part.index]!.share++
    left--
  }
  return exact.map((part) => part.share)
}

/** Prices `lines` (with the basket `discount`) as docs/api.md says; refuses a line without a price or a discount above what it discounts. */
export function priceBasket(lines: readonly LineToPrice[], discount: Discount | undefined, pricesIncludeTax: boolean): PricedBasket {
  const errors: FieldError[] = []
  const amounts = lines.map((line, index) => {
    const unitPrice = line.unitPrice ?? line.price
    if (unitPrice === undefined) {
      errors.push({
        field: `lines[${index}].unitPrice`,
        message: `plant ${line.plantId} ("${line.name}") has no price: give unitPrice and priceReason`
      })
      return 0
    }
    const amount = unitPrice * line.quantity - (line.discount?.amount ?? 0)
    if (amount < 0)
      errors.push({ field: `lines[${index}].discount.amount`, message: `the discount is more than the line's ${unitPrice * line.quantity}` })
    return amount
  })
  const sum = amounts.reduce((a, b) => a + b, 0)
  if (discount && discount.amount > sum && errors.length === 0)
    errors.push({ field: 'discount.amount', message: `the basket discount is more than the lines come to (${sum})` })
  if (errors.length > 0) return { ok: false, errors }
  const shares = shareOut(discount?.amount ?? 0, amounts)
  const priced: SaleLine[] = lines.map((line, index) => {
    const taxed = amounts[index]! - shares[index]!
    const tax = taxOf(taxed, line.rate, pricesIncludeTax)
    return {
      plantId: line.plantId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? line.price!,
      ...(line.priceReason === undefined ? {} : { priceReason: line.priceReason }),
      discount: line.discount?.amount ?? 0,
      ...(line.discount === undefined ? {} : { discountReason: line.discount.reason }),
      basketDiscount: shares[index]!,
      taxRate: line.rate ?? null,
      total: pricesIncludeTax ? taxed : taxed + tax,
      tax
    }
  })
  return { ok: true, lines: priced, totals: totalsOf(priced, pricesIncludeTax) }
}

/** The totals of priced lines: gross, discounts, tax, net and tax per rate (rates in the order first met). */
export function totalsOf(lines: readonly SaleLine[], pricesIncludeTax: boolean): SaleTotals {
  const sum = (pick: (line: SaleLine) => number) => lines.reduce((total, line) => total + pick(line), 0)
  const taxRates = taxLinesOf(lines)
  const gross = sum((line) => line.unitPrice * line.quantity)
  const discounts = sum((line) => line.discount + line.basketDiscount)
  const tax = sum((line) => line.tax)
  return { gross, discounts, tax, net: gross - discounts + (pricesIncludeTax ? 0 : tax), taxRates }
}

/** Whether `payments` settle `due`: the change to give, or the faults (short, over, given below amount, given on a card). */
export function settle(
  payments: readonly Payment[],
  due: number
): { ok: true; change: number } | { ok: false; short: boolean; paid: number; errors: FieldError[] } {
  const errors: FieldError[] = []
  payments.forEach((payment, index) => {
    if (payment.given === undefined) return
    if (payment.method !== 'cash') errors.push({ field: `payments[${index}].given`, message: 'given is for cash only (the change it leaves)' })
    else if (payment.amount === 0 && payment.given > 0)
      errors.push({
        field: `payments[${index}].given`,
        message: 'a cash payment of 0 has no change to give: leave it out, or say how much of the total is paid in cash'
      })
    else if (payment.given < payment.amount)
      errors.push({ field: `payments[${index}].given`, message: `given (${payment.given}) is less than the amount (${payment.amount})` })
  })
  const paid = payments.reduce((total, payment) => total + payment.amount, 0)
  if (paid !== due)
    errors.push({
      field: 'payments',
      message:
        paid < due
          ? `the payments come to ${paid}, less than the total of ${due}`
          : `the payments come to ${paid}, more than the total of ${due}: give cash as {"method": "cash", "amount": ${due}, "given": ${paid}} for change`
    })
  if (errors.length > 0) return { ok: false, short: paid < due, paid, errors }
  return { ok: true, change: payments.reduce((total, payment) => total + (payment.given === undefined ? 0 : payment.given - payment.amount), 0) }
}

/** Tax per rate of lines (a sale's, a refund's, a day's), in the order the rates are first met; untaxed lines left out. */
export function taxLinesOf(lines: readonly Pick<SaleLine, 'taxRate' | 'total' | 'tax'>[]): TaxLine[] {
  const taxRates = new Map<string, TaxLine>()
  for (const line of lines) {
    if (!line.taxRate) continue
    const { id, name, percent } = line.taxRate
    const entry = taxRates.get(id) ?? { rateId: id, name, percent, base: 0, tax: 0 }
    entry.base += line.total - line.tax
    entry.tax += line.tax
    taxRates.set(id, entry)
  }
  return [...taxRates.values()]
}

/**
 * The money back for `quantity` of a sale line's pots when `refunded` of them went back before: their share of the
 * line's total and tax, rounded half away from zero; the last pots take what is left, so all the refunds of a line
 * add up to its total and tax exactly.
 */
export function refundShare(
  line: Pick<SaleLine, 'quantity' | 'total' | 'tax'>,
  quantity: number,
  refunded: { quantity: number; total: number; tax: number }
): { total: number; tax: number } {
  // The share of all pots given back so far, less what earlier refunds gave: rounding never adds up past the line
  // (3 pots of 9 for 0.03 each, refunded 2 at a time, gave 0.01 per step and 0.04 after four), and the last pot
  // takes exactly what is left.
  const after = refunded.quantity + quantity
  const upTo = (amount: number) => divideRounded(amount * after, line.quantity)
  return { total: upTo(line.total) - refunded.total, tax: upTo(line.tax) - refunded.tax }
}
