/**
 * Files a careless user picks by mistake: none of them may add blank plants.
 * A CSV whose first line names no known column (another spreadsheet's
 * headings, a file without a header, UTF-16 saved without BOM, an empty file)
 * and a JSON item that gives no known field would each have added one plant
 * with no name per row, reported only as a warning.
 */
import { describe, expect, it } from 'vitest'
import { planImport } from '#transfer/import-plan'
import { parsePlantCsv, plantsToCsv } from '#transfer/plant-csv'
import { parsePlantJson } from '#transfer/plant-json'

const nothing = () => undefined
const planCsv = (text: string) => planImport(parsePlantCsv(text), nothing).summary

describe('files that are not a plant list', () => {
  it('refuses a CSV whose first line names neither id nor name (another sheet’s headings), instead of adding a blank plant per row', () => {
    for (const text of ['Plant,Type,Price\r\nRose,Shrub,5\r\nTulip,Bulb,3\r\n', 'Rose,Shrub\nTulip,Bulb\n', '', '\r\n\r\n']) {
      const summary = planCsv(text)
      expect(summary.added).toBe(0)
      expect(summary.errors).toEqual([
        {
          row: 1,
          field: '',
          message: expect.stringMatching(
            /^the first line names neither the id nor the name column \(id, name, category, tags, status, price, quantity, reorderAt\)/
          )
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
      { row: 1, field: '', message: expect.stringMatching(/^the first line names neither/) }
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
