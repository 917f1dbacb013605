/**
 * Turns a table (a CSV file's or a workbook sheet's) into the import's rows
 * through its column mapping: variant rows named after their product and
 * option ("Lavender — 2 L"), status words read (unknown ones asked once, not
 * refused row by row), prices read with the column's decimal mark, and rows
 * left out by choice (drafts, gift cards). Also reports the mapping for the
 * mapping step. Works in slices of rows.
 */
import type { ImportChoices, ImportMappingReport, NonPlantItem, StatusWordTarget } from '#shared/import-mapping'
import { IMPORT_PRESETS, MAX_MAPPING_ITEMS, MAX_NON_PLANT_ROWS } from '#shared/import-mapping'
import type { DecimalMark } from '#shared/money'
import { isPlantStatus } from '#shared/plant'
import { countOf } from '#shared/words'
import { ImportFindings } from '../import-findings'
import type { ImportFile, ImportRow } from '../import-rows'
import { cellText, type Cell, type SheetRow, type SheetRows } from '../sheet-rows'
import { eachInSlices, type Steps } from '../slices'
import { normalizeHeading } from './known-headings'
import { columnsByField, headerShape, planColumns, type PlannedColumn } from './map-columns'
import { presetNamed, recognisePreset, type Preset } from './presets'
import { PriceColumn } from './price-column'
import { rowFields, textOf, type RowCells } from './row-fields'
import { normalizeWord, statusOfWord } from './status-words'

/** What mapping a table yields: the rows to plan, and the mapping as the mapping step shows it. */
export interface MappedSheet {
  file: ImportFile
  report: ImportMappingReport
}

/** How to map: the import's choices, those remembered for this header shape, and the fields this catalogue keeps. */
export interface MapOptions {
  choices: ImportChoices
  recalled?: ImportChoices
  importable: readonly string[]
  /** The shop's currency (ISO 4217): prices written in another are named in a warning. */
  shopCurrency?: string
}

const GIFT_CARD =
  /gift ?card|gift voucher|gutschein|geschenkkarte|carte[- ]cadeau|bon d'achat|cheque cadeau|cadeaubon|cadeaukaart|tarjeta regalo|vale regalo|buono regalo/i

function choosePreset(header: readonly string[], options: MapOptions): Preset | undefined {
  const recognised = recognisePreset(header)
  // A remembered choice never reads Plant Store's own export as something else; this import's own choice may.
  const forced = options.choices.preset ?? (recognised?.id === 'plant-store' ? undefined : options.recalled?.preset)
  if (forced === 'none') return undefined
  return forced ? presetNamed(forced) : recognised
}

/** A text shown as an example or in a sentence, cut to 40 characters (a heading or cell may be a megabyte long). */
const shortened = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text)

/**
 * The first three different values of each column, for the mapping step, gathered in the one pass over the rows:
 * each row costs its own cells, never the header's width (a column that is empty all the way down would otherwise
 * read every row once per column).
 */
class ColumnSamples {
  readonly #samples: string[][]
  #open: number

  constructor(width: number) {
    this.#samples = Array.from({ length: width }, () => [])
    this.#open = width
  }

  note(cells: readonly Cell[]): void {
    if (this.#open === 0) return
    const end = Math.min(cells.length, this.#samples.length)
    for (let index = 0; index < end; index++) {
      const samples = this.#samples[index]!
      if (samples.length === 3) continue
      const text = textOf(cells[index]).trim()
      if (text === '' || samples.includes(text)) continue
      samples.push(shortened(text))
      if (samples.length === 3) this.#open--
    }
  }

  of(index: number): string[] {
    return this.#samples[index] ?? []
  }
}

/** A status word's rows: the first three and the count (a word may stand in every row of the file). */
interface WordRows {
  first: number[]
  count: number
}

const rowsText = ({ first, count }: WordRows) => (count <= 3 ? first.join(', ') : `${first.join(', ')} and ${count - 3} more`)

class SheetMapper {
  readonly rows: ImportRow[] = []
  readonly findings = new ImportFindings()
  readonly samples: ColumnSamples
  readonly #byField: Map<string, PlannedColumn[]>
  readonly #price = new PriceColumn()
  readonly #words = new Map<string, { word: string; rows: WordRows; target: StatusWordTarget | null }>()
  readonly #spellings = new Map<string, string>()
  readonly #nonPlants = new Map<string, NonPlantItem>()
  /** Names that look like no plant past the first {@link MAX_MAPPING_ITEMS}: counted, not listed. */
  readonly #moreNonPlants = new Set<string>()
  readonly #skipped = new Map<string, number>()
  readonly #parents = new Map<string, string>()
  readonly #leaveOut: Set<string>
  /** Column of each normalised heading (the first of equal ones), and the columns naming a variant: found once, used per row. */
  readonly #indexOf = new Map<string, number>()
  readonly #optionColumns: number[]
  #leftOut = 0
  /** The prices' decimal mark, known once every row was surveyed. */
  #mark: DecimalMark | null | undefined
  #product: { key: string; cells: RowCells } | undefined

  constructor(
    readonly sheet: SheetRows,
    readonly preset: Preset | undefined,
    readonly columns: PlannedColumn[],
    readonly options: MapOptions
  ) {
    this.#byField = columnsByField(columns)
    this.samples = new ColumnSamples(sheet.header.length)
    this.#leaveOut = new Set(options.choices.leaveOut ?? options.recalled?.leaveOut ?? [])
    for (const column of columns) {
      const key = normalizeHeading(column.heading)
      if (!this.#indexOf.has(key)) this.#indexOf.set(key, column.index)
    }
    const optionPattern = preset?.options?.columns
    this.#optionColumns = optionPattern
      ? columns.filter((column) => optionPattern.test(normalizeHeading(column.heading))).map((column) => column.index)
      : []
  }

  /** The first non-empty cell among the columns of `field` (a preset may fill one field from two columns). */
  cell(cells: Cell[], field: string): Cell | undefined {
    const candidates = this.#byField.get(field as never) ?? []
    for (const column of candidates) if (textOf(cells[column.index]).trim() !== '') return cells[column.index]
    return candidates.length > 0 ? '' : undefined
  }

  byHeading(cells: Cell[], heading: string): string {
    const index = this.#indexOf.get(heading)
    return index === undefined ? '' : textOf(cells[index]).trim()
  }

  /** First pass: prices' marks, and the names of products an unnamed variation can take (WooCommerce's `Parent`). */
  survey(cells: Cell[]): void {
    const prices = this.#byField.get('price') ?? []
    for (const column of prices) this.#price.note(cells[column.index])
    if (!this.preset?.parent) return
    const name = textOf(this.cell(cells, 'name')).trim()
    if (name === '') return
    const id = this.byHeading(cells, 'id')
    const sku = this.byHeading(cells, 'sku')
    if (id !== '') this.#parents.set(`id:${id}`, name)
    if (sku !== '') this.#parents.set(sku, name)
  }

  /** What a status word means; each distinct spelling is looked up once per file (a file has a handful of them). */
  #statusOf(raw: string, row: number): StatusWordTarget | undefined {
    let word = this.#spellings.get(raw)
    if (word === undefined) {
      word = normalizeWord(raw)
      this.#spellings.set(raw, word)
    }
    if (word === '') return undefined
    let seen = this.#words.get(word)
    if (!seen) {
      const chosen = this.options.choices.statusWords ?? {}
      const recalled = this.options.recalled?.statusWords ?? {}
      const pick = (words: Record<string, StatusWordTarget>) => Object.entries(words).find(([key]) => normalizeWord(key) === word)?.[1]
      const target =
        pick(chosen) ?? pick(recalled) ?? pick(this.preset?.statusWords ?? {}) ?? statusOfWord(word) ?? (isPlantStatus(word) ? word : undefined)
      seen = { word: raw.trim(), rows: { first: [], count: 0 }, target: target ?? null }
      this.#words.set(word, seen)
    }
    if (seen.rows.count++ < 3) seen.rows.first.push(row)
    return seen.target ?? undefined
  }

  /** The row's cells by field, with a variant row's product fields and name filled in. */
  #rowCells(cells: Cell[]): { own: RowCells; statusWord: string } {
    const own: RowCells = {
      id: this.cell(cells, 'id'),
      name: textOf(this.cell(cells, 'name')).trim(),
      category: this.cell(cells, 'category'),
      tags: this.cell(cells, 'tags'),
      price: this.cell(cells, 'price'),
      quantity: this.cell(cells, 'quantity'),
      reorderAt: this.cell(cells, 'reorderAt')
    }
    let statusWord = textOf(this.cell(cells, 'status'))
    const key = this.preset?.productKey ? this.byHeading(cells, this.preset.productKey) : ''
    let inherited = false
    if (key !== '' && this.#product?.key === key) {
      const product = this.#product.cells
      inherited = own.name === ''
      own.name ||= product.name
      if (textOf(own.category).trim() === '') own.category = product.category
      if (textOf(own.tags).trim() === '') own.tags = product.tags
      if (statusWord.trim() === '') statusWord = (product as RowCells & { statusWord?: string }).statusWord ?? ''
    } else if (key !== '') this.#product = { key, cells: { ...own, statusWord } as RowCells }
    const parent = this.preset?.parent ? this.byHeading(cells, this.preset.parent) : ''
    if (own.name === '' && parent !== '') {
      own.name = this.#parents.get(parent) ?? ''
      inherited = own.name !== ''
    }
    const options = this.preset?.options
    if (options && own.name !== '' && (!options.onlyForUnnamedRows || inherited)) {
      const values = this.#optionColumns
        .map((index) => textOf(cells[index]).trim())
        .filter((value) => value !== '' && !options.none.includes(value.toLowerCase()))
      if (values.length > 0) own.name = `${own.name} — ${values.join(' / ')}`
    }
    return { own, statusWord }
  }

  #notAPlant(cells: Cell[], name: string): string | undefined {
    const rule = this.preset?.notAPlant
    if (rule && rule.values.includes(this.byHeading(cells, rule.column).toLowerCase())) return rule.reason
    return GIFT_CARD.test(name) ? 'a gift card' : undefined
  }

  /**
   * Second pass: one row into the file's rows, or left out, or skipped. Its cells are read by position, those of the
   * mapped columns only; the cells after them are looked at from the row's end, up to its last value.
   */
  map({ row, cells }: SheetRow): void {
    let last = cells.length - 1
    while (last >= 0 && cellText(cells[last]).trim() === '') last--
    if (last < 0) return // an empty line in the sheet
    // A value under a heading left empty at the header's end is not read, as in any other unnamed column.
    const width = this.sheet.width ?? this.sheet.header.length
    if (last >= width) {
      // Counted as the check counts: the header's columns, the unnamed ones at its end too (a value may sit there).
      const named = width === this.sheet.header.length ? '' : ` (${this.sheet.header.length.toLocaleString('en')} named)`
      const message = `the row has ${cells.length} cells but the header has ${countOf(width, 'column')}${named}`
      this.findings.error({ row, field: '', message })
      return
    }
    const skip = this.preset?.skipRow?.((heading) => this.byHeading(cells, heading))
    if (skip) {
      this.#skipped.set(skip, (this.#skipped.get(skip) ?? 0) + 1)
      return
    }
    const { own: rowCells, statusWord } = this.#rowCells(cells)
    const status = this.#statusOf(statusWord, row)
    if (status === 'skip') {
      this.#leftOut++
      return
    }
    // A row whose word is unknown waits for the answer (one question per word, in finish()): it is neither counted nor refused.
    if (status === undefined && this.#spellings.get(statusWord) !== '') return
    if (status) rowCells.status = status
    const reason = this.#notAPlant(cells, rowCells.name)
    if (reason) {
      this.#noteNonPlant(rowCells.name, row, reason)
    }
    if (this.#leaveOut.has(rowCells.name)) {
      this.#leftOut++
      return
    }
    this.#mark ??= this.#priceReport().used
    const { fields, errors } = rowFields(rowCells, {
      mark: this.#mark,
      firstCategory: this.preset?.firstCategory === true,
      quantity: this.options.importable.includes('quantity')
    })
    // Plant Store's own export says when each plant was last changed: a plant changed since is not overwritten.
    const exportedAt = this.preset?.id === 'plant-store' ? this.byHeading(cells, 'updatedat') : ''
    this.rows.push({ row, fields, ...(errors.length > 0 ? { errors } : {}), ...(exportedAt !== '' ? { exportedAt } : {}) })
  }

  #noteNonPlant(name: string, row: number, reason: string): void {
    const item = this.#nonPlants.get(name)
    if (item) {
      if (item.rows.length < MAX_NON_PLANT_ROWS) item.rows.push(row)
    } else if (this.#nonPlants.size < MAX_MAPPING_ITEMS) {
      this.#nonPlants.set(name, { name, rows: [row], reason, leftOut: this.#leaveOut.has(name) })
    } else this.#moreNonPlants.add(name)
  }

  /** The status words found, each with its meaning (all of them: the choices in effect are made from them). */
  get statusWords(): { word: string; target: StatusWordTarget | null }[] {
    return [...this.#words.values()]
  }

  #priceReport() {
    return this.#price.report(this.options.choices.decimalMark ?? this.options.recalled?.decimalMark)
  }

  /** File-level findings once every row is mapped: the questions still open, and rows skipped. */
  finish(): ImportMappingReport['prices'] {
    const prices = this.#byField.has('price') ? this.#priceReport() : null
    const headerRow = this.sheet.headerRow
    if (prices?.mustChoose) {
      const message = `prices such as "${prices.examples.join('", "')}" could be read two ways (1,250 is one thousand two hundred and fifty in English, 1.25 in German): choose the decimal mark`
      this.findings.error({ row: headerRow, field: 'price', message })
    }
    for (const word of this.#words.values()) {
      if (word.target !== null) continue
      const message = `the status word "${word.word}" (rows ${rowsText(word.rows)}) is not known: choose what it means (available, pending, sold, or leave those rows out)`
      this.findings.error({ row: word.rows.first[0]!, field: 'status', message })
    }
    for (const [reason, count] of this.#skipped) this.findings.warning(`${count === 1 ? '1 row was' : `${count} rows were`} skipped: ${reason}`)
    const foreign = prices && this.options.shopCurrency ? this.#price.foreignWarning(this.options.shopCurrency) : undefined
    if (foreign) this.findings.warning(foreign)
    return prices
  }

  report(prices: ImportMappingReport['prices']): Omit<ImportMappingReport, 'shape' | 'remembered' | 'choices'> {
    return {
      preset: this.preset ? { id: this.preset.id, name: IMPORT_PRESETS[this.preset.id] } : null,
      columns: this.columns.map((column) => ({
        heading: column.heading,
        samples: this.samples.of(column.index),
        target: column.target,
        by: column.by
      })),
      prices,
      statusWords: [...this.#words.values()].slice(0, MAX_MAPPING_ITEMS).map(({ word, rows, target }) => ({ word, rows: rows.count, target })),
      ...(this.#words.size > MAX_MAPPING_ITEMS ? { moreStatusWords: this.#words.size - MAX_MAPPING_ITEMS } : {}),
      nonPlants: [...this.#nonPlants.values()],
      ...(this.#moreNonPlants.size > 0 ? { moreNonPlants: this.#moreNonPlants.size } : {}),
      leftOut: this.#leftOut
    }
  }

  get leftOut(): number {
    return this.#leftOut
  }
}

function headerErrors(mapper: SheetMapper, options: MapOptions): void {
  const { findings, columns, sheet } = mapper
  const mapped = columns.filter((column) => column.target !== 'skip')
  const row = sheet.headerRow
  for (const [index, column] of mapped.entries()) {
    const twin = mapped.slice(0, index).find((other) => other.target === column.target && (other.by !== 'preset' || column.by !== 'preset'))
    if (!twin) continue
    const same = normalizeHeading(twin.heading) === normalizeHeading(column.heading)
    const message = same
      ? `the column ${column.heading} appears more than once`
      : `the columns "${twin.heading}" and "${column.heading}" both give the ${column.target}: choose one of them`
    findings.error({ row, field: column.target, message })
  }
  if (!mapped.some((column) => column.target === 'id' || column.target === 'name')) {
    const message = `no column holds the plants' names (or Plant Store ids): choose which column is the name (the mapping step, or --map "Heading=name"); the headings are ${
      sheet.header
        .filter((heading) => heading.trim() !== '')
        .slice(0, 12)
        .map(shortened)
        .join(', ') || 'empty'
    }`
    findings.error({ row, field: '', message })
  }
  const stock = mapped.find((column) => column.target === 'quantity')
  if (stock && !options.importable.includes('quantity'))
    findings.warning(`the column "${shortened(stock.heading)}" holds quantities in stock, which this catalogue does not keep: it is not imported`)
  const unknown = columns.filter((column) => column.by === 'none' && column.heading.trim() !== '')
  if (!mapper.preset && unknown.length > 0) {
    findings.warning(
      `not imported: the column${unknown.length === 1 ? '' : 's'} ${unknown.map((column) => `"${shortened(column.heading)}"`).join(', ')}; choose what they hold in the mapping step (or --map "Heading=category")`
    )
  }
}

/** The choices in effect, to send back or remember: the preset, the columns chosen, the marks, words and rows left out. */
function effectiveChoices(
  mapper: SheetMapper,
  prices: ImportMappingReport['prices'],
  report: ReturnType<SheetMapper['report']>,
  options: MapOptions
): ImportChoices {
  // Only the columns that differ from what the header alone proposes: the proposal is the same next time, and a wide
  // sheet's choices stay short enough for a URL.
  const chosen = mapper.columns.filter((column) => column.by === 'choice' || column.by === 'remembered')
  const choices: ImportChoices = { preset: mapper.preset?.id ?? 'none' }
  if (chosen.length > 0) choices.columns = Object.fromEntries(chosen.map((column) => [column.heading, column.target]))
  if (prices?.used) choices.decimalMark = prices.used
  const words = mapper.statusWords.filter((word) => word.target !== null).map((word) => [word.word, word.target!] as const)
  if (words.length > 0) choices.statusWords = Object.fromEntries(words)
  const leaveOut = options.choices.leaveOut ?? options.recalled?.leaveOut
  if (leaveOut && leaveOut.length > 0) choices.leaveOut = leaveOut
  return choices
}

/** Maps `sheet` into the import's rows, in slices of rows. */
export function* mapSheet(sheet: SheetRows, options: MapOptions): Steps<MappedSheet> {
  const preset = choosePreset(sheet.header, options)
  const columns = planColumns(sheet.header, preset, options.choices, options.recalled)
  const mapper = new SheetMapper(sheet, preset, columns, options)
  headerErrors(mapper, options)
  // The samples are shown even when the header has faults: they help to choose the columns.
  const surveying = mapper.findings.errorCount === 0
  yield* eachInSlices(sheet.rows, (row) => {
    mapper.samples.note(row.cells)
    if (surveying) mapper.survey(row.cells)
  })
  if (surveying) yield* eachInSlices(sheet.rows, (row) => mapper.map(row))
  const prices = mapper.finish()
  const report = mapper.report(prices)
  const choices = effectiveChoices(mapper, prices, report, options)
  const file: ImportFile = { rows: mapper.rows, ...mapper.findings.list() }
  return { file, report: { shape: headerShape(sheet.header), remembered: options.recalled !== undefined, ...report, choices } }
}
