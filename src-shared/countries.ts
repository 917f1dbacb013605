/**
 * What a shop's country proposes at its set-up: the currency, the time zone (the first of several where a country
 * has more), the locale for dates and numbers, whether shelf prices include tax, and the usual tax rates of a plant
 * shop. Only a proposal: the set-up shows every value on its next screen to change, and Settings changes them later.
 *
 * Rates are those in force in 2025 (the tax authorities' published rates: HMRC, Revenue.ie, § 12 UStG, § 10 UStG
 * (AT), ESTV MWST 2024+, CGI art. 278 bis, Belastingdienst, SPF Finances, LIVA, DPR 633/72, Skat, Skatteverket,
 * Skatteetaten, CRA, ATO). Where live plants take a reduced rate (DE 7 %, AT 13 %, CH 2.6 %, FR 10 %, NL 9 %,
 * BE 6 %, ES 10 %, IT 10 %, IE 13.5 %) that rate is the one plants take; elsewhere plants take the standard rate, and
 * a reduced rate is listed only where shops commonly meet it (UK 5 %). US sales tax is set by state and city, so the
 * US proposes none and asks for the shop's own; Canada proposes the federal GST (a province's HST or PST is added by
 * the owner).
 */

/** A rate as the set-up proposes it: the id and percent of a TaxRate (tax.ts); the printed name is made from them. */
export interface CountryTaxRate {
  id: 'standard' | 'reduced'
  percent: number
}

/** A country the set-up knows. */
export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  code: string
  /** In English, as the set-up lists it. */
  name: string
  /** ISO 4217, with two decimals (a shop currency). */
  currency: string
  /** IANA names, the most populous first: the one proposed. */
  timeZones: readonly string[]
  /** BCP 47 locale for dates, times and numbers. */
  locale: string
  /** What the tax is called on receipts: VAT, MwSt., TVA, GST… */
  taxName: string
  /** True where shelf prices include the tax (Europe, Australia); false where it is added at the till (US, Canada). */
  pricesIncludeTax: boolean
  taxRates: readonly CountryTaxRate[]
  /** The id of the rate plants take (the settings' default rate); absent where no rate is proposed. */
  plantsRate?: CountryTaxRate['id']
  /** A word for the owner where the proposal cannot be the whole answer (US, Canada). */
  note?: string
}

const standardOnly = (percent: number): CountryTaxRate[] => [{ id: 'standard', percent }]
const withReduced = (standard: number, reduced: number): CountryTaxRate[] => [
  { id: 'standard', percent: standard },
  { id: 'reduced', percent: reduced }
]

/** The countries the set-up lists, in its order (by name). */
export const COUNTRIES: readonly Country[] = [
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    timeZones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Perth',
      'Australia/Adelaide',
      'Australia/Hobart',
      'Australia/Darwin'
    ],
    locale: 'en-AU',
    taxName: 'GST',
    pricesIncludeTax: true,
    taxRates: standardOnly(10),
    plantsRate: 'standard'
  },
  {
    code: 'AT',
    name: 'Austria',
    currency: 'EUR',
    timeZones: ['Europe/Vienna'],
    locale: 'de-AT',
    taxName: 'USt.',
    pricesIncludeTax: true,
    taxRates: withReduced(20, 13),
    plantsRate: 'reduced'
  },
  {
    code: 'BE',
    name: 'Belgium',
    currency: 'EUR',
    timeZones: ['Europe/Brussels'],
    locale: 'nl-BE',
    taxName: 'BTW',
    pricesIncludeTax: true,
    taxRates: withReduced(21, 6),
    plantsRate: 'reduced'
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    timeZones: [
      'America/Toronto',
      'America/Vancouver',
      'America/Edmonton',
      'America/Winnipeg',
      'America/Halifax',
      'America/St_Johns',
      'America/Regina'
    ],
    locale: 'en-CA',
    taxName: 'GST',
    pricesIncludeTax: false,
    taxRates: standardOnly(5),
    plantsRate: 'standard',
    note: 'The federal GST is proposed; where your province charges HST or PST, change the rate to the total you charge.'
  },
  {
    code: 'DK',
    name: 'Denmark',
    currency: 'DKK',
    timeZones: ['Europe/Copenhagen'],
    locale: 'da-DK',
    taxName: 'moms',
    pricesIncludeTax: true,
    taxRates: standardOnly(25),
    plantsRate: 'standard'
  },
  {
    code: 'FR',
    name: 'France',
    currency: 'EUR',
    timeZones: ['Europe/Paris'],
    locale: 'fr-FR',
    taxName: 'TVA',
    pricesIncludeTax: true,
    taxRates: withReduced(20, 10),
    plantsRate: 'reduced'
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    timeZones: ['Europe/Berlin'],
    locale: 'de-DE',
    taxName: 'MwSt.',
    pricesIncludeTax: true,
    taxRates: withReduced(19, 7),
    plantsRate: 'reduced'
  },
  {
    code: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    timeZones: ['Europe/Dublin'],
    locale: 'en-IE',
    taxName: 'VAT',
    pricesIncludeTax: true,
    taxRates: withReduced(23, 13.5),
    plantsRate: 'reduced'
  },
  {
    code: 'IT',
    name: 'Italy',
    currency: 'EUR',
    timeZones: ['Europe/Rome'],
    locale: 'it-IT',
    taxName: 'IVA',
    pricesIncludeTax: true,
    taxRates: withReduced(22, 10),
    plantsRate: 'reduced'
  },
  {
    code: 'NL',
    name: 'Netherlands',
    currency: 'EUR',
    timeZones: ['Europe/Amsterdam'],
    locale: 'nl-NL',
    taxName: 'btw',
    pricesIncludeTax: true,
    taxRates: withReduced(21, 9),
    plantsRate: 'reduced'
  },
  {
    code: 'NO',
    name: 'Norway',
    currency: 'NOK',
    timeZones: ['Europe/Oslo'],
    locale: 'nb-NO',
    taxName: 'MVA',
    pricesIncludeTax: true,
    taxRates: standardOnly(25),
    plantsRate: 'standard'
  },
  {
    code: 'ES',
    name: 'Spain',
    currency: 'EUR',
    timeZones: ['Europe/Madrid', 'Atlantic/Canary'],
    locale: 'es-ES',
    taxName: 'IVA',
    pricesIncludeTax: true,
    taxRates: withReduced(21, 10),
    plantsRate: 'reduced'
  },
  {
    code: 'SE',
    name: 'Sweden',
    currency: 'SEK',
    timeZones: ['Europe/Stockholm'],
    locale: 'sv-SE',
    taxName: 'moms',
    pricesIncludeTax: true,
    taxRates: standardOnly(25),
    plantsRate: 'standard'
  },
  {
    code: 'CH',
    name: 'Switzerland',
    currency: 'CHF',
    timeZones: ['Europe/Zurich'],
    locale: 'de-CH',
    taxName: 'MWST',
    pricesIncludeTax: true,
    taxRates: withReduced(8.1, 2.6),
    plantsRate: 'reduced'
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    timeZones: ['Europe/London'],
    locale: 'en-GB',
    taxName: 'VAT',
    pricesIncludeTax: true,
    taxRates: withReduced(20, 5),
    plantsRate: 'standard'
  },
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    timeZones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu'
    ],
    locale: 'en-US',
    taxName: 'Sales tax',
    pricesIncludeTax: false,
    taxRates: [],
    note: 'Sales tax depends on your state and city: add the rate you charge (state and local together).'
  }
]

/** The country of `code` (ISO 3166-1 alpha-2, any case), or undefined. */
export function countryOf(code: string): Country | undefined {
  const wanted = code.toUpperCase()
  return COUNTRIES.find((country) => country.code === wanted)
}

/** The country a locale's region names (en-GB → United Kingdom), to preselect; undefined when it names none we know. */
export function countryOfLocale(locale: string): Country | undefined {
  try {
    const region = new Intl.Locale(locale).region
    return region === undefined ? undefined : countryOf(region)
  } catch {
    return undefined
  }
}

/** What a proposed rate prints as: "VAT 20%", "MwSt. 7%". */
export function rateName(country: Pick<Country, 'taxName'>, rate: Pick<CountryTaxRate, 'percent'>): string {
  return `${country.taxName} ${rate.percent}%`
}
