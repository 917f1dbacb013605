/**
 * Files a careless user picks by mistake: none of them may add blank plants.
 * A CSV whose first line names no known column (another spreadsheet's
 * headings, a file without a header, UTF-16 saved without BOM, an empty file)
 * and a JSON item that gives no known field would each have added one plant
 * with no name per row, reported only as a warning.
 */
import { describe, expect, it } from 'vitest'
import { readImport, readImportNow } from '#transfer/import-file'
import { planImport } from '#transfer/import-plan'
import { parsePlantCsv, plantsToCsv } from '#transfer/plant-csv'
import { parsePlantJson } from '#transfer/plant-json'

const nothing = () => undefined
const planCsv = (text: string) => planImport(parsePlantCsv(text), nothing).summary

describe('files that are not a plant list', () => {
  it('refuses a CSV whose first line names no name nor id column (another sheet’s headings), instead of adding a blank plant per row', () => {
    for (const text of ['Colour,Height,Pot\r\nred,40,12\r\ngreen,30,9\r\n', 'Rose,Shrub\nTulip,Bulb\n', '', '\r\n\r\n']) {
      const summary = planCsv(text)
      expect(summary.added).toBe(0)
      expect(summary.errors).toEqual([
        {
          row: 1,
          field: '',
          message: expect.stringMatching(/^no column holds the plants' names \(or Plant Store ids\): choose which column is the name/)
        }
      ])
    }
  })

  it('refuses UTF-16 text saved without a byte-order mark (its NUL bytes pass as UTF-8)', () => {
    const text = Buffer.from('id,name\r\n,Rose\r\n', 'utf16le').toString('utf8')
    expect(planCsv(text).errors).toHaveLength(1)
    expect(planCsv(text).added).toBe(0)
  })

  it('refuses a header without id or name (category, tags, status or price alone would add nameless plants)', () => {
    expect(planCsv('category,price\r\nShrubs,5\r\n').errors).toEqual([
      { row: 1, field: '', message: expect.stringMatching(/^no column holds the plants' names/) }
    ])
    expect(planCsv('id,price\r\n').errors).toEqual([])
  })

  it('still reads a header-only file (the export of an empty catalogue) as nothing to do', () => {
    expect(planCsv(plantsToCsv([]))).toMatchObject({ added: 0, errors: [], warnings: [] })
  })

  it('refuses a JSON item that gives none of the fields, naming its row', () => {
    const summary = planImport(parsePlantJson('[{"Name": "Rose"}, {}, {"name": "Tulip"}]'), nothing).summary
    expect(summary.added).toBe(1)
    expect(summary.errors.map((error) => error.row)).toEqual([1, 2])
    expect(summary.errors[0]!.message).toMatch(/^the item gives none of the fields id, name, category, tags, status/)
  })
})

describe('an Excel 97–2003 workbook (.xls)', () => {
  // Its compound-file header, then anything: read as CSV it gave a column named "ÐÏà¡±á…" and a question about names.
  const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.from('old workbook body')])

  it.each(['csv', 'xlsx'] as const)('is refused in words that say how to save it, whichever format it came as (%s)', async (format) => {
    for (const read of [readImportNow({ format, bytes: xls }), await readImport({ format, bytes: xls })]) {
      expect(read.file.rows).toEqual([])
      expect(read.file.errors).toEqual([{ row: 1, field: '', message: expect.stringContaining('Excel 97–2003 workbook (.xls)') }])
      expect(read.file.errors[0]!.message).toContain('save it as "Excel Workbook (.xlsx)" or "CSV UTF-8"')
    }
  })
})
