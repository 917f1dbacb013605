/** A workbook's price that is a formula's result with many decimals is refused with what the cell holds and how to round it. */
import { describe, expect, it } from 'vitest'
import { rowFields } from '#transfer/mapping/row-fields'

const read = (price: number | string, mark: ',' | '.' | null = null) =>
  rowFields({ name: 'Rose', price }, { mark, firstCategory: false, quantity: true })

describe('a price cell with more than two decimals', () => {
  it("from a workbook's number (=6.9*1.19) says what the cell holds, what the sheet shows, and how to round it", () => {
    expect(read(8.2109, ',').errors).toEqual([
      {
        field: 'price',
        message:
          'the cell holds 8.2109, though the sheet may show it as 8,21; a price is in whole cents: round it in the sheet (=ROUND(…, 2) around the formula, or paste the column as values with two decimals), then import again'
      }
    ])
  })

  it('typed as text keeps the plain refusal, and a whole-cent number is read', () => {
    expect(read('8.2109').errors).toEqual([{ field: 'price', message: 'price has at most two decimals (cents); got "8.2109"' }])
    expect(read(8.21)).toEqual({ fields: { name: 'Rose', price: 8.21 }, errors: [] })
  })
})
