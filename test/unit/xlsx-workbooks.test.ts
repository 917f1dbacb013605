/**
 * Excel workbooks in and out: the export re-imports as unchanged; a workbook as Excel writes it (shared strings,
 * prefixed elements, formulas with cached values, a sparse row) imports; and untrusted workbooks are refused
 * with a sentence, never inflated or evaluated (zip bombs, DOCTYPE entities, sheets wider than the import reads).
 */
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readImportNow } from '#transfer/import-file'
import { planImport } from '#transfer/import-plan'
import { plantsToXlsxNow } from '#transfer/plant-xlsx'
import { TRANSFER_CATALOGUE, transferLookup } from '#setup/transfer-catalogue'

const catalogue = TRANSFER_CATALOGUE
const lookup = transferLookup
const plan = (bytes: Uint8Array, sheet?: string) => {
  const read = readImportNow({ format: 'xlsx', bytes, choices: sheet ? { sheet } : {} })
  return { read, summary: planImport(read.file, lookup).summary }
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`
/** A workbook as Excel writes it: shared strings, a namespace prefix, a formula with its cached value. */
function excelWorkbook(sheetXml: string, strings: string[], extra: Record<string, Uint8Array> = {}): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  return zipSync({
    '[Content_Types].xml': strToU8(xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')),
    'xl/workbook.xml': strToU8(
      xml(
        `<x:workbook xmlns:x="${ns}" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets>` +
          '<x:sheet name="Notes" sheetId="2" rel:id="rId2"/><x:sheet name="Pflanzen" sheetId="1" rel:id="rId1"/></x:sheets></x:workbook>'
      )
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="worksheet" Target="/xl/worksheets/sheet7.xml"/><Relationship Id="rId2" Type="worksheet" Target="worksheets/notes.xml"/></Relationships>'
      )
    ),
    'xl/sharedStrings.xml': strToU8(
      xml(
        `<sst xmlns="${ns}">${strings.map((text) => `<si><r><t>${text.slice(0, 2)}</t></r><r><t xml:space="preserve">${text.slice(2)}</t></r><rPh><t>ignored</t></rPh></si>`).join('')}</sst>`
      )
    ),
    'xl/worksheets/notes.xml': strToU8(
      xml(`<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>just notes</t></is></c></row></sheetData></worksheet>`)
    ),
    'xl/worksheets/sheet7.xml': strToU8(xml(`<x:worksheet xmlns:x="${ns}"><x:sheetData>${sheetXml}</x:sheetData></x:worksheet>`)),
    ...extra
  })
}

describe('the workbook export', () => {
  it('re-imports as unchanged: ids and prices as numbers, text guarded as in CSV', () => {
    const bytes = plantsToXlsxNow(catalogue, { currency: 'EUR', locale: 'de-DE' })
    const { read, summary } = plan(bytes)
    expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [] })
    expect(read.mapping).toMatchObject({ preset: { id: 'plant-store' }, sheets: ['Plants'], sheet: 'Plants' })
    const sheet = new TextDecoder().decode(unzipSync(bytes)['xl/worksheets/sheet1.xml'])
    expect(sheet).toContain('<c r="F2" s="1"><v>19.99</v></c>')
    expect(sheet).toContain(`<t>'=1+1</t>`)
    expect(sheet).toContain('<t>Fern &amp; &lt;Moss&gt; &quot;Boston&quot;</t>')
    expect(sheet).not.toContain('<f>')
    const styles = new TextDecoder().decode(unzipSync(bytes)['xl/styles.xml'])
    expect(styles).toContain('formatCode="#,##0.00\\ &quot;€&quot;"')
  })

  it('updates exactly the cells edited in the workbook', () => {
    const bytes = plantsToXlsxNow(catalogue, { currency: 'GBP', locale: 'en-GB' })
    const files = unzipSync(bytes)
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']).replace('<v>19.99</v>', '<v>24.5</v>')
    const edited = zipSync({ ...files, 'xl/worksheets/sheet1.xml': strToU8(sheet) })
    const { summary } = plan(edited)
    expect(summary).toMatchObject({ updated: 1, unchanged: 4, errors: [] })
    expect(summary.changes).toEqual([{ row: 2, id: 1, name: 'Monstera', before: { price: 19.99 }, after: { price: 24.5 } }])
  })
})

describe('a workbook written by Excel', () => {
  it('reads the chosen sheet, shared strings without their phonetic runs, cached formula values, sparse rows', () => {
    const strings = ['Bezeichnung', 'Preis', 'Status', 'Glücksfeder', 'verfügbar', 'Olivenbaum']
    const rows =
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row>' +
      '<x:row r="2"><x:c r="A2" t="s"><x:v>3</x:v></x:c><x:c r="B2"><x:f>3.45*2</x:f><x:v>6.9</x:v></x:c><x:c r="C2" t="s"><x:v>4</x:v></x:c></x:row>' +
      '<x:row r="9"><x:c r="A9" t="s"><x:v>5</x:v></x:c><x:c r="B9" t="str"><x:v>1.249,00</x:v></x:c></x:row>'
    const { read, summary } = plan(excelWorkbook(rows, strings), 'Pflanzen')
    expect(read.mapping).toMatchObject({ sheets: ['Notes', 'Pflanzen'], sheet: 'Pflanzen' })
    expect(summary.errors).toEqual([])
    expect(read.file.rows).toEqual([
      { row: 2, fields: { name: 'Glücksfeder', price: 6.9, status: 'available' } },
      { row: 9, fields: { name: 'Olivenbaum', price: 1249 } }
    ])
    expect(plan(excelWorkbook(rows, strings)).read.file.errors[0]!.message).toContain('no column holds the plants')
    expect(plan(excelWorkbook(rows, strings), 'Sheet9').read.file.errors[0]!.message).toBe(
      'the workbook has no sheet named "Sheet9"; its sheets are Notes, Pflanzen'
    )
  })
})

describe('untrusted workbooks', () => {
  const refusal = (bytes: Uint8Array) => readImportNow({ format: 'xlsx', bytes, choices: { sheet: 'Pflanzen' } }).file.errors[0]?.message ?? ''

  it('refuses a file that is no workbook', () => {
    expect(refusal(strToU8('Name,Price\nFern,3\n'))).toContain('not an Excel workbook')
  })

  it('refuses a part that declares more than the limit without inflating it (a zip bomb)', () => {
    const huge = new Uint8Array(170 * 1024 * 1024) // deflates to a few hundred KB
    const bomb = excelWorkbook('', [], {})
    const files = unzipSync(bomb)
    const message = refusal(zipSync({ ...files, 'xl/worksheets/sheet7.xml': huge }, { level: 1 }))
    expect(message).toContain('too large to import')
  })

  it('refuses a DOCTYPE (no entity is ever expanded)', () => {
    const laughs = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
    const files = unzipSync(excelWorkbook('<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>&lol2;</x:t></x:is></x:c></x:row>', []))
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet7.xml']).replace('\n', `\n${laughs}`)
    expect(refusal(zipSync({ ...files, 'xl/worksheets/sheet7.xml': strToU8(sheet) }))).toContain('declares a DOCTYPE')
  })

  it('refuses values beyond the 200 columns an import reads, without building the row', () => {
    expect(refusal(excelWorkbook('<x:row r="1"><x:c r="XFD1" t="inlineStr"><x:is><x:t>far</x:t></x:is></x:c></x:row>', []))).toContain(
      'beyond column 200'
    )
  })
})
