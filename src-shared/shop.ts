/**
 * The shop setting: the currency prices are in (ISO 4217), the locale they
 * are formatted in, and the time zone that decides the shop's day
 * (shop-day.ts). Prices are written and read with money.ts (the one
 * formatter and parser). The body that changes it is described once, with
 * body-rules.ts.
 */
import { leafOf, named, objectOf } from './body-rules'
import { timeZoneProblem } from './shop-day'

/** GET /v3/settings/shop. */
export interface ShopSettings {
  /** ISO 4217 code, e.g. "EUR". */
  currency: string
  /** BCP 47 locale of the computer the server runs on, e.g. "de-DE". */
  locale: string
  /** IANA time zone of the shop, e.g. "Europe/Berlin": the day a sale is counted on and files are named by. */
  timeZone: string
}

/** True for an ISO 4217 code this runtime knows (Intl.supportedValuesOf('currency')). */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value)
}

/** What is wrong with `value` as the shop's currency, or undefined when it is an ISO 4217 code. */
export function currencyProblem(value: unknown): string | undefined {
  if (isCurrencyCode(value)) return undefined
  const shown = typeof value === 'string' ? `"${value.slice(0, 20)}"` : String(value)
  return `currency must be an ISO 4217 code of three capital letters such as EUR, GBP or USD; got ${shown}`
}

/** The currency of a change: one of the ISO 4217 codes this runtime knows, listed in the schema. */
const CURRENCY = leafOf<string>(currencyProblem, {
  type: 'string',
  enum: Intl.supportedValuesOf('currency').filter((code) => /^[A-Z]{3}$/.test(code)),
  description: "An ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), in capitals."
})

/** The time zone of a change: an IANA name Intl can format, stored as given. */
const TIME_ZONE = leafOf<string>(timeZoneProblem, {
  type: 'string',
  description:
    "The shop's IANA time zone (e.g. Europe/Berlin or Asia/Kolkata): a name Intl can format, in the case " +
    "Intl.supportedValuesOf('timeZone') lists it when it is listed, or UTC; stored as given: " +
    'the day a sale is counted on in the sales report, and the date in file names. By default the computer’s.'
})

/** What PUT /v3/settings/shop changes: the fields given (the others stay). */
export type ShopSettingsChange = Partial<Pick<ShopSettings, 'currency' | 'timeZone'>>

/** The body of PUT /v3/settings/shop. */
export const SHOP_SETTINGS_BODY = named(
  'ShopSettingsChange',
  objectOf<ShopSettingsChange>(
    { currency: CURRENCY, timeZone: TIME_ZONE },
    {
      notAnObject: 'the body must be a JSON object such as {"currency": "GBP"} or {"timeZone": "Europe/Berlin"}',
      unknownKey: (key) => `unknown field "${key}"; the fields are currency and timeZone (the locale is the computer's)`,
      noKeys: 'say what to change: currency, timeZone (or both), e.g. {"timeZone": "Europe/Berlin"}; an empty body changes nothing'
    }
  )
)
