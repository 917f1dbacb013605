/**
 * Money as the shop reads and writes it: the one parser of typed or imported
 * prices (`6,90`, `1.249,00`, `1,250.00`, `£65.00`, `€ 12`, `12.-`) and the one
 * formatter (Intl.NumberFormat in the shop's locale and currency). The Price
 * field, the import, its preview, labels and reports all use these, so they
 * never disagree. Amounts are read into whole cents from the digits, never by
 * float arithmetic, so `0.30` never becomes 0.30000000000000004.
 */

/** The mark between the whole amount and the cents. */
export type DecimalMark = '.' | ','

/** The decimal marks, for choices and validation. */
export const DECIMAL_MARKS: readonly DecimalMark[] = ['.', ',']

/** The shop's money: ISO 4217 currency and BCP 47 locale (GET /v3/settings/shop). */
export interface ShopMoney {
  currency: string
  locale: string
}

/** The highest price (the API's limit). */
export const PRICE_MAX = 1_000_000

/**
 * An amount of money as a whole number of cents (minor units): a stored price, a sale's amounts, a refund limit.
 * The brand keeps a decimal price (19.99) from passing where cents (1999) belong; a decimal number exists only at
 * the contract's edge (a plant's `price` in JSON, the plant validator), made by {@link centsOf} and {@link toDecimal}.
 */
export type Cents = number & { readonly __brand: 'Cents' }

/** The highest price in cents ({@link PRICE_MAX}). */
export const PRICE_MAX_CENTS = (PRICE_MAX * 100) as Cents

/**
 * The one rounding rule from a decimal amount to cents: 19.99 → 1999, 0.1 + 0.2 → 30. A price with at most two
 * decimals (what the validator and the parsers let through) is within a millionth of a cent of its cents, so the
 * rounding only undoes binary floats; it agrees with `Math.round(price / 0.01)` for every price from 0 to PRICE_MAX.
 */
export function centsOf(decimal: number): Cents {
  return Math.round(decimal * 100) as Cents
}

/** Whole cents as the contract's decimal number: 1999 → 19.99 (exact to two decimals as JSON prints it). */
export function toDecimal(cents: Cents): number {
  return cents / 100
}

/** Brands a whole number already known to count cents (a stored `priceCents`, a sale's minor units read from JSON). */
export const asCents = (minor: number): Cents => minor as Cents

/** True for a whole number of cents from 0 to {@link PRICE_MAX_CENTS} (a stored price). */
export function isPriceCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= PRICE_MAX_CENTS
}

/** Why a text is not a price. */
export type MoneyProblem = 'not-a-number' | 'negative' | 'decimals' | 'too-large' | 'ambiguous' | 'currency'

/** A price read from text: whole cents (null when the text is empty), or why it is not one. */
export type MoneyReading = { ok: true; cents: Cents | null } | { ok: false; problem: MoneyProblem }

/** How to read the marks of a price. */
export interface MoneyReadOptions {
  /** The decimal mark, known for sure (taken from a whole column, or chosen): other marks must group thousands. */
  decimalMark?: DecimalMark
  /**
   * The decimal mark of the locale a person types in (the Price field): that mark alone is decimal; the other mark
   * alone before exactly three digits (`0.005`, `1.250` in de-DE) could group thousands or mark decimals, so it is
   * refused as ambiguous rather than guessed; before one, two or four digits it can only be decimal (`12.50`).
   */
  localeMark?: DecimalMark
  /** The shop's currency (ISO 4217): a sign beside the amount that cannot be it (`£` in a CHF shop) is refused. */
  currency?: string
}

const SPACES = /[\s\u00a0\u202f\u2009]/g
/** A currency around the number: a sign (€ £ $ ¥ …), an ISO code, or a common short word. */
const CURRENCY = /^(?:\p{Sc}|[A-Z]{3}|US\$|kr\.?|Fr\.?|zł|Kč|Ft|Rs\.?)+|(?:\p{Sc}|[A-Z]{3}|kr\.?|Fr\.?|zł|Kč|Ft|Rs\.?)+$/gu
/** `12.-`, `12,–`, `12,--`: a whole amount written the Swiss or German way. */
const WHOLE_DASH = /[.,](?:-{1,2}|–)$/
const APOSTROPHES = /['’]/g

/** Digits of a well-grouped whole number once its group mark is known: `1.234.567`, never `1.2.3` nor `0.005`. */
function groupedDigits(text: string, group: string): string | undefined {
  if (!text.includes(group)) return /^\d*$/.test(text) ? text : undefined
  const parts = text.split(group)
  const [first = '', ...rest] = parts
  if (!/^[1-9]\d{0,2}$/.test(first) || !rest.every((part) => /^\d{3}$/.test(part))) return undefined
  return parts.join('')
}

/** The decimal mark a single text shows: `,` for `6,90`, `.` for `1,250.00`, 'ambiguous' for `1,250`; undefined for `12`. */
export function markOf(text: string): DecimalMark | 'ambiguous' | undefined {
  const bare = bareNumber(text)
  if (bare === undefined) return undefined
  const dot = bare.lastIndexOf('.')
  const comma = bare.lastIndexOf(',')
  if (dot !== -1 && comma !== -1) return dot > comma ? '.' : ','
  const position = Math.max(dot, comma)
  if (position === -1) return undefined
  const mark = bare[position] as DecimalMark
  if (bare.indexOf(mark) !== position) return mark === '.' ? ',' : '.' // `1.234.567`: the mark repeats, so it groups
  // Once, with three digits after and a group before it (`1,250`), it can group thousands or mark the decimals.
  return groupedDigits(bare, mark) !== undefined ? 'ambiguous' : mark
}

/** The text without spaces, currency and a whole-amount dash; undefined when it holds no digit. */
function bareNumber(text: string): string | undefined {
  const bare = text.replace(SPACES, '').replace(CURRENCY, '').replace(WHOLE_DASH, '').replace(APOSTROPHES, '')
  return /\d/.test(bare) ? bare : undefined
}

/**
 * The currencies a sign written beside a price may stand for: `€` is the euro only, `$` one of many dollars. A sign
 * not listed says nothing (a file's `kr` could be any of four crowns, and is listed as those).
 */
const CURRENCIES_OF_SIGN: ReadonlyMap<string, readonly string[]> = new Map([
  ['€', ['EUR']],
  ['£', ['GBP', 'GIP', 'FKP', 'SHP', 'EGP']],
  ['$', ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'ARS', 'CLP', 'COP', 'TWD']],
  ['US$', ['USD']],
  ['¥', ['JPY', 'CNY']],
  ['₹', ['INR']],
  ['₩', ['KRW']],
  ['₺', ['TRY']],
  ['₽', ['RUB']],
  ['₴', ['UAH']],
  ['zł', ['PLN']],
  ['Kč', ['CZK']],
  ['Ft', ['HUF']],
  ['kr', ['SEK', 'NOK', 'DKK', 'ISK']],
  ['kr.', ['SEK', 'NOK', 'DKK', 'ISK']],
  ['Fr', ['CHF']],
  ['Fr.', ['CHF']]
])

/**
 * The currency sign or code written beside a price (`£12.50` → `£`, `12,50 EUR` → `EUR`), undefined when none; and the
 * currencies it may stand for (an ISO code stands for itself; an unknown sign for none we can name).
 */
export function currencySignOf(text: string): { sign: string; currencies: readonly string[] } | undefined {
  if (!/\d/.test(text)) return undefined
  const sign = [...text.replace(SPACES, '').matchAll(CURRENCY)].map((match) => match[0])[0]
  if (sign === undefined) return undefined
  return { sign, currencies: /^[A-Z]{3}$/.test(sign) ? [sign] : (CURRENCIES_OF_SIGN.get(sign) ?? []) }
}

/** The other mark alone, before exactly three digits: `0.005` or `1.250` where the locale writes `12,50`. */
function groupsOrDecimals(bare: string, localeMark: DecimalMark): boolean {
  const other = localeMark === ',' ? '.' : ','
  return !bare.includes(localeMark) && bare.split(other).length === 2 && /^\d{3}$/.test(bare.slice(bare.indexOf(other) + 1))
}

function decideMark(bare: string, options: MoneyReadOptions): DecimalMark | 'none' | 'ambiguous' {
  const seen = markOf(bare)
  if (seen === undefined) return 'none'
  if (options.decimalMark) return options.decimalMark
  if (options.localeMark) return groupsOrDecimals(bare, options.localeMark) ? 'ambiguous' : seen === 'ambiguous' ? options.localeMark : seen
  return seen
}

/**
 * Reads a price: `''` → no price (null); `6,90`, `1.249,00`, `1,250.00`, `£65.00`, `€ 12`, `12.-`, `1'249.50`
 * → whole cents. A mark that could group thousands or mark decimals (`1,250`) is read by `decimalMark`, else
 * `localeMark` (see there), else refused as ambiguous. At most two decimals (more only as trailing zeros), 0 to 1,000,000.
 */
export function readMoney(text: string, options: MoneyReadOptions = {}): MoneyReading {
  if (text.trim() === '') return { ok: true, cents: null }
  const trimmed = text.replace(SPACES, '')
  if (/^[-−(]|-$/.test(trimmed.replace(CURRENCY, '')) && !WHOLE_DASH.test(trimmed)) return { ok: false, problem: 'negative' }
  const bare = bareNumber(text)
  if (bare === undefined || !/^[\d.,]+$/.test(bare)) return { ok: false, problem: 'not-a-number' }
  const mark = decideMark(bare, options)
  if (mark === 'ambiguous') return { ok: false, problem: 'ambiguous' }
  const position = mark === 'none' ? -1 : bare.lastIndexOf(mark)
  const decimals = position === -1 ? '' : bare.slice(position + 1)
  const group = mark === ',' ? '.' : ','
  const whole = groupedDigits(position === -1 ? bare : bare.slice(0, position), group)
  if (whole === undefined || /[.,]/.test(decimals)) return { ok: false, problem: 'not-a-number' }
  if (!/^\d*$/.test(decimals) || (whole === '' && decimals === '')) return { ok: false, problem: 'not-a-number' }
  if (/[1-9]/.test(decimals.slice(2))) return { ok: false, problem: 'decimals' }
  const units = whole.replace(/^0+(?=\d)/, '')
  if (units.length > 7) return { ok: false, problem: 'too-large' }
  const cents = asCents(Number(units || '0') * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')))
  if (cents > PRICE_MAX_CENTS) return { ok: false, problem: 'too-large' }
  const sign = options.currency === undefined ? undefined : currencySignOf(text)
  if (sign && sign.currencies.length > 0 && !sign.currencies.includes(options.currency!)) return { ok: false, problem: 'currency' }
  return { ok: true, cents }
}

/** A number a spreadsheet stored (an xlsx number cell) as whole cents, when it is a price. */
export function moneyFromNumber(value: number): MoneyReading {
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' }
  if (value < 0) return { ok: false, problem: 'negative' }
  const cents = centsOf(value)
  // A stored 19.99 is 19.989999999999998 in binary: within a millionth of a cent it is that cent.
  if (Math.abs(value * 100 - cents) > 1e-6) return { ok: false, problem: 'decimals' }
  return cents > PRICE_MAX_CENTS ? { ok: false, problem: 'too-large' } : { ok: true, cents }
}

/** The price as plain text with a dot and two decimals (`4.50`), as CSV files and scripts expect. */
export function plainPriceText(price: number): string {
  return plainCentsText(centsOf(price))
}

/** Cents as plain text with a dot and two decimals (1999 → `19.99`, -5 → `-0.05`), as `toFixed(2)` writes them. */
export function plainCentsText(cents: Cents): string {
  const whole = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

/** Why a text is not a price, in words that follow the field's name (`price must be …`), with an example in `mark`. */
export function moneyProblemText(problem: MoneyProblem, mark: DecimalMark = '.'): string {
  const example = mark === ',' ? '12,50' : '12.50'
  switch (problem) {
    case 'negative':
      return 'must not be negative'
    case 'decimals':
      return 'has at most two decimals (cents)'
    case 'too-large':
      return `must be at most ${mark === ',' ? '1.000.000' : '1,000,000'}`
    case 'currency':
      return `is written in another currency than the shop's prices: type the amount alone, like ${example}`
    case 'ambiguous':
      return `could be read two ways (is 1,250 one thousand two hundred and fifty, or 1.25?): choose the decimal mark`
    default:
      return `must be a number, like ${example}`
  }
}

const decimalMarks = new Map<string, DecimalMark>()

/** The decimal mark of `locale`: `.` for en-GB, `,` for de-DE. */
export function decimalMarkOf(locale: string): DecimalMark {
  let mark = decimalMarks.get(locale)
  if (!mark) {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((candidate) => candidate.type === 'decimal')
    mark = part?.value === ',' ? ',' : '.'
    decimalMarks.set(locale, mark)
  }
  return mark
}

const formats = new Map<string, Intl.NumberFormat>()

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** `price` as money in the shop's currency and locale: 19.99 → `19,99 €` for de-DE and EUR; no price → ''. */
export function formatMoney(price: number | undefined | null, money: ShopMoney): string {
  if (price === undefined || price === null) return ''
  try {
    return cachedFormat(
      `${money.locale}|${money.currency}`,
      // Always the two decimals prices are kept with: a currency set before those without cents were refused (JPY)
      // shows 6.90 as it is kept, never rounded to 7.
      () => new Intl.NumberFormat(money.locale, { style: 'currency', currency: money.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    ).format(price)
  } catch {
    // An unknown currency code or locale: the amount in the locale's digits with the code after it.
    return `${moneyFieldText(price, 'en')} ${money.currency}`
  }
}

/** The price as the Price field shows it for editing: the locale's decimal mark, no currency, no grouping (`19,99`). */
export function moneyFieldText(price: number | undefined | null, locale: string): string {
  if (price === undefined || price === null) return ''
  return cachedFormat(
    `${locale}|field`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })
  ).format(price)
}

/** An amount in cents as money in the shop's currency and locale: 1999 → `19,99 €` for de-DE and EUR (a receipt, a report). */
export function formatCents(cents: Cents, money: ShopMoney): string {
  return formatMoney(toDecimal(cents), money)
}

/** An amount in cents as a field shows it for editing: 1250 → `12,50` in de-DE. */
export function centsFieldText(cents: Cents, locale: string): string {
  return moneyFieldText(toDecimal(cents), locale)
}

/**
 * A spreadsheet number format for prices in the shop's currency, with the symbol where the locale puts it:
 * `"€"#,##0.00` or `#,##0.00\ "€"`. Excel and LibreOffice show the marks of the computer that opens the file.
 */
export function spreadsheetMoneyFormat(money: ShopMoney): string {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(money.locale, { style: 'currency', currency: money.currency }).formatToParts(1)
  } catch {
    return '#,##0.00'
  }
  const symbol = parts.find((part) => part.type === 'currency')?.value ?? money.currency
  const quoted = `"${symbol.replace(/"/g, '')}"`
  const symbolFirst = parts.findIndex((part) => part.type === 'currency') < parts.findIndex((part) => part.type === 'integer')
  const spaced = parts.some((part) => part.type === 'literal' && /\s/.test(part.value))
  return symbolFirst ? `${quoted}${spaced ? '\\ ' : ''}#,##0.00` : `#,##0.00${spaced ? '\\ ' : ''}${quoted}`
}
