/**
 * The shop setting (issue 15): the currency prices are in (ISO 4217) and the
 * locale they are formatted in. The UI and labels format a price with
 * `formatPrice`, i.e. Intl.NumberFormat in the shop's locale and currency.
 */
import { formatMoney } from './money'

/** GET /v3/settings/shop. */
export interface ShopSettings {
  /** ISO 4217 code, e.g. "EUR". */
  currency: string
  /** BCP 47 locale of the computer the server runs on, e.g. "de-DE". */
  locale: string
}

/** True for an ISO 4217 code this runtime knows (Intl.supportedValuesOf('currency')). */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value)
}

/** `price` as money in the shop's currency and locale, e.g. "19,99 €" for de-DE and EUR (the one formatter, money.ts). */
export function formatPrice(price: number, shop: ShopSettings): string {
  return formatMoney(price, shop)
}
