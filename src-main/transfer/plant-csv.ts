/**
 * Plants as CSV, the way spreadsheets write and read it: RFC 4180 quoting
 * (csv-stringify / csv-parse), UTF-8 with a byte-order mark and CRLF line ends
 * on export (so Excel shows accents right); on import a comma or semicolon
 * separator (European Excel writes `;`), with or without BOM, LF or CRLF, and
 * headers in any case and order.
 */
import { CsvError, Parser, type Options } from 'csv-parse'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Plant } from '#shared/plant'
import { guardFormula, unguardFormula } from './formula-guard'
import type { ImportFile, ImportRow } from './import-rows'
import { COLUMN_NAMES, IMPORTED_COLUMN_NAMES, columnNamed, exportedColumns, type PlantColumn } from './plant-columns'
import { eachInSlices, runAtOnce, runSliced, yieldToEventLoop, type Steps } from './slices'

const BOM = '\uFEFF'
const CRLF = '\r\n'

function toCsvLines(rows: string[][]): string {
  // quoted_match: a line break inside a cell is always quoted, whichever line end the file uses.
  return stringify(rows, { record_delimiter: CRLF, eof: true, quoted_match: /[\r\n]/ })
}

/**
 * The export as text chunks of `rowsPerChunk` plants each (the first holds the
 * BOM and the header), so that a large export can be sent without holding the
 * event loop for the whole file.
 */
export function* plantCsvChunks(plants: readonly Plant[], rowsPerChunk = 2000): Generator<string> {
  const columns = exportedColumns(plants)
  yield BOM + toCsvLines([columns.map((column) => column.name)])
  for (let start = 0; start < plants.length; start += rowsPerChunk) {
    const slice = plants.slice(start, start + rowsPerChunk)
    yield toCsvLines(slice.map((plant) => columns.map((column) => guardFormula(column.toCell(plant)))))
  }
}

/** The whole export as one text. */
export function plantsToCsv(plants: readonly Plant[]): string {
  return [...plantCsvChunks(plants)].join('')
}

/** `;` when the header line holds more semicolons than commas (European Excel), else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  const end = text.search(/\r?\n/)
  const header = end === -1 ? text : text.slice(0, end)
  const count = (char: string) => header.split(char).length - 1
  return count(';') > count(',') ? ';' : ','
}

interface HeaderMap {
  columns: (PlantColumn | undefined)[]
  warnings: string[]
  duplicates: string[]
}

function mapHeader(header: string[]): HeaderMap {
  const columns: (PlantColumn | undefined)[] = []
  const warnings: string[] = []
  const duplicates: string[] = []
  for (const cell of header) {
    const column = columnNamed(cell)
    if (column && columns.includes(column)) duplicates.push(column.name)
    else if (!column && cell.trim() !== '') {
      warnings.push(`column "${cell.trim()}" is not known and was ignored; the columns are ${COLUMN_NAMES.join(', ')}`)
    }
    columns.push(column && !columns.includes(column) ? column : undefined)
  }
  return { columns, warnings, duplicates }
}

function toRow(record: string[], index: number, columns: (PlantColumn | undefined)[]): ImportRow | string {
  const extra = record.slice(columns.length).filter((cell) => cell.trim() !== '')
  if (extra.length > 0) return `the row has ${record.length} cells but the header names ${columns.length} columns`
  const fields: Record<string, unknown> = {}
  columns.forEach((column, position) => {
    if (!column?.fromCell) return
    const value = column.fromCell(unguardFormula(record[position] ?? ''))
    if (value !== undefined) fields[column.name] = value
  })
  return { row: index + 1, fields }
}

/** Characters handed to the streaming parser between two turns of the event loop (a few ms of parsing). */
const CHARS_PER_SLICE = 64 * 1024

function parseOptions(body: string): Options {
  return { delimiter: detectDelimiter(body), relax_column_count: true, skip_empty_lines: false }
}

/** The file as one error when csv-parse refused it (any other error is thrown on). */
function invalidCsv(error: unknown): ImportFile {
  if (!(error instanceof CsvError)) throw error
  const row = (error as CsvError & { records?: number }).records ?? 0
  return { rows: [], warnings: [], errors: [{ row: row + 1, field: '', message: `the file is not valid CSV: ${error.message}` }] }
}

/** The records of `body`, parsed by csv-parse's streaming parser in slices of {@link CHARS_PER_SLICE} characters. */
async function parseSliced(body: string): Promise<string[][]> {
  const parser = new Parser(parseOptions(body))
  const records: string[][] = []
  let failure: unknown
  parser.on('data', (record: string[]) => records.push(record))
  parser.on('error', (error) => (failure ??= error))
  const ended = new Promise((resolve) => parser.once('end', resolve).once('error', resolve))
  for (let start = 0; start < body.length && failure === undefined;) {
    let end = Math.min(body.length, start + CHARS_PER_SLICE)
    const last = body.charCodeAt(end - 1)
    if (end < body.length && last >= 0xd800 && last <= 0xdbff) end-- // never split a surrogate pair (an emoji) in two
    parser.write(body.slice(start, end))
    start = end
    await yieldToEventLoop()
  }
  if (failure === undefined) parser.end()
  await ended
  if (failure !== undefined) throw failure
  return records
}

/** Maps parsed records (header first) to the import's rows, in slices of rows. */
function* fileSteps(records: string[][]): Steps<ImportFile> {
  const [header = [], ...data] = records
  const { columns, warnings, duplicates } = mapHeader(header)
  // Another sheet's headings ("Plant,Type,Price"), a file without header, UTF-16 without BOM, an empty file: every
  // row would add a blank plant. A row updates the plant of its id or adds one by its name, so one of the two is needed.
  if (!columns.some((column) => column?.name === 'id' || column?.name === 'name')) {
    const message = `the first line names neither the id nor the name column (${IMPORTED_COLUMN_NAMES.join(', ')}): it must be the header, as an export writes it (in a file saved as "CSV UTF-8")`
    return { rows: [], warnings: [], errors: [{ row: 1, field: '', message }] }
  }
  const file: ImportFile = { rows: [], warnings, errors: [] }
  for (const name of duplicates) file.errors.push({ row: 1, field: name, message: `the column ${name} appears more than once` })
  yield* eachInSlices(data, (record, index) => {
    if (record.every((cell) => cell.trim() === '')) return // an empty line in the sheet
    const row = toRow(record, index + 1, columns)
    if (typeof row === 'string') file.errors.push({ row: index + 2, field: '', message: row })
    else file.rows.push(row)
  })
  return file
}

const withoutBom = (text: string) => (text.startsWith(BOM) ? text.slice(1) : text)

/** Reads a CSV import: every row as request fields, unknown columns as warnings, faults of the file as errors. */
export function parsePlantCsv(text: string): ImportFile {
  const body = withoutBom(text)
  let records: string[][]
  try {
    records = parse(body, parseOptions(body))
  } catch (error) {
    return invalidCsv(error)
  }
  return runAtOnce(fileSteps(records))
}

/** {@link parsePlantCsv} in slices, with a turn of the event loop between them (same result). */
export async function readPlantCsv(text: string): Promise<ImportFile> {
  const body = withoutBom(text)
  let records: string[][]
  try {
    records = await parseSliced(body)
  } catch (error) {
    return invalidCsv(error)
  }
  return runSliced(fileSteps(records))
}
