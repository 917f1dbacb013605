/**
 * Prices in the staff UI, through the one money parser and formatter of
 * src-shared/money.ts: the shop's currency and locale (the API's shop
 * setting), and the Price field's text read back into a number the API accepts.
 */
import type { FieldError } from '#shared/problem'
import { decimalMarkOf, type DecimalMark, formatMoney, moneyFieldText, moneyProblemText, readMoney, toDecimal, type ShopMoney } from '#shared/money'

export type { ShopMoney } from '#shared/money'

/** 19.99 in EUR for de-DE → `19,99 €`; no price → ''. */
export function formatPrice(price: number | undefined, shop: ShopMoney): string {
  return formatMoney(price, shop)
}

/** The price as the Price field shows it for editing: digits and the locale's decimal mark, no currency (`19,99`). */
export function priceFieldText(price: number | undefined, locale: string): string {
  return moneyFieldText(price, locale)
}

export type PriceReading = { ok: true; price: number | null } | { ok: false; message: string }

/**
 * Reads the Price field with the shared money parser: '' → null (no price); `19,99` or `19.99` → 19.99. The
 * locale's decimal mark alone is decimal; the other mark alone before three digits (`0.005` or `1.250` in a de-DE
 * shop: a thousands mark, or a decimal point?) is refused in words rather than guessed.
 */
export function parsePrice(text: string, locale: string, currency?: string): PriceReading {
  const mark = decimalMarkOf(locale)
  const reading = readMoney(text, { localeMark: mark, ...(currency === undefined ? {} : { currency }) })
  if (reading.ok) return { ok: true, price: reading.cents === null ? null : toDecimal(reading.cents) }
  return { ok: false, message: reading.problem === 'ambiguous' ? ambiguousText(text, mark) : `Price ${moneyProblemText(reading.problem, mark)}` }
}

/** Why `0.005` typed in a shop that writes `12,50` is not read either way, and how to write what was meant. */
function ambiguousText(text: string, mark: DecimalMark): string {
  const [other, own] = mark === ',' ? ['dot', 'comma'] : ['comma', 'dot']
  return (
    `Price ${text.trim()} could be read two ways: is the ${other} a thousands mark or a decimal mark? ` +
    `Write cents with a ${own} (${mark === ',' ? '12,50' : '12.50'}) and thousands without a mark (1250)`
  )
}

/** A plant's price, if it has one. */
export function priceOf(plant: object): number | undefined {
  return 'price' in plant && typeof plant.price === 'number' ? plant.price : undefined
}

/**
 * The `price` an add or edit sends for the Price field's text, or nothing when
 * it is unchanged (or empty on a plant without a price): a number, null to
 * remove the price, or, when the text is not a price, the text itself so that
 * the shared validation names the field and explains.
 */
export function priceChange(text: string, locale: string, previous: number | undefined, currency?: string): { price?: number | null | string } {
  const reading = parsePrice(text, locale, currency)
  if (!reading.ok) return { price: text }
  if (reading.price === (previous ?? null)) return {}
  return { price: reading.price }
}

/**
 * A validation result whose price complaint speaks of what was typed (`Price
 * has at most two decimals (cents)`) rather than of JSON types: the field's
 * text goes to the shared validation as text when it is not a price.
 */
export function withPriceMessage<R extends { ok: true } | { ok: false; errors: FieldError[] }>(
  result: R,
  text: string,
  locale: string,
  currency?: string
): R {
  const reading = parsePrice(text, locale, currency)
  if (result.ok || reading.ok) return result
  const errors = result.errors.map((error) => (error.field === 'price' ? { field: 'price', message: reading.message } : error))
  return { ...result, errors }
}
