/**
 * The column mapping of an import (extension): what each column of a file
 * becomes, which system wrote the file (a preset), how its prices and status
 * words read, and which rows stay out. The server proposes a mapping in every
 * import's answer (`mapping`); the UI, the CLI and scripts send back their
 * choices (`POST /v3/import?mapping=<JSON>`), and an applied import remembers
 * them for files of the same header shape. docs/import-export.md describes it.
 */
import { DECIMAL_MARKS, type DecimalMark } from './money'
import { PLANT_STATUSES, type PlantStatus } from './plant'
import { dictionary } from './dictionary'

/** The plant fields a column can fill. */
export const IMPORT_FIELDS = ['id', 'name', 'category', 'tags', 'status', 'price', 'quantity', 'reorderAt'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** What a column becomes: a field, or `skip` ("not imported"). */
export type ColumnTarget = ImportField | 'skip'
export const COLUMN_TARGETS: readonly ColumnTarget[] = [...IMPORT_FIELDS, 'skip']

/** What a status word means: a status, or `skip` (the row is not imported, e.g. Shopify's draft products). */
export type StatusWordTarget = PlantStatus | 'skip'
export const STATUS_WORD_TARGETS: readonly StatusWordTarget[] = [...PLANT_STATUSES, 'skip']

/** The systems whose exports are recognised from their header alone. */
export const IMPORT_PRESETS = {
  'plant-store': 'Plant Store export',
  shopify: 'Shopify product export',
  square: 'Square item library',
  loyverse: 'Loyverse items export',
  woocommerce: 'WooCommerce products export'
} as const
export type PresetId = keyof typeof IMPORT_PRESETS

/** The text encodings an import reads (detected, or chosen). */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const
export type TextEncoding = (typeof TEXT_ENCODINGS)[number]

/** What a person or script chooses for an import; anything left out is proposed by the server. */
export interface ImportChoices {
  /** Read the file as this system's export (`none`: by its headings only). */
  preset?: PresetId | 'none'
  /** Heading (as in the file) → what the column becomes. */
  columns?: Record<string, ColumnTarget>
  /** The prices' decimal mark, when the file does not make it clear (`1,250`). */
  decimalMark?: DecimalMark
  /** Status word (as in the file, any case) → what it means. */
  statusWords?: Record<string, StatusWordTarget>
  /** Names (as the preview shows them) of rows not to import, e.g. a gift card. */
  leaveOut?: string[]
  /** The text encoding of a CSV file (detected when absent). */
  encoding?: TextEncoding
  /** The sheet of a workbook (the first when absent). */
  sheet?: string
}

/** One column of the file as the mapping step shows it. */
export interface ColumnMapping {
  heading: string
  /** The first few values of the column, as written. */
  samples: string[]
  target: ColumnTarget
  /** Why: the preset's table, a known heading, the import's choice or a remembered one; `none` when not recognised. */
  by: 'preset' | 'heading' | 'choice' | 'remembered' | 'none'
}

/** A row that looks like no plant (a gift card, a service), listed so it can be left out. */
export interface NonPlantItem {
  name: string
  /** Its rows, the first {@link MAX_NON_PLANT_ROWS} of them. */
  rows: number[]
  reason: string
  leftOut: boolean
}

/** The mapping an import used (or proposes), in every import answer of a CSV file or workbook. */
export interface ImportMappingReport {
  /** The header shape the mapping is remembered by. */
  shape: string
  preset: { id: PresetId; name: string } | null
  /** True when the choices came from the last applied import of a file of this shape. */
  remembered: boolean
  encoding?: TextEncoding
  delimiter?: string
  /** A workbook's sheets, and the one read. */
  sheets?: string[]
  sheet?: string
  columns: ColumnMapping[]
  /** How prices read: the mark detected over the whole column (null: none needed or unclear), the mark used, whether it must be chosen. */
  prices: { detected: DecimalMark | null; used: DecimalMark | null; mustChoose: boolean; examples: string[] } | null
  /** Each status word of the status column, with what it means (null: unknown, to be chosen). */
  statusWords: { word: string; rows: number; target: StatusWordTarget | null }[]
  /** Status words found beyond the {@link MAX_MAPPING_ITEMS} listed (absent when none). */
  moreStatusWords?: number
  nonPlants: NonPlantItem[]
  /** Names that look like no plant beyond the {@link MAX_MAPPING_ITEMS} listed (absent when none). */
  moreNonPlants?: number
  /** Rows left out by choice (status words mapped to skip, non-plants left out). */
  leftOut: number
  /** The choices in effect: send them back to import the same way. */
  choices: ImportChoices
}

/** Status words and names of non-plants a mapping lists, in file order; a file of a million different ones says how many more. */
export const MAX_MAPPING_ITEMS = 100

/** Rows listed for each name that looks like no plant. */
export const MAX_NON_PLANT_ROWS = 10

/** The largest `mapping` parameter (characters of JSON). */
export const MAX_MAPPING_CHARS = 16 * 1024

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function checkRecord<T>(value: unknown, field: string, allowed: readonly T[], errors: string[]): Record<string, T> | undefined {
  if (value === undefined) return undefined
  if (!isRecord(value)) {
    errors.push(`${field} must be an object of heading → target`)
    return undefined
  }
  for (const [key, target] of Object.entries(value)) {
    if (!allowed.includes(target as T)) errors.push(`${field}["${key}"] must be one of ${allowed.join(', ')}; got ${JSON.stringify(target)}`)
  }
  return value as Record<string, T>
}

function checkOneOf<T>(value: unknown, field: string, allowed: readonly T[], errors: string[]): void {
  if (value !== undefined && !allowed.includes(value as T)) errors.push(`${field} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`)
}

/** The JSON Schema of {@link ImportChoices} (the OpenAPI document's), beside its check {@link checkImportChoices}. */
export const IMPORT_CHOICES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    preset: { enum: [...Object.keys(IMPORT_PRESETS), 'none'] },
    columns: { type: 'object', additionalProperties: { enum: [...COLUMN_TARGETS] } },
    decimalMark: { enum: [...DECIMAL_MARKS] },
    statusWords: { type: 'object', additionalProperties: { enum: [...STATUS_WORD_TARGETS] } },
    leaveOut: { type: 'array', items: { type: 'string' } },
    encoding: { enum: [...TEXT_ENCODINGS] },
    sheet: { type: 'string' }
  }
} as const

/** Checks choices sent by a client: the choices, or every fault in words. */
export function checkImportChoices(value: unknown): { ok: true; value: ImportChoices } | { ok: false; errors: string[] } {
  if (!isRecord(value)) return { ok: false, errors: ['mapping must be a JSON object such as {"columns": {"Preis": "price"}}'] }
  const errors: string[] = []
  const known = Object.keys(IMPORT_CHOICES_SCHEMA.properties)
  for (const key of Object.keys(value)) if (!known.includes(key)) errors.push(`unknown field "${key}"; the fields are ${known.join(', ')}`)
  checkOneOf(value.preset, 'preset', [...Object.keys(IMPORT_PRESETS), 'none'], errors)
  checkRecord(value.columns, 'columns', COLUMN_TARGETS, errors)
  checkOneOf(value.decimalMark, 'decimalMark', DECIMAL_MARKS, errors)
  checkRecord(value.statusWords, 'statusWords', STATUS_WORD_TARGETS, errors)
  if (value.leaveOut !== undefined && !(Array.isArray(value.leaveOut) && value.leaveOut.every((name) => typeof name === 'string'))) {
    errors.push('leaveOut must be a list of names')
  }
  checkOneOf(value.encoding, 'encoding', TEXT_ENCODINGS, errors)
  if (value.sheet !== undefined && typeof value.sheet !== 'string') errors.push('sheet must be the name of a sheet')
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value as ImportChoices }
}

/**
 * Reads `--map "Bezeichnung=name,Preis=price"`: heading=target pairs separated by commas (a heading holding a
 * comma or `=` goes in a mapping file instead).
 */
export function parseColumnMap(text: string): { ok: true; columns: Record<string, ColumnTarget> } | { ok: false; error: string } {
  const columns = dictionary<ColumnTarget>() // a heading may be any text, `__proto__` too
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue
    const at = pair.lastIndexOf('=')
    const heading = pair.slice(0, at).trim()
    const typed = pair.slice(at + 1).trim()
    // Any case names the field: reorderAt, reorderat and REORDERAT are one field.
    const target = COLUMN_TARGETS.find((field) => field.toLowerCase() === typed.toLowerCase())
    if (at === -1 || heading === '') return { ok: false, error: `"${pair.trim()}" is not HEADING=FIELD, e.g. Preis=price` }
    if (target === undefined) {
      return { ok: false, error: `"${typed}" in "${pair.trim()}" is not a field; the fields are ${COLUMN_TARGETS.join(', ')}` }
    }
    columns[heading] = target
  }
  return { ok: true, columns }
}

/** What each target is called in the mapping step. */
export const COLUMN_TARGET_LABELS: Record<ColumnTarget, string> = {
  id: 'Plant Store id',
  name: 'Name',
  category: 'Category',
  tags: 'Tags',
  status: 'Status',
  price: 'Price',
  quantity: 'Quantity in stock',
  reorderAt: 'Reorder at (low stock)',
  skip: 'Not imported'
}
