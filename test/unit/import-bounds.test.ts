/**
 * An import's work is bounded by the size of the file, never by a product of
 * its parts: a header wider than any real sheet is refused, empty columns at
 * the header's end cost nothing, each row is read over the mapped columns
 * only, and the errors and warnings kept are capped with a count of the rest.
 * Costs are counted in cells read and turns of the event loop, not in
 * milliseconds (`scripts/import-bounds-bench.mjs` measures the times).
 */
import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ERRORS, MAX_IMPORT_WARNINGS } from '#shared/import-export'
import { MAX_MAPPING_ITEMS, MAX_NON_PLANT_ROWS } from '#shared/import-mapping'
import { ImportAbortedError, TooManyColumnsError } from '#transfer/import-errors'
import { planImportSliced } from '#transfer/import-plan'
import { readImport } from '#transfer/import-file'
import { mapSheet } from '#transfer/mapping/map-sheet'
import { IMPORTED_COLUMN_NAMES } from '#transfer/plant-columns'
import type { Cell, SheetRows } from '#transfer/sheet-rows'
import { ROWS_PER_SLICE, runAtOnce, runSliced } from '#transfer/slices'
import { planText } from '#transfer/transfer'

const nothing = () => undefined
const csvBytes = (text: string) => new TextEncoder().encode(text)

describe('a header wider than any real sheet', () => {
  it(`is refused in words when it has more than ${MAX_IMPORT_COLUMNS} columns, read at once or in slices`, async () => {
    // The 2 MB header of a million one-letter headings; read in slices, a narrower one (the same rule, less waiting).
    const text = `${'a,'.repeat(999_999)}a\nFern\n`
    const refusal = (() => {
      try {
        planText('csv', text, nothing)
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(TooManyColumnsError)
    const sliced = readImport({ format: 'csv', bytes: csvBytes(`${'a,'.repeat(4_999)}a\nFern\n`) })
    await expect(sliced).rejects.toThrow('This file has 5,000 columns; Plant Store reads at most 200')
    expect((refusal as Error).message).toBe(
      'This file has 1,000,000 columns; Plant Store reads at most 200 (empty columns at the end of the header not counted). ' +
        'Save only the columns that describe the plants and import that file.'
    )
  })

  it('reads a header of exactly the limit, and refuses one column more', () => {
    const headings = (count: number) => ['name', ...Array.from({ length: count - 1 }, (_, i) => `note ${i}`)].join(',')
    expect(planText('csv', `${headings(MAX_IMPORT_COLUMNS)}\nFern\n`, nothing).summary.added).toBe(1)
    expect(() => planText('csv', `${headings(MAX_IMPORT_COLUMNS + 1)}\nFern\n`, nothing)).toThrow('This file has 201 columns')
  })
})

describe('empty columns at the end of a sheet', () => {
  it('are dropped: a sheet saved with a million empty columns imports as its named ones', () => {
    const text = `name,price${','.repeat(1_000_000)}\nFern,4.50${','.repeat(1_000_000)}\nRose,2.00\n`
    const plan = planText('csv', text, nothing)
    expect(plan.summary).toMatchObject({ added: 2, errors: [], warnings: [] })
    expect(plan.summary.mapping!.columns.map((column) => column.heading)).toEqual(['name', 'price'])
  })

  it('still ignores a value under a heading left empty at the end, as in any unnamed column', () => {
    expect(planText('csv', 'name,,\nFern,,kept aside\n', nothing).summary).toMatchObject({ added: 1, errors: [] })
    expect(planText('csv', 'name,,\nFern,,,too far\n', nothing).summary.errors).toEqual([
      { row: 2, field: '', message: 'the row has 4 cells but the header has 3 columns (1 named)' }
    ])
  })
})

/** A sheet whose rows count every read of a cell by position. */
function countingSheet(header: string[], rows: Cell[][]): { sheet: SheetRows; reads: () => number } {
  let reads = 0
  const counted = (cells: Cell[]) =>
    new Proxy(cells, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver) as unknown
      }
    })
  const sheet: SheetRows = { header, headerRow: 1, rows: rows.map((cells, index) => ({ row: index + 2, cells: counted(cells) })) }
  return { sheet, reads: () => reads }
}

/** 200 headings, two of them mapped (name, price), the other 198 empty all the way down; `count` rows. */
function wideSheet(count: number) {
  const header = ['name', 'price', ...Array.from({ length: MAX_IMPORT_COLUMNS - 2 }, (_, i) => `note ${i}`)]
  return countingSheet(
    header,
    Array.from({ length: count }, (_, i) => [`Fern ${i}`, '4.50'])
  )
}

const options = { choices: {}, importable: IMPORTED_COLUMN_NAMES }

describe('mapping the rows of a wide sheet', () => {
  it('reads each row by position over the mapped columns, not once per column of the header', () => {
    const rows = 5_000
    const { sheet, reads } = wideSheet(rows)
    const { file } = runAtOnce(mapSheet(sheet, options))
    expect(file.rows).toHaveLength(rows)
    // Two mapped columns: a handful of reads per row (samples, the row's end, name and price), not 200.
    expect(reads() / rows).toBeLessThan(12)
  })

  it('never reads more than a bounded number of cells between two turns of the event loop', async () => {
    const { sheet, reads } = wideSheet(20_000)
    let most = 0
    let atLastTurn = 0
    let running = true
    const tick = () => {
      most = Math.max(most, reads() - atLastTurn)
      atLastTurn = reads()
      if (running) setImmediate(tick)
    }
    setImmediate(tick)
    await runSliced(mapSheet(sheet, options))
    running = false
    tick()
    // At most 2,000 rows a slice, each read over its mapped columns; the whole sheet is over 200,000 reads.
    expect(reads()).toBeGreaterThan(100_000)
    expect(most).toBeLessThan(2_000 * 12)
  })
})

describe('the errors and warnings of an import', () => {
  it(`lists the first ${MAX_IMPORT_ERRORS} errors by row and counts the rest`, () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `Fern ${i},Sould`)
    // The status word is one question for the file; the price errors are one per row, the last row's file error comes first.
    const text = ['name,price', ...rows.map((_, i) => `Fern ${i},lots`), ',,too far'].join('\n')
    const { summary } = planText('csv', text, nothing)
    expect(summary.errors).toHaveLength(MAX_IMPORT_ERRORS)
    expect(summary.moreErrors).toBe(5_001 - MAX_IMPORT_ERRORS)
    expect(summary.errors.map((error) => error.row)).toEqual(Array.from({ length: MAX_IMPORT_ERRORS }, (_, i) => i + 2))
  })

  it('keeps the errors of the file and of the plan in row order together', () => {
    const text = ['id,name', ...Array.from({ length: 1_500 }, (_, i) => (i % 2 === 0 ? `x${i},Fern` : `7,Fern,extra`))].join('\n')
    const { summary } = planText('csv', text, nothing)
    expect(summary.errors.map((error) => error.row)).toEqual(Array.from({ length: MAX_IMPORT_ERRORS }, (_, i) => i + 2))
    expect(summary.moreErrors).toBe(500)
  })

  it(`lists the first ${MAX_IMPORT_WARNINGS} warnings and counts the rest`, () => {
    const items = Array.from({ length: 150 }, (_, i) => `{"name": "Fern ${i}", "extra ${i}": 1}`)
    const { summary } = planText('json', `[${items.join(',')}]`, nothing)
    expect(summary.warnings).toHaveLength(MAX_IMPORT_WARNINGS)
    expect(summary.warnings[0]).toContain('field "extra 0" is not known')
    expect(summary.moreWarnings).toBe(50)
    expect(summary.added).toBe(150)
  })

  it('says nothing of more when nothing was left out', () => {
    const { summary } = planText('csv', 'name,price\nFern,lots\n', nothing)
    expect(summary.errors).toHaveLength(1)
    expect(summary).not.toHaveProperty('moreErrors')
    expect(summary).not.toHaveProperty('moreWarnings')
  })
})

describe('the status words and non-plants a mapping lists', () => {
  it(`lists the first ${MAX_MAPPING_ITEMS} of each and counts the rest, each word's rows counted, not kept`, () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `Fern ${i},word ${i}`)
    const cards = Array.from({ length: 150 }, (_, i) => `Gift card ${i},available`)
    const text = ['name,status', ...words, ...cards, ...Array.from({ length: 20 }, () => 'Gift card 0,available')].join('\n')
    const { mapping } = planText('csv', text, nothing).summary
    expect(mapping!.statusWords).toHaveLength(MAX_MAPPING_ITEMS)
    expect(mapping!.statusWords[0]).toEqual({ word: 'word 0', rows: 1, target: null })
    expect(mapping!.moreStatusWords).toBe(5_001 - MAX_MAPPING_ITEMS)
    expect(mapping!.nonPlants).toHaveLength(MAX_MAPPING_ITEMS)
    expect(mapping!.nonPlants[0]!.rows).toHaveLength(MAX_NON_PLANT_ROWS)
    expect(mapping!.moreNonPlants).toBe(50)
  })
})

describe('an import whose request is cancelled', () => {
  it('stops planning at the next slice', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ row: i + 2, fields: { id: i + 1, name: 'Fern' } }))
    const cancel = new AbortController()
    let lookups = 0
    const lookup = () => {
      if (++lookups === 1) cancel.abort()
      return undefined
    }
    await expect(planImportSliced({ rows, warnings: [], errors: [] }, lookup, cancel.signal)).rejects.toBeInstanceOf(ImportAbortedError)
    expect(lookups).toBeLessThanOrEqual(ROWS_PER_SLICE)
  })

  it('stops reading the file at the next slice', async () => {
    const cancel = new AbortController()
    const text = ['name', ...Array.from({ length: 50_000 }, (_, i) => `Fern ${i}`)].join('\n')
    const reading = readImport({ format: 'csv', bytes: csvBytes(text), signal: cancel.signal })
    cancel.abort()
    await expect(reading).rejects.toBeInstanceOf(ImportAbortedError)
  })
})
