/**
 * The shop's currency: a setting of the data folder (settings.json, key
 * `currency`), by default the currency of the computer's region (Intl's
 * locale, e.g. de-DE → EUR). Changed with PUT /v3/settings/shop or
 * `plant-store config set currency GBP`.
 */
import { isCurrencyCode, type ShopSettings } from '#shared/shop'
import { readSettings } from './settings'

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

/** The currency when the locale names no region in the table. */
export const FALLBACK_CURRENCY = 'EUR'

/** The computer's locale, as Intl sees it (LANG / LC_ALL on Linux). */
export function computerLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale
}

/** The currency of `locale`'s region (made likely when not given: "de" → DE), else {@link FALLBACK_CURRENCY}. */
export function currencyOfLocale(locale: string): string {
  try {
    const region = new Intl.Locale(locale).maximize().region
    return (region && REGION_CURRENCIES[region]) || FALLBACK_CURRENCY
  } catch {
    return FALLBACK_CURRENCY
  }
}

/** The shop setting of `dataDir`: the stored currency, or the locale's. */
export async function readShopSettings(dataDir: string, locale = computerLocale()): Promise<ShopSettings> {
  const stored = (await readSettings(dataDir)).currency
  return { currency: isCurrencyCode(stored) ? stored : currencyOfLocale(locale), locale }
}
