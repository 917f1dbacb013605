import { describe, expect, it } from 'vitest'
import { formatPrice, parsePrice, priceFieldText, priceOf } from '#renderer/price'

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatting prices in the shop’s currency', () => {
  it('uses Intl.NumberFormat with the shop’s currency and locale', () => {
    expect(nbsp(formatPrice(19.99, { currency: 'EUR', locale: 'de-DE' }))).toBe('19,99 €')
    expect(formatPrice(1234.5, { currency: 'GBP', locale: 'en-GB' })).toBe('£1,234.50')
    expect(formatPrice(0, { currency: 'USD', locale: 'en-US' })).toBe('$0.00')
    expect(formatPrice(1500, { currency: 'JPY', locale: 'ja-JP' })).toMatch(/1,500/)
  })

  it('shows nothing for a plant without a price', () => {
    expect(formatPrice(undefined, { currency: 'EUR', locale: 'de-DE' })).toBe('')
    expect(priceOf({ id: 1 })).toBeUndefined()
    expect(priceOf({ id: 1, price: 4.5 })).toBe(4.5)
  })

  it('writes the field text with the locale’s decimal mark, without currency or grouping', () => {
    expect(priceFieldText(1234.5, 'de-DE')).toBe('1234,50')
    expect(priceFieldText(19.99, 'en-GB')).toBe('19.99')
    expect(priceFieldText(undefined, 'en-GB')).toBe('')
  })
})

describe('reading the Price field', () => {
  it('reads either decimal mark, tolerates a currency sign and grouping', () => {
    expect(parsePrice('19.99', 'en-GB')).toEqual({ ok: true, price: 19.99 })
    expect(parsePrice('19,99', 'de-DE')).toEqual({ ok: true, price: 19.99 })
    expect(parsePrice('19,5', 'en-GB')).toEqual({ ok: true, price: 19.5 })
    expect(parsePrice('€ 1.234,50', 'de-DE')).toEqual({ ok: true, price: 1234.5 })
    expect(parsePrice('£1,234.50', 'en-GB')).toEqual({ ok: true, price: 1234.5 })
    expect(parsePrice('1,000.00', 'en-GB')).toEqual({ ok: true, price: 1000 })
    expect(parsePrice('12', 'en-GB')).toEqual({ ok: true, price: 12 })
    expect(parsePrice('1000000', 'en-GB')).toEqual({ ok: true, price: 1_000_000 })
  })

  it('reads an empty field as no price (null clears it)', () => {
    expect(parsePrice('  ', 'en-GB')).toEqual({ ok: true, price: null })
  })

  it('refuses what the API refuses, with a message a person can act on', () => {
    expect(parsePrice('12.345', 'en-GB')).toEqual({ ok: false, message: 'Price has at most two decimals (cents)' })
    expect(parsePrice('-1', 'en-GB')).toEqual({ ok: false, message: 'Price must not be negative' })
    expect(parsePrice('1000000.01', 'en-GB')).toEqual({ ok: false, message: 'Price must be at most 1,000,000' })
    expect(parsePrice('twelve', 'en-GB')).toMatchObject({ ok: false, message: 'Price must be a number, like 12.50' })
    expect(parsePrice('1.2.3', 'en-GB').ok).toBe(false)
  })

  it('refuses 0.005 typed in a de-DE shop in words, instead of guessing five euros or half a cent', () => {
    const ambiguous =
      'Price 0.005 could be read two ways: is the dot a thousands mark or a decimal mark? Write cents with a comma (12,50) and thousands without a mark (1250)'
    expect(parsePrice('0.005', 'de-DE')).toEqual({ ok: false, message: ambiguous })
    expect(parsePrice('1.250', 'de-DE')).toMatchObject({ ok: false, message: expect.stringContaining('could be read two ways') })
    expect(parsePrice('1,250', 'en-GB')).toMatchObject({ ok: false, message: expect.stringContaining('is the comma a thousands mark') })
    expect(parsePrice('0,005', 'de-DE')).toEqual({ ok: false, message: 'Price has at most two decimals (cents)' })
    expect(parsePrice('0.30', 'de-DE')).toEqual({ ok: true, price: 0.3 })
    expect(parsePrice('1250', 'de-DE')).toEqual({ ok: true, price: 1250 })
  })
})

describe('a price written in another currency than the shop’s', () => {
  it('is refused in words rather than taken as the shop’s money (the attack saved £13,5 as CHF 13.50)', () => {
    expect(parsePrice('£13,5', 'de-CH', 'CHF')).toEqual({
      ok: false,
      message: 'Price is written in another currency than the shop’s prices: type the amount alone, like 12.50'.replace('’', "'")
    })
    expect(parsePrice('CHF 13.50', 'de-CH', 'CHF')).toEqual({ ok: true, price: 13.5 })
    expect(parsePrice('$12', 'en-CA', 'CAD')).toEqual({ ok: true, price: 12 }) // a dollar may be Canada's
    expect(parsePrice('13.50', 'de-CH', 'CHF')).toEqual({ ok: true, price: 13.5 })
  })
})
