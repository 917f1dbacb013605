/**
 * The app's own export, saved again by a spreadsheet in German, French and English conventions (and by LibreOffice),
 * re-imports as unchanged, and updates exactly the edited cells when one was edited.
 */
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { describe, expect, it } from 'vitest'
import { readImportNow } from '#transfer/import-file'
import { planImport } from '#transfer/import-plan'
import { plantsToCsv } from '#transfer/plant-csv'
import { TRANSFER_CATALOGUE, transferLookup } from '#setup/transfer-catalogue'

const catalogue = TRANSFER_CATALOGUE
const lookup = transferLookup

interface Resave {
  delimiter: string
  /** How the spreadsheet writes a number it read: German Excel `4,5`, English `4.5`. */
  price: (text: string) => string
  encoding: 'utf-8' | 'windows-1252'
  bom: boolean
  quoteAll: boolean
  lineEnd: string
}

const CONVENTIONS: Record<string, Resave> = {
  'German Excel (CSV, Trennzeichen-getrennt)': {
    delimiter: ';',
    price: (t) => String(Number(t)).replace('.', ','),
    encoding: 'windows-1252',
    bom: false,
    quoteAll: false,
    lineEnd: '\r\n'
  },
  'French Excel (CSV, séparateur point-virgule)': {
    delimiter: ';',
    price: (t) => Number(t).toFixed(2).replace('.', ','),
    encoding: 'windows-1252',
    bom: false,
    quoteAll: false,
    lineEnd: '\r\n'
  },
  'English Excel (CSV UTF-8)': { delimiter: ',', price: (t) => String(Number(t)), encoding: 'utf-8', bom: true, quoteAll: false, lineEnd: '\r\n' },
  'LibreOffice (quoted text, LF)': { delimiter: ',', price: (t) => t, encoding: 'utf-8', bom: false, quoteAll: true, lineEnd: '\n' }
}

function windows1252(text: string): Uint8Array {
  // Enough of Windows-1252 for this file: Latin-1 plus the euro sign.
  return Uint8Array.from([...text].map((char) => (char === '€' ? 0x80 : char.charCodeAt(0))))
}

/** Opens the export in a spreadsheet and saves it again: dates as the locale shows them, numbers as it writes them. */
function resave(csv: string, convention: Resave, edit?: (record: string[]) => void): Uint8Array {
  const [header, ...records] = parse(csv.replace(/^\uFEFF/, '')) as string[][]
  const price = header!.indexOf('price')
  for (const record of records) {
    if (record[price] !== '') record[price] = convention.price(record[price]!)
    record[header!.indexOf('createdAt')] = '01.03.2026 10:00'
    edit?.(record)
  }
  const text = stringify([header!, ...records], {
    delimiter: convention.delimiter,
    record_delimiter: convention.lineEnd,
    quoted_string: convention.quoteAll
  })
  if (convention.encoding === 'windows-1252') return windows1252(text)
  return new TextEncoder().encode((convention.bom ? '\uFEFF' : '') + text)
}

describe('the export saved again by a spreadsheet', () => {
  it.each(Object.entries(CONVENTIONS))('%s: re-imports as unchanged', (_name, convention) => {
    const read = readImportNow({ format: 'csv', bytes: resave(plantsToCsv(catalogue), convention) })
    expect(read.mapping?.preset?.id).toBe('plant-store')
    expect(planImport(read.file, lookup).summary).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [] })
  })

  it.each(Object.entries(CONVENTIONS))('%s: an edited price and status change exactly those cells', (_name, convention) => {
    const bytes = resave(plantsToCsv(catalogue), convention, (record) => {
      if (record[0] !== '2') return
      record[4] = 'sold'
      record[5] = convention.price('1250.5')
    })
    const summary = planImport(readImportNow({ format: 'csv', bytes }).file, lookup).summary
    expect(summary).toMatchObject({ added: 0, updated: 1, unchanged: 4, errors: [] })
    expect(summary.changes).toEqual([
      { row: 3, id: 2, name: 'Olivenbaum groß', before: { status: 'pending', price: 1249 }, after: { status: 'sold', price: 1250.5 } }
    ])
  })
})
