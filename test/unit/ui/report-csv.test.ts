import { describe, expect, it } from 'vitest'
import type { SalesReport } from '#shared/history'
import { guardCell, quoteCell, reportCsv, reportFileName } from '#renderer/report-csv'

const figures = (sold: number, returned: number, total: number) => ({ sold, returned, net: sold - returned, total })
const period: SalesReport = {
  from: '2026-11-23',
  to: '2026-11-24',
  groupBy: 'day',
  currency: 'EUR',
  groups: [
    { key: '2026-11-23', ...figures(0, 0, 0) },
    { key: '2026-11-24', ...figures(3, 1, 59.97) }
  ],
  totals: figures(3, 1, 59.97)
}
const categories: SalesReport = {
  ...period,
  groupBy: 'category',
  groups: [
    { key: 'Aroids, large', ...figures(2, 0, 40) },
    { key: '=cmd', ...figures(1, 1, 19.97) }
  ]
}

describe('report as CSV', () => {
  it('holds the period, the categories, the stock and the totals, one section per table', () => {
    const text = reportCsv({ period, categories, stock: { available: 5, pending: 1, sold: 3 } })
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.slice(1).split('\r\n')).toEqual([
      'section,key,sold,returned,net,total,takings,plants',
      'day,2026-11-23,0,0,0,0,,',
      'day,2026-11-24,3,1,2,59.97,,',
      'category,"Aroids, large",2,0,2,40,,',
      "category,'=cmd,1,1,0,19.97,,",
      'stock,available,,,,,,5',
      'stock,pending,,,,,,1',
      'stock,sold,,,,,,3',
      'totals,2026-11-23..2026-11-24,3,1,2,59.97,,',
      ''
    ])
  })

  it("carries the till's net takings of each day and of the period, as the view and the Z report show them", () => {
    const takings = (net: number) => ({ sales: 2, refunds: 1, gross: net + 500, discounts: 300, refunded: 200, net, tax: 0 })
    const withTakings: SalesReport = {
      ...period,
      groups: [
        { ...period.groups[0]!, takings: takings(0) },
        { ...period.groups[1]!, takings: takings(10690) }
      ],
      takings: takings(10690)
    }
    const rows = reportCsv({ period: withTakings, categories, stock: { available: 0, pending: 0, sold: 0 } }).split('\r\n')
    expect(rows[0]).toBe('\uFEFFsection,key,sold,returned,net,total,takings,plants')
    expect(rows.slice(1, 3)).toEqual(['day,2026-11-23,0,0,0,0,0,', 'day,2026-11-24,3,1,2,59.97,106.9,'])
    expect(rows.at(-2)).toBe('totals,2026-11-23..2026-11-24,3,1,2,59.97,106.9,')
  })

  it('guards formulas and quotes only what needs it', () => {
    expect(guardCell('+1')).toBe("'+1")
    expect(guardCell("'=x")).toBe("''=x")
    expect(guardCell('Ferns')).toBe('Ferns')
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""')
    expect(quoteCell('a\nb')).toBe('"a\nb"')
  })

  it('names the file after the period', () => {
    expect(reportFileName(period)).toBe('sales-2026-11-23-to-2026-11-24.csv')
  })
})
