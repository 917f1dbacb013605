/**
 * Reads an import's bytes into the rows to plan, whatever the file: a CSV
 * file in any of the encodings spreadsheets save (detected or chosen), a
 * workbook's sheet, or a JSON array. A table's columns go through the mapping
 * (the import's choices, then the choices remembered for its header shape);
 * the answer carries the mapping for the mapping step.
 */
import type { TransferFormat } from '#shared/import-export'
import type { ImportChoices, ImportMappingReport } from '#shared/import-mapping'
import type { ImportFile } from './import-rows'
import { mapSheet } from './mapping/map-sheet'
import { headerShape } from './mapping/map-columns'
import { IMPORTED_COLUMN_NAMES } from './plant-columns'
import { csvSheet, csvSheetSliced, detectDelimiter, invalidCsv } from './plant-csv'
import { parsePlantJson, readPlantJson } from './plant-json'
import type { SheetRows } from './sheet-rows'
import { runAtOnce, runSliced, type Steps } from './slices'
import { decodeTextSteps } from './text-encoding'
import { WorkbookError, readWorkbook } from './xlsx-read'

/** What an import reads, and how. */
export interface ImportRequest {
  format: TransferFormat
  bytes: Uint8Array
  /** The import's own choices (a person's in the mapping step, a script's `mapping`). */
  choices?: ImportChoices
  /** The choices remembered for each header shape (settings), looked up once the header is read. */
  remembered?: Readonly<Record<string, ImportChoices>>
  /** The shop's currency (ISO 4217): prices written in another are named in a warning. */
  shopCurrency?: string
  /** Aborts when the request's client went away: the sliced reading stops between two slices (ImportAbortedError). */
  signal?: AbortSignal
}

/** The rows to plan, and the mapping used (for CSV files and workbooks). */
export interface ReadImport {
  file: ImportFile
  mapping?: ImportMappingReport
}

const refused = (message: string, row = 1): ReadImport => ({ file: { rows: [], warnings: [], errors: [{ row, field: '', message }] } })

function* mapTable(sheet: SheetRows, request: ImportRequest, extra: Partial<ImportMappingReport>): Steps<ReadImport> {
  const shape = headerShape(sheet.header)
  const recalled = request.remembered && Object.hasOwn(request.remembered, shape) ? request.remembered[shape] : undefined
  const { file, report } = yield* mapSheet(sheet, {
    choices: request.choices ?? {},
    recalled,
    importable: IMPORTED_COLUMN_NAMES,
    ...(request.shopCurrency ? { shopCurrency: request.shopCurrency } : {})
  })
  return { file, mapping: { ...report, ...extra, choices: { ...report.choices, ...pick(request.choices, ['encoding', 'sheet']) } } }
}

function pick(choices: ImportChoices | undefined, keys: (keyof ImportChoices)[]): ImportChoices {
  return Object.fromEntries(keys.filter((key) => choices?.[key] !== undefined).map((key) => [key, choices![key]]))
}

function* workbookSteps(request: ImportRequest): Steps<ReadImport> {
  let sheet
  try {
    sheet = yield* readWorkbook(request.bytes, request.choices?.sheet)
  } catch (error) {
    if (error instanceof WorkbookError) return refused(error.message)
    throw error
  }
  return yield* mapTable(sheet, request, { sheets: sheet.sheets, sheet: sheet.sheet })
}

function* csvParts(request: ImportRequest): Steps<{ text: string; extra: Partial<ImportMappingReport> }> {
  const { text, encoding } = yield* decodeTextSteps(request.bytes, request.choices?.encoding)
  return { text, extra: { encoding, delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')) } }
}

/** A zip archive (an .xlsx saved under another name) is read as a workbook, whatever it was called. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
const asWorkbook = (request: ImportRequest): ImportRequest =>
  request.format === 'csv' && isZip(request.bytes) ? { ...request, format: 'xlsx' } : request

/** An Excel 97–2003 workbook (.xls) or another Office file in the old compound format: its first bytes. */
const isCompoundFile = (bytes: Uint8Array) => [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((byte, at) => bytes[at] === byte)
const OLD_WORKBOOK =
  'this is an Excel 97–2003 workbook (.xls), which Plant Store does not read; open it in the spreadsheet and save it ' +
  'as "Excel Workbook (.xlsx)" or "CSV UTF-8", then import that file'

/** The file's first characters as text (a UTF-8 BOM skipped), enough to tell JSON from a table. */
const startOf = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart()

/**
 * A file whose name says CSV but holds JSON (or the reverse), said in words before a parser's own message
 * ("Invalid Opening Quote", a JavaScript engine's text with the file's line breaks) would be.
 */
function wrongFormat(request: ImportRequest): string | undefined {
  const start = startOf(request.bytes)
  if (request.format === 'csv' && /^\[\s*[{\]]/.test(start))
    return 'this file holds JSON (it starts with [), not CSV: name it .json, or import it with --format json (over the API, as application/json)'
  if (request.format === 'json' && start !== '' && !/^[[{]/.test(start)) {
    const line = start.split(/\r?\n/)[0]!.slice(0, 30)
    return `this file is not JSON (it starts with "${line}"): if it is a CSV file, name it .csv, or import it with --format csv (over the API, as text/csv)`
  }
  return undefined
}

/** A file the import cannot read as its request says, refused in words; undefined when it can be read. */
function unreadable(request: ImportRequest): ReadImport | undefined {
  if (isCompoundFile(request.bytes)) return refused(OLD_WORKBOOK)
  const wrong = wrongFormat(request)
  return wrong === undefined ? undefined : refused(wrong)
}

/** Reads the import at once (tests, and the CLI when no server runs). */
export function readImportNow(given: ImportRequest): ReadImport {
  const refusal = unreadable(asWorkbook(given))
  if (refusal) return refusal
  const request = asWorkbook(given)
  if (request.format === 'json') return { file: parsePlantJson(new TextDecoder().decode(request.bytes)) }
  if (request.format === 'xlsx') return runAtOnce(workbookSteps(request))
  const { text, extra } = runAtOnce(csvParts(request))
  let sheet: SheetRows
  try {
    sheet = csvSheet(text)
  } catch (error) {
    return { file: { rows: [], warnings: [], errors: [invalidCsv(error)] } }
  }
  return runAtOnce(mapTable(sheet, request, extra))
}

/** Reads the import in slices, with a turn of the event loop between them (the server). */
export async function readImport(given: ImportRequest): Promise<ReadImport> {
  const refusal = unreadable(asWorkbook(given))
  if (refusal) return refusal
  const request = asWorkbook(given)
  if (request.format === 'json') return { file: await readPlantJson(new TextDecoder().decode(request.bytes), request.signal) }
  if (request.format === 'xlsx') return runSliced(workbookSteps(request), request.signal)
  const { text, extra } = await runSliced(csvParts(request), request.signal)
  let sheet: SheetRows
  try {
    sheet = await csvSheetSliced(text, request.signal)
  } catch (error) {
    return { file: { rows: [], warnings: [], errors: [invalidCsv(error)] } }
  }
  return runSliced(mapTable(sheet, request, extra), request.signal)
}
