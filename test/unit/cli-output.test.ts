/** The CLI's words for plants, sales and days: stock, who served, amounts with their currency, what a change did. */
import { describe, expect, it } from 'vitest'
import type { DayClose, DayReport } from '#shared/day'
import type { Plant } from '#shared/plant'
import type { Refund, Sale } from '#shared/sale'
import { moneyOf, type ShopWords } from '#cli/output/money-output'
import { changedWords, stockCell, stockLine } from '#cli/output/plants-output'
import { closedDayLines, reportLines, salesLines, servedBy } from '#cli/output/sales-output'

const UK: ShopWords = { currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' }
const GERMANY: ShopWords = { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' }

const plant = (fields: Partial<Plant>): Plant => ({
  id: 9,
  name: 'Monstera',
  tags: [],
  status: 'available',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  version: 4,
  ...fields
})

describe('a plant in the CLI', () => {
  it('shows the pots on hand, low stock and a single plant apart', () => {
    expect(stockCell(plant({ quantity: 37 }))).toBe('37')
    expect(stockCell(plant({ quantity: 3, reorderAt: 5 }))).toBe('3 low')
    expect(stockCell(plant({ quantity: 0 }))).toBe('0 low')
    expect(stockCell(plant({}))).toBe('-')
    expect(stockLine(plant({ quantity: 12, reorderAt: 5 }))).toBe('12 in stock (reorder at 5)')
    expect(stockLine(plant({ quantity: 0 }))).toBe('none in stock')
    expect(stockLine(plant({}))).toMatch(/^a single plant/)
    expect(stockLine(plant({ quantity: -2, belowZero: { till: 'counter-2', receipt: 14, soldAt: '2026-12-01T11:00:00.000Z' } }))).toBe(
      "-2 in stock: below zero since receipt 14 at counter-2; count it in the Stock view's stock-take"
    )
  })

  it('answers a change with what it changed, prices in the shop’s money', () => {
    expect(changedWords({ price: 0.79 }, plant({ price: 0.79, version: 5 }), UK)).toBe('Plant 9 "Monstera": price is now £0.79 (version 5)')
    expect(changedWords({ price: 0.79 }, plant({ price: 0.79 }), GERMANY)).toContain('price is now 0,79\u00a0€')
    expect(changedWords({ price: null, category: null }, plant({}), UK)).toBe('Plant 9 "Monstera": price removed and category removed (version 4)')
    expect(changedWords({ name: 'Fern', status: 'sold', tags: ['shade'] }, plant({ name: 'Fern', status: 'sold', tags: ['shade'] }), UK)).toBe(
      'Plant 9 "Fern": name is now "Fern", status is now sold and tags are now shade (version 4)'
    )
  })
})

const sale = (fields: Partial<Sale>): Sale => ({ receipt: 3, at: '2026-07-01T13:02:09.000Z', till: 'ui', totals: { net: 798 }, ...fields }) as Sale
const refund = (fields: Partial<Refund>): Refund =>
  ({ refund: 1, receipt: 3, at: '2026-07-01T15:30:00.000Z', till: 'ui', total: 399, ...fields }) as Refund

describe('sales in the CLI', () => {
  it('names who served: the member, else the paired till, else "Till", never the token name "ui"', () => {
    expect(servedBy({ till: 'ui', staff: 'Anna' })).toBe('Anna')
    expect(servedBy({ till: 'counter-2' })).toBe('counter-2')
    expect(servedBy({ till: 'ui' })).toBe('Till')
    expect(servedBy({ till: 'cli' })).toBe('Till')
  })

  it("lists a day's sales and refunds on the shop's clock, amounts with their currency", () => {
    expect(salesLines({ sales: [sale({ staff: 'Anna' }), sale({ receipt: 4, till: 'counter-2' })], refunds: [refund({})] }, UK)).toEqual([
      'receipt 3  14:02  Anna  £7.98', // 13:02 UTC is 14:02 in London's summer
      'receipt 4  14:02  counter-2  £7.98',
      'refund 1 of receipt 3  16:30  Till  -£3.99'
    ])
  })
})

const REPORT: DayReport = {
  day: 4,
  sales: 2,
  refunds: 1,
  gross: 1200,
  discounts: 100,
  refunded: 300,
  net: 800,
  tax: 133,
  taxRates: [{ rateId: 'standard', name: 'VAT 20%', percent: 20, base: 667, tax: 133 }] as DayReport['taxRates'],
  payments: { cash: 500, card: 300, other: 0 },
  openingFloat: 5000,
  expectedCash: 5500,
  staff: [{ staff: 'Anna', sales: 2, refunds: 1, gross: 1200, discounts: 100, refunded: 300, net: 800, tax: 133 }]
}

describe('a day in the CLI', () => {
  it('writes every amount of the X report with its currency', () => {
    expect(reportLines(REPORT, UK)).toEqual([
      'Day 4: 2 sale(s), 1 refund(s)',
      'gross £12.00  discounts £1.00  refunded £3.00  net £8.00',
      'cash £5.00  card £3.00  other £0.00',
      'tax VAT 20%: £1.33 on £6.67',
      'Anna: 2 sale(s), 1 refund(s), net £8.00',
      'opening float £50.00  expected cash £55.00'
    ])
  })

  it('shows a closed day with who closed it, when, and the cash short or over', () => {
    const closed: DayClose = {
      day: 4,
      closedAt: '2026-12-01T18:05:00.000Z',
      till: 'ui',
      staff: 'Olga',
      report: REPORT,
      counted: 5413,
      difference: -87,
      nextFloat: 5000
    }
    const lines = closedDayLines(closed, UK)
    expect(lines[0]).toBe('Day 4 closed 2026-12-01 18:05 by Olga')
    expect(lines.at(-1)).toBe('counted £54.13  difference -£0.87 (short)  left for the next day £50.00')
    expect(closedDayLines({ ...closed, staff: undefined, difference: 0 }, UK).at(-1)).toContain('difference none')
    expect(moneyOf(-87, GERMANY)).toBe('-0,87\u00a0€')
  })
})
