/**
 * Plants as CSV, the way spreadsheets write and read it: RFC 4180 quoting
 * (csv-stringify / csv-parse), UTF-8 with a byte-order mark and CRLF line ends
 * on export (so Excel shows accents right); on import a comma, semicolon or tab
 * separator (European Excel writes `;`), LF or CRLF, into a table whose columns
 * the mapping (mapping/) turns into plants.
 */
import { CsvError, Parser, type Options } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import type { Plant } from '#shared/plant'
import { guardFormula } from './formula-guard'
import { MAX_IMPORT_COLUMNS, type ImportRowError } from '#shared/import-export'
import { TooManyColumnsError } from './import-errors'
import type { ImportFile } from './import-rows'
import { mapSheet } from './mapping/map-sheet'
import { IMPORTED_COLUMN_NAMES, exportedColumns } from './plant-columns'
import type { SheetRows } from './sheet-rows'
import { runAtOnce, runSliced, stopIfAborted, yieldToEventLoop } from './slices'

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

/** The separator of the header line: the one of tab, `;` and `,` it holds most of (European Excel writes `;`, "Unicode text" tabs). */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const end = text.search(/\r?\n/)
  const header = end === -1 ? text : text.slice(0, end)
  // Counted in one loop: split() would make an array of a million cells for a header of a million columns.
  const counts = { '\t': 0, ';': 0, ',': 0 }
  for (let index = 0; index < header.length; index++) {
    const char = header[index]!
    if (char === '\t' || char === ';' || char === ',') counts[char]++
  }
  const [best] = (['\t', ';', ','] as const).map((char) => [char, counts[char]] as const).sort((a, b) => b[1] - a[1])
  return best && best[1] > 0 ? best[0] : ','
}

/**
 * Characters handed to the streaming parser between two turns of the event loop: a few ms of parsing. csv-parse's
 * cost goes by fields more than by characters, so a slice of a file of one-letter cells (`a,a,a,…`) costs most: 16 KiB
 * of them are 8,000 fields, about 20 ms on a busy machine.
 */
const CHARS_PER_SLICE = 16 * 1024

/**
 * Empty lines are skipped by the parser itself: kept as records, each would be one cell against the header's width,
 * and csv-parse builds a full error object for every record of another width (even when it is let through), which
 * made a megabyte of empty lines cost half a minute.
 */
function parseOptions(body: string): Options {
  return { delimiter: detectDelimiter(body), relax_column_count: true, skip_empty_lines: true }
}

/** The part of csv-parse's parser that checks a record's width (lib/api/index.js, `__onRecord`; csv-parse 5 to 7). */
interface RecordApi {
  state: { record: unknown[]; expectedRecordLength: number }
  __onRecord: (this: RecordApi, ...args: unknown[]) => unknown
}

/**
 * Every width is expected: csv-parse builds a full error (a stack trace and a JSON copy of the record) for every
 * record whose width differs from the first one's, even when relax_column_count lets it through, so 200,000 rows
 * wider than their header took 11 s instead of 0.6 s. Rows of any width are the sheet's to read (SheetBuilder), so
 * each record is taken at its own width. A csv-parse without this hook is still correct, only slower; the test of
 * wrong-width rows fails then, to say so.
 */
function takeEveryWidth(parser: Parser): void {
  const api = (parser as unknown as { api?: Partial<RecordApi> }).api
  const onRecord = api?.__onRecord
  if (api?.state === undefined || typeof onRecord !== 'function') return
  api.__onRecord = function (this: RecordApi, ...args: unknown[]) {
    this.state.expectedRecordLength = this.state.record.length
    return onRecord.apply(this, args)
  }
}

/**
 * csv-parse's streaming parser handing each record to `onRecord` as it is parsed, with the count of empty lines
 * skipped before it (for the row's number); synchronously, so it serves both the reading at once and in slices.
 */
class RecordParser extends Parser {
  constructor(
    options: Options,
    private readonly onRecord: (record: string[], emptyLinesBefore: number) => void
  ) {
    super(options)
    takeEveryWidth(this)
  }

  override push(record: unknown): boolean {
    if (record === null) return super.push(null)
    this.onRecord(record as string[], this.info.empty_lines)
    return true
  }
}

/**
 * The table, built record by record as they are parsed: empty cells at a record's end dropped (a sheet saved with
 * many empty columns costs nothing per row), an empty line skipped (its number is kept by the rows around it), and a
 * header wider than {@link MAX_IMPORT_COLUMNS} refused at once, before any row is read.
 */
class SheetBuilder {
  readonly #sheet: SheetRows = { header: [], headerRow: 1, width: 0, rows: [] }
  #records = 0

  add(record: string[], emptyLinesBefore: number): void {
    const row = ++this.#records + emptyLinesBefore
    let end = record.length
    while (end > 0 && record[end - 1]!.trim() === '') end--
    // Always a copy: csv-parse's record array keeps room for 17 cells, so a million short rows kept as parsed hold
    // three times the memory their cells need.
    const cells = record.slice(0, end)
    if (this.#records > 1) {
      if (end > 0) this.#sheet.rows.push({ row, cells })
      return
    }
    if (end > MAX_IMPORT_COLUMNS) throw new TooManyColumnsError(end)
    this.#sheet.header = cells
    this.#sheet.headerRow = row
    this.#sheet.width = record.length
  }

  get sheet(): SheetRows {
    return this.#sheet
  }
}

/** The refusal of csv-parse as the file's one error (any other error is thrown on). */
export function invalidCsv(error: unknown): ImportRowError {
  if (!(error instanceof CsvError)) throw error
  const row = (error as CsvError & { records?: number }).records ?? 0
  return { row: row + 1, field: '', message: `the file is not valid CSV: ${error.message}` }
}

/**
 * The records of `body`, parsed by csv-parse's streaming parser in slices of {@link CHARS_PER_SLICE} characters;
 * stops between two slices once `signal` aborts.
 */
async function parseSliced(body: string, signal?: AbortSignal): Promise<SheetRows> {
  const builder = new SheetBuilder()
  let failure: unknown
  const parser = new RecordParser(parseOptions(body), (record, emptyLinesBefore) => {
    if (failure !== undefined) return
    try {
      builder.add(record, emptyLinesBefore)
    } catch (error) {
      failure = error
    }
  })
  parser.on('error', (error) => (failure ??= error))
  const ended = new Promise((resolve) => parser.once('end', resolve).once('error', resolve))
  parser.resume() // nothing is read from it: the records went to the builder; 'end' comes once the input ends
  for (let start = 0; start < body.length && failure === undefined;) {
    let end = Math.min(body.length, start + CHARS_PER_SLICE)
    const last = body.charCodeAt(end - 1)
    if (end < body.length && last >= 0xd800 && last <= 0xdbff) end-- // never split a surrogate pair (an emoji) in two
    parser.write(body.slice(start, end))
    start = end
    await yieldToEventLoop()
    if (signal?.aborted) parser.destroy()
    stopIfAborted(signal)
  }
  if (failure === undefined) {
    parser.end()
    await ended
  } else parser.destroy() // a header refused: the rest of the file is not parsed
  if (failure !== undefined) throw failure
  return builder.sheet
}

const withoutBom = (text: string) => (text.startsWith(BOM) ? text.slice(1) : text)

/** The table of a CSV text (header first), at once. */
export function csvSheet(text: string): SheetRows {
  const body = withoutBom(text)
  const builder = new SheetBuilder()
  const parser = new RecordParser(parseOptions(body), (record, emptyLinesBefore) => builder.add(record, emptyLinesBefore))
  parser.on('error', () => undefined) // emitted on the next tick: read from `errored` below, at once
  // Parsed synchronously: the records reach the builder within write() and end(); a refused header throws out of them.
  parser.write(body)
  parser.end()
  if (parser.errored) throw parser.errored
  return builder.sheet
}

/** The table of a CSV text, parsed in slices with a turn of the event loop between them. */
export async function csvSheetSliced(text: string, signal?: AbortSignal): Promise<SheetRows> {
  return parseSliced(withoutBom(text), signal)
}

/** Reads a CSV import with the mapping proposed for it (no choices): every row as request fields. */
export function parsePlantCsv(text: string): ImportFile {
  let sheet: SheetRows
  try {
    sheet = csvSheet(text)
  } catch (error) {
    return { rows: [], warnings: [], errors: [invalidCsv(error)] }
  }
  return runAtOnce(mapSheet(sheet, { choices: {}, importable: IMPORTED_COLUMN_NAMES })).file
}

/** {@link parsePlantCsv} in slices, with a turn of the event loop between them (same result). */
export async function readPlantCsv(text: string): Promise<ImportFile> {
  let sheet: SheetRows
  try {
    sheet = await csvSheetSliced(text)
  } catch (error) {
    return { rows: [], warnings: [], errors: [invalidCsv(error)] }
  }
  return (await runSliced(mapSheet(sheet, { choices: {}, importable: IMPORTED_COLUMN_NAMES }))).file
}
