/** The one money parser and formatter (src-shared/money.ts): spellings a shop's files and staff use, and refusals. */
import { describe, expect, it } from 'vitest'
import {
  asCents,
  centsFieldText,
  centsOf,
  currencySignOf,
  formatCents,
  formatMoney,
  isPriceCents,
  markOf,
  moneyFromNumber,
  moneyProblemText,
  plainCentsText,
  plainPriceText,
  PRICE_MAX_CENTS,
  readMoney,
  toDecimal,
  spreadsheetMoneyFormat,
  type MoneyReadOptions
} from '#shared/money'

const cents = (text: string, options?: MoneyReadOptions) => {
  const reading = readMoney(text, options)
  return reading.ok ? reading.cents : reading.problem
}
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('reading prices as spreadsheets and people write them', () => {
  it.each([
    ['6,90', 690],
    ['1.249,00', 124900],
    ['1,250.00', 125000],
    ['£65.00', 6500],
    ['€ 12', 1200],
    ['12.-', 1200],
    ['12,–', 1200],
    ['12,--', 1200],
    ['12', 1200],
    ['12.5', 1250],
    ['12,5', 1250],
    ['0.30', 30],
    ['0,1', 10],
    [',50', 50],
    ['19.99 €', 1999],
    ['EUR 19,99', 1999],
    ['19,99 EUR', 1999],
    ['US$5', 500],
    ['CHF 1’249.50', 124950],
    ["1'249.50", 124950],
    ['1 249,00', 124900],
    ['1\u202f249,00', 124900],
    ['1.234.567', 'too-large'],
    ['1,000,000.00', 100000000],
    ['12.500', 'ambiguous'],
    ['1,250', 'ambiguous'],
    ['0,005', 'decimals'],
    ['12.5000', 1250],
    ['12.50', 1250],
    ['  ', null],
    ['', null]
  ])('%j → %j', (text, expected) => {
    expect(cents(text)).toBe(expected)
  })

  it.each([
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['(12.00)', 'negative'],
    ['12-', 'negative'],
    ['twelve', 'not-a-number'],
    ['12 pots', 'not-a-number'],
    ['1.2.3', 'not-a-number'],
    ['1,2,3', 'not-a-number'],
    ['12.345,6.7', 'not-a-number'],
    ['.', 'not-a-number'],
    ['€', 'not-a-number'],
    ['12.345', 'ambiguous'],
    ['1.234,567', 'decimals'],
    ['1000000.01', 'too-large'],
    ['99999999', 'too-large'],
    ['1e3', 'not-a-number'],
    ['0x10', 'not-a-number']
  ])('refuses %j (%s)', (text, problem) => {
    expect(cents(text)).toBe(problem)
  })

  it('reads a mark known for the whole column strictly: the other mark must group thousands', () => {
    expect(cents('1,250', { decimalMark: ',' })).toBe(125)
    expect(cents('1,250', { decimalMark: '.' })).toBe(125000)
    expect(cents('1.250', { decimalMark: ',' })).toBe(125000)
    expect(cents('12.50', { decimalMark: ',' })).toBe('not-a-number')
    expect(cents('12,500', { decimalMark: ',' })).toBe(1250)
    expect(cents('12.345', { decimalMark: '.' })).toBe('decimals')
  })

  it('reads the mark of the locale a person types in, and refuses the other mark before three digits rather than guess', () => {
    // A de-DE shop typing 0.005: a thousands dot (5 €) or a decimal point (half a cent)? Neither is guessed.
    expect(cents('0.005', { localeMark: ',' })).toBe('ambiguous')
    expect(cents('1.250', { localeMark: ',' })).toBe('ambiguous')
    expect(cents('1,250', { localeMark: '.' })).toBe('ambiguous')
    expect(cents('1,250', { localeMark: ',' })).toBe(125)
    expect(cents('1.250', { localeMark: '.' })).toBe(125)
    expect(cents('0,005', { localeMark: ',' })).toBe('decimals')
    expect(cents('12.50', { localeMark: ',' })).toBe(1250)
    expect(cents('12.5', { localeMark: ',' })).toBe(1250)
    expect(cents('1.234.567', { localeMark: ',' })).toBe('too-large')
    expect(cents('1.249,00', { localeMark: ',' })).toBe(124900)
    expect(cents('1,249.00', { localeMark: ',' })).toBe(124900)
  })

  it('reads cents from digits, never by float arithmetic', () => {
    expect(cents('0.3')).toBe(30)
    expect(cents('1000000')).toBe(100000000)
    expect(cents('0.29')).toBe(29)
    expect(cents('4.35')).toBe(435)
  })

  it('tells which mark a single cell shows', () => {
    expect(markOf('6,90')).toBe(',')
    expect(markOf('1.249,00')).toBe(',')
    expect(markOf('1,250.00')).toBe('.')
    expect(markOf('1.234.567')).toBe(',')
    expect(markOf('1,250')).toBe('ambiguous')
    expect(markOf('0,250')).toBe(',')
    expect(markOf('12')).toBeUndefined()
    expect(markOf('12.-')).toBeUndefined()
  })

  it('reads a number cell of a workbook as cents, within a millionth of a cent', () => {
    expect(moneyFromNumber(19.99)).toEqual({ ok: true, cents: 1999 })
    expect(moneyFromNumber(0.1 + 0.2)).toEqual({ ok: true, cents: 30 })
    expect(moneyFromNumber(12.345)).toEqual({ ok: false, problem: 'decimals' })
    expect(moneyFromNumber(-1)).toEqual({ ok: false, problem: 'negative' })
    expect(moneyFromNumber(1_000_000.01)).toEqual({ ok: false, problem: 'too-large' })
  })

  it('says what is wrong with an example in the mark of the shop', () => {
    expect(moneyProblemText('not-a-number', ',')).toBe('must be a number, like 12,50')
    expect(moneyProblemText('too-large', '.')).toBe('must be at most 1,000,000')
    expect(moneyProblemText('ambiguous')).toContain('choose the decimal mark')
  })
})

describe('formatting money in the shop’s locale and currency', () => {
  it('formats with Intl in the shop’s locale; never shows float noise', () => {
    expect(nbsp(formatMoney(0.1 + 0.2, { currency: 'EUR', locale: 'de-DE' }))).toBe('0,30 €')
    expect(formatMoney(1249, { currency: 'GBP', locale: 'en-GB' })).toBe('£1,249.00')
    expect(formatMoney(undefined, { currency: 'GBP', locale: 'en-GB' })).toBe('')
    expect(nbsp(formatMoney(12, { currency: 'EURO', locale: 'en-GB' }))).toBe('12.00 EURO')
  })

  it('writes plain prices with a dot and two decimals', () => {
    expect(plainPriceText(4.5)).toBe('4.50')
    expect(plainPriceText(0.1 + 0.2)).toBe('0.30')
    expect(plainPriceText(1_000_000)).toBe('1000000.00')
  })

  it('gives workbooks a currency format with the symbol where the locale puts it', () => {
    expect(spreadsheetMoneyFormat({ currency: 'EUR', locale: 'de-DE' })).toBe('#,##0.00\\ "€"')
    expect(spreadsheetMoneyFormat({ currency: 'GBP', locale: 'en-GB' })).toBe('"£"#,##0.00')
    expect(spreadsheetMoneyFormat({ currency: 'EUR', locale: 'nl-NL' })).toBe('"€"\\ #,##0.00')
  })
})

describe('money as whole cents (Cents)', () => {
  it('rounds a decimal amount to cents by the one rule, exactly for every two-decimal price', () => {
    expect(centsOf(19.99)).toBe(1999)
    expect(centsOf(0.1 + 0.2)).toBe(30)
    expect(centsOf(0)).toBe(0)
    // Half a cent rounds up; 1.005 is 1.00499999999999989… in binary, so it stays 100 (as Math.round(x * 100) did).
    expect(centsOf(0.005)).toBe(1)
    expect(centsOf(1.005)).toBe(100)
    expect(centsOf(1_000_000)).toBe(PRICE_MAX_CENTS)
    expect(centsOf(999_999.99)).toBe(99_999_999)
  })

  it('rounds negatives the way Math.round does (half towards +∞)', () => {
    expect(centsOf(-19.99)).toBe(-1999)
    expect(centsOf(-1.005)).toBe(-100)
    expect(centsOf(-0.005)).toBe(-0)
    expect(centsOf(-0.015)).toBe(-1)
  })

  it('agrees with the rule the validator used (price / 0.01) for prices across the range', () => {
    for (let k = 0; k <= PRICE_MAX_CENTS; k += 9_973) expect(centsOf(k / 100)).toBe(Math.round(k / 100 / 0.01))
    for (let k = PRICE_MAX_CENTS - 1000; k <= PRICE_MAX_CENTS; k++) expect(centsOf(k / 100)).toBe(k)
  })

  it('goes back to the decimal of the contract, and round trips', () => {
    expect(toDecimal(asCents(1999))).toBe(19.99)
    expect(toDecimal(centsOf(0.1 + 0.2))).toBe(0.3)
    expect(toDecimal(PRICE_MAX_CENTS)).toBe(1_000_000)
    for (const price of [0, 0.01, 4.5, 19.99, 123_456.78, 1_000_000]) expect(toDecimal(centsOf(price))).toBe(price)
  })

  it('knows a stored price', () => {
    expect(isPriceCents(1999)).toBe(true)
    expect(isPriceCents(PRICE_MAX_CENTS + 1)).toBe(false)
    expect(isPriceCents(19.99)).toBe(false)
    expect(isPriceCents(-1)).toBe(false)
    expect(isPriceCents('1999')).toBe(false)
  })

  it('formats cents as the decimal price would be', () => {
    const money = { currency: 'GBP', locale: 'en-GB' }
    expect(formatCents(asCents(124_900), money)).toBe(formatMoney(1249, money))
    expect(centsFieldText(asCents(1250), 'de-DE')).toBe('12,50')
    expect(plainCentsText(asCents(450))).toBe('4.50')
    for (const cents of [0, 5, 450, 1999, 99_999_999, -5, -150]) expect(plainCentsText(asCents(cents))).toBe((cents / 100).toFixed(2))
  })
})

describe('currencySignOf', () => {
  it('finds the sign or code beside a price and the currencies it may stand for', () => {
    expect(currencySignOf('€ 1.249,00')).toEqual({ sign: '€', currencies: ['EUR'] })
    expect(currencySignOf('12.50 GBP')).toEqual({ sign: 'GBP', currencies: ['GBP'] })
    expect(currencySignOf('$12')?.currencies).toContain('CAD')
    expect(currencySignOf('1 250,00 kr')?.currencies).toEqual(['SEK', 'NOK', 'DKK', 'ISK'])
    expect(currencySignOf('12.50')).toBeUndefined()
    expect(currencySignOf('€')).toBeUndefined() // no price at all
  })
})
