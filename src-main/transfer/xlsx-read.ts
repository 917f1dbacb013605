/**
 * Reads one sheet of an Excel workbook (.xlsx) into rows of cells, treating the
 * file as untrusted: the zip's parts are refused when they declare more than
 * {@link XLSX_LIMITS} (fflate never inflates past a declared size, so a part
 * that lies is cut short and fails to parse), any DOCTYPE is refused (no
 * entity expansion, no external entities), formulas are never evaluated (the
 * value the spreadsheet saved is read), and rows and columns are bounded.
 * XML is read by saxes, a streaming parser, in slices with the event loop free
 * in between. Why fflate + saxes and not a workbook library: docs/import-export.md.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { MAX_IMPORT_COLUMNS } from '#shared/import-export'
import type { Cell, SheetRows } from './sheet-rows'
import type { Steps } from './slices'
import { AppError } from '#shared/app-error'

/** What a workbook may hold before it is refused. */
export const XLSX_LIMITS = {
  /** Uncompressed bytes of the sheet read. */
  sheetBytes: 160 * 1024 * 1024,
  /** Uncompressed bytes of the shared strings. */
  sharedStringBytes: 64 * 1024 * 1024,
  /** Uncompressed bytes of the workbook's list of sheets and its relationships. */
  workbookBytes: 1024 * 1024,
  /** Rows with any value. */
  rows: 300_000
}

/** A workbook that cannot be read; the message says why in a person's words. */
export class WorkbookError extends AppError {
  constructor(message: string) {
    super(message)
    this.name = 'WorkbookError'
  }
}

/** One sheet of a workbook, and the names of all its sheets. */
export interface WorkbookSheet extends SheetRows {
  sheets: string[]
  sheet: string
}

const XML_CHARS_PER_SLICE = 64 * 1024

function unzipParts(bytes: Uint8Array, wanted: (name: string) => number | undefined): Record<string, Uint8Array> {
  const tooLarge: string[] = []
  let parts: Record<string, Uint8Array>
  try {
    parts = unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        const limit = wanted(file.name)
        if (limit === undefined) return false
        if (file.originalSize > limit) tooLarge.push(file.name)
        return file.originalSize <= limit
      }
    })
  } catch {
    throw new WorkbookError('the file is not an Excel workbook (.xlsx) or it is damaged; save it again from the spreadsheet, or as CSV')
  }
  if (tooLarge.length > 0) throw new WorkbookError(`the workbook's ${tooLarge.join(', ')} is too large to import; split the sheet into smaller files`)
  return parts
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** Parses `xml` with saxes, refusing a DOCTYPE; `onTag`/`onText`/`onClose` get local names. Yields between slices. */
function* parseXml(
  xml: string,
  part: string,
  handlers: { open?: (name: string, tag: SaxesTagPlain) => void; text?: (text: string) => void; close?: (name: string) => void }
): Steps<void> {
  const parser = new SaxesParser()
  let failure: Error | undefined
  parser.on('error', (error) => (failure ??= error))
  parser.on('doctype', () => (failure ??= new WorkbookError(`the workbook's ${part} declares a DOCTYPE, which a workbook never does; it is refused`)))
  if (handlers.open) parser.on('opentag', (tag) => handlers.open!(localName(tag.name), tag))
  if (handlers.text) parser.on('text', handlers.text)
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)))
  for (let start = 0; start < xml.length && !failure; start += XML_CHARS_PER_SLICE) {
    parser.write(xml.slice(start, start + XML_CHARS_PER_SLICE))
    if (start + XML_CHARS_PER_SLICE < xml.length) yield
  }
  if (!failure) parser.close()
  if (failure instanceof WorkbookError) throw failure
  if (failure) throw new WorkbookError(`the workbook's ${part} is damaged (${failure.message.split('\n')[0]}); save it again from the spreadsheet`)
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : '')
const attribute = (tag: SaxesTagPlain, name: string) => {
  const key = Object.keys(tag.attributes).find((candidate) => candidate === name || localName(candidate) === name)
  return key === undefined ? undefined : tag.attributes[key]
}

function* sheetList(parts: Record<string, Uint8Array>): Steps<{ name: string; path: string }[]> {
  const targets = new Map<string, string>()
  yield* parseXml(text(parts['xl/_rels/workbook.xml.rels']), 'relationships', {
    open: (name, tag) => {
      if (name === 'Relationship') targets.set(attribute(tag, 'Id') ?? '', attribute(tag, 'Target') ?? '')
    }
  })
  const sheets: { name: string; path: string }[] = []
  yield* parseXml(text(parts['xl/workbook.xml']), 'list of sheets', {
    open: (name, tag) => {
      if (name !== 'sheet') return
      const target = targets.get(Object.entries(tag.attributes).find(([key]) => key.includes(':') && localName(key) === 'id')?.[1] ?? '') ?? ''
      // A target is relative to xl/ ("worksheets/sheet1.xml") or absolute in the package ("/xl/worksheets/sheet1.xml").
      sheets.push({ name: attribute(tag, 'name') ?? '', path: target.startsWith('/') ? target.slice(1) : `xl/${target}` })
    }
  })
  if (sheets.length === 0) throw new WorkbookError('the workbook has no sheet')
  return sheets
}

function* sharedStrings(bytes: Uint8Array | undefined): Steps<string[]> {
  const strings: string[] = []
  if (!bytes) return strings // a workbook of numbers and inline strings has none
  let current = ''
  let depthInPhonetic = 0
  let inText = false
  yield* parseXml(text(bytes), 'shared strings', {
    open: (name) => {
      if (name === 'si') current = ''
      else if (name === 'rPh') depthInPhonetic++
      else if (name === 't') inText = depthInPhonetic === 0
    },
    text: (value) => {
      if (inText) current += value
    },
    close: (name) => {
      if (name === 'si') strings.push(current)
      else if (name === 'rPh') depthInPhonetic--
      else if (name === 't') inText = false
    }
  })
  return strings
}

/** Column index (0-based) of a cell reference: `B3` → 1, `AA1` → 26. */
function columnOf(reference: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference)?.[1]
  if (!letters) return undefined
  let index = 0
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64)
  return index - 1
}

class SheetReader {
  readonly rows: { row: number; cells: Cell[] }[] = []
  #row = 0
  #cells: Cell[] = []
  #column = -1
  #type = 'n'
  #value = ''
  #inValue = false
  #inInline = false

  constructor(private readonly strings: string[]) {}

  open(name: string, tag: SaxesTagPlain): void {
    if (name === 'row') {
      const at = Number(attribute(tag, 'r'))
      this.#row = Number.isInteger(at) && at > this.#row ? at : this.#row + 1
      this.#cells = []
      this.#column = -1
    } else if (name === 'c') {
      this.#column = columnOf(attribute(tag, 'r') ?? '') ?? this.#column + 1
      this.#type = attribute(tag, 't') ?? 'n'
      this.#value = ''
    } else if (name === 'v') this.#inValue = true
    else if (name === 'is') this.#inInline = true
  }

  text(value: string): void {
    if (this.#inValue || this.#inInline) this.#value += value
  }

  close(name: string): void {
    if (name === 'v') this.#inValue = false
    else if (name === 'is') this.#inInline = false
    else if (name === 'c') this.#endCell()
    else if (name === 'row') this.#endRow()
  }

  #endCell(): void {
    const cell = this.#cellValue()
    if (cell === '') return
    if (this.#column >= MAX_IMPORT_COLUMNS) {
      throw new WorkbookError(
        `the sheet has values beyond column ${MAX_IMPORT_COLUMNS} (row ${this.#row}); an import reads at most ${MAX_IMPORT_COLUMNS} columns`
      )
    }
    while (this.#cells.length < this.#column) this.#cells.push('')
    this.#cells[this.#column] = cell
  }

  #cellValue(): Cell {
    const value = this.#value
    switch (this.#type) {
      case 's':
        return this.strings[Number(value)] ?? ''
      case 'b':
        return value === '1' ? 'TRUE' : 'FALSE'
      case 'str':
      case 'inlineStr':
      case 'e':
      case 'd':
        return value
      default: {
        if (value.trim() === '') return ''
        const number = Number(value)
        return Number.isFinite(number) ? number : value
      }
    }
  }

  #endRow(): void {
    if (this.#cells.length === 0) return
    if (this.rows.length >= XLSX_LIMITS.rows) {
      throw new WorkbookError(`the sheet has more than ${XLSX_LIMITS.rows.toLocaleString('en')} rows; split it into smaller files`)
    }
    this.rows.push({ row: this.#row, cells: this.#cells })
  }
}

/** The rows of `sheet` (by name; the first when absent) of the workbook in `bytes`, in slices. */
export function* readWorkbook(bytes: Uint8Array, sheet?: string): Steps<WorkbookSheet> {
  const index = unzipParts(bytes, (name) =>
    name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' ? XLSX_LIMITS.workbookBytes : undefined
  )
  const sheets = yield* sheetList(index)
  const chosen = sheet === undefined ? sheets[0]! : sheets.find((candidate) => candidate.name === sheet)
  if (!chosen) throw new WorkbookError(`the workbook has no sheet named "${sheet}"; its sheets are ${sheets.map((item) => item.name).join(', ')}`)
  const parts = unzipParts(bytes, (name) =>
    name === chosen.path ? XLSX_LIMITS.sheetBytes : name === 'xl/sharedStrings.xml' ? XLSX_LIMITS.sharedStringBytes : undefined
  )
  if (!parts[chosen.path]) throw new WorkbookError(`the workbook's sheet "${chosen.name}" is missing; save the workbook again`)
  const strings = yield* sharedStrings(parts['xl/sharedStrings.xml'])
  const reader = new SheetReader(strings)
  yield* parseXml(text(parts[chosen.path]), `sheet "${chosen.name}"`, {
    open: (name, tag) => reader.open(name, tag),
    text: (value) => reader.text(value),
    close: (name) => reader.close(name)
  })
  const [first, ...rest] = reader.rows
  // The header is the first row with a value; rows keep their numbers as the spreadsheet shows them.
  const header = (first?.cells ?? []).map((cell) => String(cell))
  return { sheets: sheets.map((item) => item.name), sheet: chosen.name, header, headerRow: first?.row ?? 1, rows: rest }
}
