/**
 * Empty lines in a CSV file (a sheet whose used range reaches far below its rows) are skipped by the parser at the
 * cost of reading them, read at once or in slices, and the rows after them keep their numbers as the spreadsheet
 * shows them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { csvSheet, csvSheetSliced } from '#transfer/plant-csv'

const BLANK = 40_000 // more than two slices of the sliced reading
const text = `name,price\r\nRose,1\r\n${'\r\n'.repeat(BLANK)}"Tulip\nstriped",2\r\n\r\nFern,3`

afterEach(() => {
  vi.restoreAllMocks()
})

describe('empty lines in a CSV file', () => {
  it.each([
    ['at once', async () => csvSheet(text)],
    ['in slices', () => csvSheetSliced(text)]
  ])('are skipped %s, the rows after them numbered as the spreadsheet shows them', async (_how, read) => {
    const sheet = await read()
    expect(sheet.header).toEqual(['name', 'price'])
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['Rose', '1'] },
      { row: 3 + BLANK, cells: ['Tulip\nstriped', '2'] },
      { row: 5 + BLANK, cells: ['Fern', '3'] }
    ])
  })

  it('cost no error object each (a parser error per line made a megabyte of them take half a minute)', async () => {
    const errors = vi.spyOn(Error, 'captureStackTrace')
    csvSheet(text)
    await csvSheetSliced(text)
    expect(errors).not.toHaveBeenCalled()
  })

  it('nor do rows of another width than the header (an error object each made 200,000 of them take 11 s)', async () => {
    const wide = `name,price\n${'Rose,1,a,b,c,d\nFern\n'.repeat(20_000)}`
    const errors = vi.spyOn(Error, 'captureStackTrace')
    const [atOnce, sliced] = [csvSheet(wide), await csvSheetSliced(wide)]
    expect(errors).not.toHaveBeenCalled()
    expect(sliced).toEqual(atOnce)
    expect(atOnce.rows).toHaveLength(40_000)
    expect(atOnce.rows.slice(0, 2)).toEqual([
      { row: 2, cells: ['Rose', '1', 'a', 'b', 'c', 'd'] },
      { row: 3, cells: ['Fern'] }
    ])
  })

  it('before the header are skipped too: the header keeps its own row number', () => {
    const sheet = csvSheet('\n\nname\nRose\n')
    expect(sheet).toMatchObject({ header: ['name'], headerRow: 3, rows: [{ row: 4, cells: ['Rose'] }] })
  })
})
