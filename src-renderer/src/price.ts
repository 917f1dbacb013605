/**
 * Prices as the shop shows them: `Intl.NumberFormat` in the shop's currency
 * and locale (the API's shop setting), and the Price field's text read back
 * into a number the API accepts (≥ 0, ≤ 1,000,000, at most two decimals).
 */
import type { FieldError } from '#shared/problem'

export interface ShopMoney {
  /** ISO 4217 code, e.g. EUR. */
  currency: string
  /** BCP 47 locale, e.g. de-DE. */
  locale: string
}

export const PRICE_MAX = 1_000_000

const formats = new Map<string, Intl.NumberFormat>()

function currencyFormat({ currency, locale }: ShopMoney): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formats.set(key, format)
  }
  return format
}

/** 19.99 in EUR for de-DE → `19,99 €`; no price → ''. */
export function formatPrice(price: number | undefined, shop: ShopMoney): string {
  return price === undefined ? '' : currencyFormat(shop).format(price)
}

/** The price as the Price field shows it for editing: digits and the locale's decimal mark, no currency (`19,99`). */
export function priceFieldText(price: number | undefined, locale: string): string {
  if (price === undefined) return ''
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(price)
}

/** The locale's decimal mark: `.` for en-GB, `,` for de-DE. */
function decimalMark(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
}

export type PriceReading = { ok: true; price: number | null } | { ok: false; message: string }

/**
 * Reads the Price field: '' → null (no price); `19,99` or `19.99` → 19.99.
 * Group marks and a currency sign around the number are tolerated; what is
 * left must be a number ≥ 0 with at most two decimals, at most 1,000,000.
 */
export function parsePrice(text: string, locale: string): PriceReading {
  const mark = decimalMark(locale)
  const bare = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d.,-]+|[^\d.,]+$/g, '')
  if (bare === '') return text.trim() === '' ? { ok: true, price: null } : { ok: false, message: 'Price must be a number, like 12.50' }
  // The last . or , is the decimal mark when followed by one or two digits (or it is the locale's own mark); other marks group thousands.
  const last = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','))
  const decimals = last === -1 ? '' : bare.slice(last + 1)
  const isDecimal = last !== -1 && (bare[last] === mark || decimals.length !== 3)
  const grouped = isDecimal ? bare.slice(0, last) : bare
  // Group marks only between groups of three digits: `1.234.567`, never `1.2.3`.
  if (/[.,]/.test(grouped) && !/^\d{1,3}([.,]\d{3})+$/.test(grouped)) return { ok: false, message: 'Price must be a number, like 12.50' }
  const whole = grouped.replace(/[.,]/g, '')
  const digits = isDecimal ? `${whole || '0'}.${decimals}` : whole
  if (!/^\d+(\.\d*)?$/.test(digits))
    return { ok: false, message: bare.startsWith('-') ? 'Price must not be negative' : 'Price must be a number, like 12.50' }
  if (isDecimal && decimals.length > 2) return { ok: false, message: 'Price has at most two decimals (cents)' }
  const price = Math.round(Number(digits) * 100) / 100
  if (price > PRICE_MAX) return { ok: false, message: 'Price must be at most 1,000,000' }
  return { ok: true, price }
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
export function priceChange(text: string, locale: string, previous: number | undefined): { price?: number | null | string } {
  const reading = parsePrice(text, locale)
  if (!reading.ok) return { price: text }
  if (reading.price === (previous ?? null)) return {}
  return { price: reading.price }
}

/**
 * A validation result whose price complaint speaks of what was typed (`Price
 * has at most two decimals (cents)`) rather than of JSON types: the field's
 * text goes to the shared validation as text when it is not a price.
 */
export function withPriceMessage<R extends { ok: true } | { ok: false; errors: FieldError[] }>(result: R, text: string, locale: string): R {
  const reading = parsePrice(text, locale)
  if (result.ok || reading.ok) return result
  const errors = result.errors.map((error) => (error.field === 'price' ? { field: 'price', message: reading.message } : error))
  return { ...result, errors }
}
