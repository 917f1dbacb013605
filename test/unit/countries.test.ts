/** The country table the shop's set-up proposes from: every value one the settings accept, every rate sane. */
import { describe, expect, it } from 'vitest'
import { COUNTRIES, countryOf, countryOfLocale, rateName } from '#shared/countries'
import { SHOP_SETTINGS_BODY, isShopCurrency } from '#shared/shop'
import { isShopTimeZone } from '#shared/shop-day'
import { validate } from '#shared/body-rules'

/** The countries the brief names, which the set-up must know. */
const REQUIRED = ['GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'NL', 'BE', 'ES', 'IT', 'DK', 'SE', 'NO', 'US', 'CA', 'AU']

describe('COUNTRIES', () => {
  it('knows every country a shop of ours is in, once each', () => {
    const codes = COUNTRIES.map((country) => country.code)
    expect(codes).toEqual(expect.arrayContaining(REQUIRED))
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('lists them by name, as the set-up shows them', () => {
    const names = COUNTRIES.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it.each(COUNTRIES.map((country) => [country.name, country] as const))('%s: a currency Intl knows with two decimals', (_name, country) => {
    expect(isShopCurrency(country.currency)).toBe(true)
    expect(new Intl.NumberFormat('en', { style: 'currency', currency: country.currency }).resolvedOptions().maximumFractionDigits).toBe(2)
  })

  it.each(COUNTRIES.map((country) => [country.name, country] as const))('%s: time zones the shop setting accepts', (_name, country) => {
    expect(country.timeZones.length).toBeGreaterThan(0)
    for (const zone of country.timeZones) {
      expect(isShopTimeZone(zone), zone).toBe(true)
      expect(validate(SHOP_SETTINGS_BODY, { currency: country.currency, timeZone: zone }).ok).toBe(true)
    }
  })

  it.each(COUNTRIES.map((country) => [country.name, country] as const))('%s: a locale of its own region', (_name, country) => {
    expect(new Intl.Locale(country.locale).region).toBe(country.code)
    expect(countryOfLocale(country.locale)).toBe(country)
  })

  it.each(COUNTRIES.map((country) => [country.name, country] as const))('%s: sane rates, plants at one of them', (_name, country) => {
    for (const rate of country.taxRates) {
      expect(rate.percent).toBeGreaterThan(0)
      expect(rate.percent).toBeLessThanOrEqual(27) // the highest standard VAT rate anywhere (Hungary)
      expect(Math.round(rate.percent * 100)).toBeCloseTo(rate.percent * 100, 6)
    }
    const standard = country.taxRates.find((rate) => rate.id === 'standard')
    const reduced = country.taxRates.find((rate) => rate.id === 'reduced')
    if (reduced) expect(reduced.percent).toBeLessThan(standard!.percent)
    expect(new Set(country.taxRates.map((rate) => rate.id)).size).toBe(country.taxRates.length)
    if (country.taxRates.length > 0) expect(country.taxRates.map((rate) => rate.id)).toContain(country.plantsRate)
    else expect(country.note).toBeTruthy() // no rate proposed: the owner is told which to add
  })

  it('includes tax in shelf prices in Europe and Australia, adds it in North America', () => {
    const adding = COUNTRIES.filter((country) => !country.pricesIncludeTax).map((country) => country.code)
    expect(adding.sort()).toEqual(['CA', 'US'])
  })

  it('proposes the UK at 20 % with the 5 % reduced rate, plants at 20 %; Germany plants at 7 %', () => {
    const uk = countryOf('gb')!
    expect(uk.taxRates).toEqual([
      { id: 'standard', percent: 20 },
      { id: 'reduced', percent: 5 }
    ])
    expect(uk.plantsRate).toBe('standard')
    expect(rateName(uk, uk.taxRates[0]!)).toBe('VAT 20%')
    const germany = countryOf('DE')!
    expect(germany.taxRates.find((rate) => rate.id === germany.plantsRate)?.percent).toBe(7)
  })

  it('finds no country for a locale without a region, or one it does not list', () => {
    expect(countryOfLocale('en')).toBeUndefined()
    expect(countryOfLocale('ja-JP')).toBeUndefined()
    expect(countryOfLocale('not a locale')).toBeUndefined()
  })
})
