/**
 * The shop's currency, time zone and locale: settings of the data folder (settings.json, keys `currency`, `timeZone`
 * and `locale`; the locale by default the computer's).
 * The currency is by default that of the region the computer's locale names (Intl's locale, e.g. de-DE → EUR),
 * EUR when it names none; the time zone is by default the computer's. Changed with PUT /v3/settings/shop or
 * `plant-store config set currency GBP` / `config set timeZone Europe/Berlin`.
 */
import { isCurrencyCode, isShopCurrency, type ShopSettings } from '#shared/shop'
import { computerTimeZone, isShopTimeZone } from '#shared/shop-day'
import { localeProblem } from '#shared/shop-locale'
import { readSettings, type Settings } from './settings'

/** Currencies of the regions a locale most often names; other regions fall back to {@link FALLBACK_CURRENCY}. */
const REGION_CURRENCIES: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  FR: 'EUR',
  BE: 'EUR',
  NL: 'EUR',
  LU: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  HR: 'EUR',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  CN: 'CNY',
  KR: 'KRW',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  ZA: 'ZAR',
  TR: 'TRY',
  IL: 'ILS',
  SG: 'SGD',
  HK: 'HKD',
  TW: 'TWD',
  TH: 'THB',
  UA: 'UAH',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP'
}

/** The currency when the locale names no region, or one not in the table. */
export const FALLBACK_CURRENCY = 'EUR'

/** The computer's locale, as Intl sees it (LANG / LC_ALL on Linux). */
export function computerLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale
}

/**
 * The currency of the region `locale` names (en-GB → GBP), else {@link FALLBACK_CURRENCY}. A region is never
 * guessed from the language: "en" (or "und", what Node reports for LANG=C) would be the United States, and an
 * English-speaking shop anywhere would get dollars.
 */
export function currencyOfLocale(locale: string): string {
  try {
    const region = new Intl.Locale(locale).region
    const currency = region && REGION_CURRENCIES[region]
    // A currency without cents (JPY, HUF in Intl's data) cannot be set, so it is not the default either.
    return currency && isShopCurrency(currency) ? currency : FALLBACK_CURRENCY
  } catch {
    return FALLBACK_CURRENCY
  }
}

/** The shop setting of `dataDir`: the stored currency and time zone, or the locale's currency and the computer's zone. */
export async function readShopSettings(dataDir: string, locale = computerLocale(), timeZone = computerTimeZone()): Promise<ShopSettings> {
  return shopSettingsOf(await readSettings(dataDir), locale, timeZone)
}

/**
 * The shop setting of `stored` (settings.json as read), with the defaults of {@link readShopSettings}. The currency's
 * default follows the computer's locale, not the shop's: choosing how dates are written never changes the money.
 */
export function shopSettingsOf(stored: Readonly<Settings>, locale = computerLocale(), timeZone = computerTimeZone()): ShopSettings {
  return {
    currency: isCurrencyCode(stored.currency) ? stored.currency : currencyOfLocale(locale),
    locale: localeProblem(stored.locale) === undefined ? stored.locale! : locale,
    timeZone: isShopTimeZone(stored.timeZone) ? stored.timeZone : timeZone
  }
}
