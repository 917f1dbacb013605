/** One money formatter everywhere in the UI: the History tab and the Reports view show prices in the shop's locale and currency. */
import { describe, expect, it } from 'vitest'
import { describeChanges } from '#renderer/history-words'
import { formatMoney } from '#renderer/report-data'

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('prices outside the table, in the shop’s money', () => {
  it('History: a de-DE shop reads its prices with a decimal comma and the euro sign', () => {
    expect(nbsp(describeChanges({ price: { from: 12.5, to: 0.1 + 0.2 } }, { currency: 'EUR', locale: 'de-DE' }))).toBe('price 12,50 € → 0,30 €')
    expect(describeChanges({ price: { from: 12.5, to: 10 } })).toBe('price 12.50 → 10.00')
  })

  it('Reports: totals in the shop’s locale', () => {
    expect(nbsp(formatMoney(1249.5, 'EUR', 'de-DE'))).toBe('1.249,50 €')
    expect(formatMoney(59.97, 'GBP')).toBe('£59.97')
    expect(formatMoney(59.97, null, 'de-DE')).toBe('59,97')
  })
})
