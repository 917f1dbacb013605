/**
 * The shop's locale: how its dates, times and amounts are written (en-GB: 08/11/2026, 19:51, £1,234.50; en-US:
 * 11/08/2026, 07:51 PM). One of the locales a shop may choose ({@link SHOP_LOCALES}, each one Intl formats, in
 * Intl's canonical spelling); by default the computer's. Used by the UI, receipts and the X/Z pages.
 */

/** The locales a shop may choose: a language as written in a region, where shops use it. */
const CANDIDATES = [
  'en-GB', 'en-IE', 'en-US', 'en-CA', 'en-AU', 'en-NZ', 'en-ZA', 'en-IN', 'en-SG', 'en-HK', 'en-MT', 'cy-GB', 'ga-IE',
  'de-DE', 'de-AT', 'de-CH', 'de-LU', 'de-LI', 'fr-FR', 'fr-BE', 'fr-CH', 'fr-LU', 'fr-CA', 'nl-NL', 'nl-BE',
  'it-IT', 'it-CH', 'es-ES', 'ca-ES', 'es-MX', 'es-AR', 'es-CL', 'es-CO', 'pt-PT', 'pt-BR', 'fi-FI', 'sv-FI', 'sv-SE',
  'nb-NO', 'da-DK', 'is-IS', 'pl-PL', 'cs-CZ', 'sk-SK', 'sl-SI', 'hr-HR', 'hu-HU', 'ro-RO', 'bg-BG', 'el-GR', 'el-CY',
  'et-EE', 'lv-LV', 'lt-LT', 'mt-MT', 'tr-TR', 'he-IL', 'uk-UA', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'zh-HK', 'hi-IN',
  'th-TH'
] // prettier-ignore

/** Every locale a shop may set that this runtime's Intl knows, in its canonical spelling. */
export const SHOP_LOCALES: readonly string[] = CANDIDATES.filter(
  (locale) => Intl.getCanonicalLocales(locale)[0] === locale && Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0
)

/** `text` in Intl's canonical spelling ("en-gb" → "en-GB"), or undefined when it is no locale. */
export function canonicalLocale(text: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(text.trim().replaceAll('_', '-'))[0]
  } catch {
    return undefined
  }
}

/** What is wrong with `value` as the shop's locale, or undefined when it is one a shop may set. */
export function localeProblem(value: unknown): string | undefined {
  if (typeof value === 'string' && SHOP_LOCALES.includes(value)) return undefined
  const shown = typeof value === 'string' ? `"${value.slice(0, 20)}"` : String(value)
  const meant = typeof value === 'string' ? canonicalLocale(value) : undefined
  if (meant !== undefined && meant !== value && SHOP_LOCALES.includes(meant))
    return `locale must be written as Intl spells it: "${meant}" (got ${shown})`
  return `locale must be a language and region such as en-GB, en-US or de-DE (one of ${SHOP_LOCALES.length} this server knows); got ${shown}`
}

/** A date and time as the shop writes them, in its time zone: "08/11/2026, 19:51" (en-GB), "11/08/2026, 07:51 PM" (en-US). */
export function formatShopDateTime(at: string | Date, shop: { locale: string; timeZone: string }): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(shop.locale, {
    timeZone: shop.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit'
  }).format(date)
}
