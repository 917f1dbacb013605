import { describe, expect, it } from 'vitest'
import { formatRowError } from '#shared/import-export'
import type { Plant } from '#shared/plant'
import { guardFormula, unguardFormula } from '#transfer/formula-guard'
import { planImport } from '#transfer/import-plan'
import { detectDelimiter, parsePlantCsv, plantsToCsv } from '#transfer/plant-csv'
import { parsePlantJson, plantsToJson } from '#transfer/plant-json'

const at = '2025-03-14T10:00:00.000Z'
const plant = (id: number, more: Partial<Plant> = {}): Plant => ({
  id,
  tags: [],
  status: 'available',
  createdAt: at,
  updatedAt: at,
  version: 1,
  ...more
})
const catalogue = [
  plant(1, { name: 'Monstera', category: 'Aroid', tags: ['indoor', 'shade'] }),
  plant(2, { name: 'Fern, "Boston"', status: 'pending' }),
  plant(3, { name: '=HYPERLINK("x")', tags: ['-dry', '@home'] }),
  plant(4, { name: "'+quoted", category: 'Cactée' }),
  plant(5, { status: 'sold' })
]
const lookup = (id: number) => catalogue.find((p) => p.id === id)
const planCsv = (text: string) => planImport(parsePlantCsv(text), lookup).summary

describe('CSV export', () => {
  it('writes a BOM, the header, CRLF line ends and RFC 4180 quoting', () => {
    const csv = plantsToCsv(catalogue.slice(0, 2))
    expect(csv.startsWith('\uFEFFid,name,category,tags,status,price,createdAt,updatedAt\r\n')).toBe(true)
    expect(csv).toContain(`1,Monstera,Aroid,"indoor, shade",available,,${at},${at}\r\n`)
    expect(csv).toContain(`2,"Fern, ""Boston""",,,pending,`)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('prefixes cells a spreadsheet would run as formulas with an apostrophe', () => {
    const csv = plantsToCsv(catalogue)
    expect(csv).toContain(`3,"'=HYPERLINK(""x"")",,"'-dry, @home"`)
    expect(csv).toContain(`4,''+quoted,Cactée`)
  })
})

describe('formula guard', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'=x", "''-x"])('round-trips %j with a guard', (cell) => {
    expect(guardFormula(cell)).toBe(`'${cell}`)
    expect(unguardFormula(guardFormula(cell))).toBe(cell)
  })
  it.each(['plain', "'quoted", "it's", '1-2', ''])('leaves %j alone both ways', (cell) => {
    expect(guardFormula(cell)).toBe(cell)
    expect(unguardFormula(cell)).toBe(cell)
  })
})

describe('CSV import', () => {
  it('reads its own export back as all unchanged (exact round trip)', () => {
    expect(planCsv(plantsToCsv(catalogue))).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [], warnings: [] })
  })

  it('detects semicolons from the header line, without BOM, with LF', () => {
    expect(detectDelimiter('id;name;status\n1;a,b;sold')).toBe(';')
    expect(detectDelimiter('id,name\n1;2;3;4')).toBe(',')
    const summary = planCsv('id;Status;Name\n1;sold;Monstera\n;pending;"New; one"\n')
    expect(summary).toMatchObject({ added: 1, updated: 1, unchanged: 0, errors: [] })
    expect(summary.changes).toEqual([
      { row: 2, id: 1, name: 'Monstera', before: { status: 'available' }, after: { status: 'sold' } },
      { row: 3, name: 'New; one', after: { name: 'New; one', status: 'pending' } }
    ])
  })

  it('accepts CRLF, headers in any case and order, and reports columns it does not import as one warning', () => {
    const summary = planCsv('\uFEFFStatus,COLOUR,name,id\r\navailable,green,Monstera,1\r\n')
    expect(summary).toMatchObject({ unchanged: 1, errors: [] })
    expect(summary.warnings).toEqual([expect.stringContaining('not imported: the column "COLOUR"')])
  })

  it('changes only the cells present and different', () => {
    const summary = planCsv('id,tags\n1,"indoor, shade"\n2,new\n5,\n')
    expect(summary).toMatchObject({ updated: 1, unchanged: 2 })
    expect(summary.changes).toEqual([{ row: 3, id: 2, name: 'Fern, "Boston"', before: { tags: [] }, after: { tags: ['new'] } }])
  })

  it('collects every error of every row, numbering rows as a spreadsheet does (header = 1)', () => {
    const text = 'id,name,status,tags\n1,Monstera,Sould,\n,,available,\n99,x,sold,\nabc,y,sold,\n1,z,sold,\n\n,ok,pending,"a,A"\n'
    const summary = planCsv(text)
    expect(summary.errors).toEqual([
      // An unknown status word is one question for the file, not an error of each row holding it.
      { row: 2, field: 'status', message: expect.stringMatching(/^the status word "Sould" \(rows 2\) is not known: choose what it means/) },
      { row: 3, field: 'name', message: 'the row has no name: give the plant a name (or the id of a plant to update)' },
      { row: 4, field: 'id', message: 'there is no plant with id 99; leave id empty to add a new plant' },
      { row: 5, field: 'id', message: 'id must be a positive whole number, not "abc"' }
    ])
    expect(planCsv('id,name\n1,a\n1,b\n').errors).toEqual([{ row: 3, field: 'id', message: 'id 1 is also in row 2; change a plant in one row only' }])
    expect(formatRowError(summary.errors[2]!)).toBe('row 4, id: there is no plant with id 99; leave id empty to add a new plant')
    // Row 8 (tags deduplicated by the schema) is a valid add; row 7 is an empty line.
    expect(summary.added).toBe(1)
    expect(summary.changes.at(-1)).toEqual({ row: 8, name: 'ok', after: { name: 'ok', status: 'pending', tags: ['a'] } })
  })

  it('reports a row with more cells than the header and a broken quote as errors', () => {
    expect(planCsv('id,name\n1,a,b\n').errors).toEqual([{ row: 2, field: '', message: 'the row has 3 cells but the header has 2 columns' }])
    expect(planCsv('name\n"open\n').errors[0]).toMatchObject({ field: '', message: expect.stringContaining('not valid CSV') })
  })
})

describe('JSON', () => {
  it('exports an array of full plants and reads it back unchanged', () => {
    const json = plantsToJson(catalogue)
    expect(JSON.parse(json)).toEqual(catalogue)
    expect(planImport(parsePlantJson(json), lookup).summary).toMatchObject({ unchanged: 5, errors: [], warnings: [] })
    expect(JSON.parse(plantsToJson([]))).toEqual([])
  })

  it('validates each item with the API schema and warns about unknown fields once', () => {
    const text = JSON.stringify([{ id: 1, status: 'sold', colour: 'red' }, { name: 7 }, 'x', { colour: 'blue', name: 'New' }])
    const summary = planImport(parsePlantJson(text), lookup).summary
    expect(summary.warnings).toEqual([expect.stringContaining('field "colour" is not known')])
    expect(summary.errors).toEqual([
      { row: 2, field: 'name', message: 'name must be text (a JSON string), not a number' },
      { row: 3, field: '', message: expect.stringContaining('plant object') }
    ])
    expect(summary).toMatchObject({ added: 1, updated: 1 })
  })

  it('refuses every item that gives a key twice, naming its row and the key (JSON.parse would keep the last silently)', () => {
    const text =
      '[{"id": 1, "status": "sold"},\n {"id": 2, "status": "sold", "name": "x", "status": "available"},\n {"name": "New", "tags": ["a,b"], "name": "Old", "tags": []}]'
    const summary = planImport(parsePlantJson(text), lookup).summary
    expect(summary.errors).toEqual([
      { row: 2, field: 'status', message: 'the key "status" is given more than once; give each field once' },
      { row: 3, field: 'name', message: 'the key "name" is given more than once; give each field once' },
      { row: 3, field: 'tags', message: 'the key "tags" is given more than once; give each field once' }
    ])
    expect(summary).toMatchObject({ added: 0, updated: 1 })
  })

  it('refuses a file that is not an array', () => {
    expect(parsePlantJson('{"id":1}').errors[0]!.message).toContain('JSON array')
    expect(parsePlantJson('[').errors[0]!.message).toContain('not valid JSON')
  })
})

describe('prices in a plan', () => {
  it('are whole cents: 0.1 + 0.2 from a JSON file is 0.30, equal to the price the plant has, and previewed as 0.3', () => {
    const at = '2026-03-01T10:00:00.000Z'
    const priced = { id: 9, name: 'Moss', tags: [], status: 'available' as const, price: 0.3, createdAt: at, updatedAt: at, version: 1 }
    const text = JSON.stringify([
      { id: 9, price: 0.1 + 0.2 },
      { name: 'Lichen', price: 0.1 + 0.2 }
    ])
    const summary = planImport(parsePlantJson(text), (id) => (id === 9 ? priced : undefined)).summary
    expect(summary).toMatchObject({ added: 1, updated: 0, unchanged: 1, errors: [] })
    expect(summary.changes).toEqual([{ row: 2, name: 'Lichen', after: { name: 'Lichen', price: 0.3 } }])
  })
})
