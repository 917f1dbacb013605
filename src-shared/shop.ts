/**
 * The shop setting: the currency prices are in (ISO 4217), the locale they
 * (and dates and times) are formatted in (shop-locale.ts), and the time zone that decides the shop's day
 * (shop-day.ts). Prices are written and read with money.ts (the one
 * formatter and parser). The body that changes it is described once, with
 * body-rules.ts.
 */
import { leafOf, named, objectOf } from './body-rules'
import { TIME_ZONES, timeZoneProblem } from './shop-day'
import { SHOP_LOCALES, localeProblem } from './shop-locale'

/** GET /v3/settings/shop. */
export interface ShopSettings {
  /** ISO 4217 code, e.g. "EUR". */
  currency: string
  /** BCP 47 locale the shop writes dates, times and amounts in, e.g. "de-DE"; by default the computer's (shop-locale.ts). */
  locale: string
  /** IANA time zone of the shop, e.g. "Europe/Berlin": the day a sale is counted on and files are named by. */
  timeZone: string
}

/** True for an ISO 4217 code this runtime knows (Intl.supportedValuesOf('currency')). */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value)
}

/** How many decimals Intl writes amounts of the currency `code` with: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDecimals(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
}

/**
 * True for a currency a shop may set: one Intl knows whose amounts have two decimals. Prices are kept, read and
 * written in hundredths (money.ts); a currency without them (JPY) would show a 6.90 price as ¥7, and one with
 * three decimals (KWD) could not hold 1.125, so such currencies are refused rather than shown wrong.
 */
export function isShopCurrency(value: unknown): value is string {
  return isCurrencyCode(value) && currencyDecimals(value) === 2
}

/** What is wrong with `value` as the shop's currency, or undefined when it is one a shop may set. */
export function currencyProblem(value: unknown): string | undefined {
  if (isShopCurrency(value)) return undefined
  if (isCurrencyCode(value)) {
    const decimals = currencyDecimals(value)
    return (
      `currency ${value} cannot be used: its amounts have ${decimals === 0 ? 'no decimals' : `${decimals} decimals`}, and Plant Store keeps ` +
      'prices with two decimals (cents), so they would be shown or kept wrong; choose a currency with two decimals such as EUR, GBP or USD'
    )
  }
  if (typeof value === 'string' && /^[A-Z]{3}$/.test(value)) {
    // XXX, XTS: codes ISO 4217 keeps for "no currency" and tests, or one this computer does not know.
    return `currency ${value} is not a money currency this computer knows; choose an ISO 4217 currency such as EUR, GBP or USD`
  }
  const shown = typeof value === 'string' ? `"${value.slice(0, 20)}"` : String(value)
  return `currency must be an ISO 4217 code of three capital letters such as EUR, GBP or USD; got ${shown}`
}

/** The currency of a change: one of the ISO 4217 codes with two decimals this runtime knows, listed in the schema. */
const CURRENCY = leafOf<string>(currencyProblem, {
  type: 'string',
  enum: Intl.supportedValuesOf('currency').filter(isShopCurrency),
  description:
    "An ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), in capitals, whose amounts have two decimals: " +
    'prices are kept in cents, so currencies without decimals (JPY) or with three (KWD) are refused.'
})

/** The time zone of a change: an IANA name as Intl spells it, listed in the schema. */
const TIME_ZONE = leafOf<string>(timeZoneProblem, {
  type: 'string',
  enum: [...TIME_ZONES],
  description:
    "The shop's IANA time zone (e.g. Europe/Berlin), spelled as Intl.supportedValuesOf('timeZone') lists it, or UTC, " +
    'or the current IANA name of a zone Intl lists by an older one (Asia/Kolkata for Asia/Calcutta, Europe/Kyiv for ' +
    'Europe/Kiev), stored as given: the day a sale is counted on in the sales report, and the date in file names. By default the computer’s.'
})

/** The locale of a change: one of the shop locales, in Intl's canonical spelling, listed in the schema. */
const LOCALE = leafOf<string>(localeProblem, {
  type: 'string',
  enum: [...SHOP_LOCALES],
  description:
    'How the shop writes dates, times and amounts (BCP 47, as Intl.getCanonicalLocales spells it): en-GB writes 08/11/2026, 19:51 and ' +
    '£1,234.50; en-US 11/08/2026, 07:51 PM. Used by the UI, receipts and X/Z pages. By default the computer’s.'
})

/** What PUT /v3/settings/shop changes: the fields given (the others stay). */
export type ShopSettingsChange = Partial<Pick<ShopSettings, 'currency' | 'timeZone' | 'locale'>>

/** The body of PUT /v3/settings/shop. */
export const SHOP_SETTINGS_BODY = named(
  'ShopSettingsChange',
  objectOf<ShopSettingsChange>(
    { currency: CURRENCY, timeZone: TIME_ZONE, locale: LOCALE },
    {
      notAnObject: 'the body must be a JSON object such as {"currency": "GBP"}, {"timeZone": "Europe/Berlin"} or {"locale": "en-GB"}',
      unknownKey: (key) => `unknown field "${key}"; the fields are currency, timeZone and locale`,
      noKeys: 'say what to change: currency, timeZone, locale (or several), e.g. {"timeZone": "Europe/Berlin"}; an empty body changes nothing'
    }
  )
)
