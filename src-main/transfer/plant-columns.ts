/**
 * The columns of an exported or imported plant file, in one table: a later
 * field (price, …) is one row here, and both CSV and JSON pick it up.
 */
import type { Plant } from '#shared/plant'
import { joinTags, parseTags } from '#shared/tag-text'

/** One column: its header, how a plant's value becomes a cell, and how a cell becomes a request field. */
export interface PlantColumn {
  /** Header name, as exported; matched ignoring case on import. */
  name: string
  /** The cell text of `plant`'s value. */
  toCell(plant: Plant): string
  /**
   * The value the API's schema receives for a cell's text, or undefined when
   * the cell says nothing (empty). Absent for columns an import ignores.
   */
  fromCell?: (cell: string) => unknown
  /** A stock column: exported only when some plant exported keeps stock, so a stock-free catalogue exports as before. */
  stock?: true
}

/** A text cell: empty means "not given", so an export of a plant without a category imports unchanged. */
const textCell = (cell: string): string | undefined => (cell.trim() === '' ? undefined : cell)

/** The id: digits become a number; anything else goes to the schema as text, which names what is wrong with it. */
const idCell = (cell: string): number | string | undefined => {
  const text = cell.trim()
  if (text === '') return undefined
  return /^\d{1,16}$/.test(text) ? Number(text) : text
}

/** A price: a plain decimal number becomes a number; anything else goes to the schema as text, which says a price is a number. */
const priceCell = (cell: string): number | string | undefined => {
  const text = cell.trim()
  if (text === '') return undefined
  return /^\d{1,16}(\.\d{1,16})?$/.test(text) ? Number(text) : text
}

/** A number of pots: plain digits become a number; anything else goes to the schema as text, which says what a count is. */
const potsCell = (cell: string): number | string | undefined => {
  const text = cell.trim()
  if (text === '') return undefined
  return /^\d{1,9}$/.test(text) ? Number(text) : text
}

const potsText = (value: number | undefined) => (value === undefined ? '' : String(value))

/** Every column, in export order. */
export const PLANT_COLUMNS: readonly PlantColumn[] = [
  { name: 'id', toCell: (plant) => String(plant.id), fromCell: idCell },
  { name: 'name', toCell: (plant) => plant.name ?? '', fromCell: textCell },
  { name: 'category', toCell: (plant) => plant.category ?? '', fromCell: textCell },
  // An empty tags cell is a plant without tags (tags: []), not "tags not given".
  { name: 'tags', toCell: (plant) => joinTags(plant.tags), fromCell: parseTags },
  { name: 'status', toCell: (plant) => plant.status, fromCell: textCell },
  { name: 'price', toCell: (plant) => (plant.price === undefined ? '' : plant.price.toFixed(2)), fromCell: priceCell },
  // An import of a stock count (a column of pots found) moves each line's stock as `imported`.
  { name: 'quantity', toCell: (plant) => potsText(plant.quantity), fromCell: potsCell, stock: true },
  { name: 'reorderAt', toCell: (plant) => potsText(plant.reorderAt), fromCell: potsCell, stock: true },
  { name: 'createdAt', toCell: (plant) => plant.createdAt },
  { name: 'updatedAt', toCell: (plant) => plant.updatedAt }
]

/** Fields of a full plant (a JSON export) that no column carries and an import ignores: the server keeps the version. */
export const IGNORED_ON_IMPORT: readonly string[] = ['version']

/** Names of the columns, as exported. */
export const COLUMN_NAMES = PLANT_COLUMNS.map((column) => column.name)

/** The columns an export of `plants` writes: the stock columns only when one of them keeps stock. */
export function exportedColumns(plants: readonly Plant[]): readonly PlantColumn[] {
  const stock = plants.some((plant) => plant.quantity !== undefined || plant.reorderAt !== undefined)
  return stock ? PLANT_COLUMNS : PLANT_COLUMNS.filter((column) => !column.stock)
}

/** Names of the columns an import reads: a file or item that gives none of them holds no plant. */
export const IMPORTED_COLUMN_NAMES = PLANT_COLUMNS.filter((column) => column.fromCell).map((column) => column.name)

/** The column named `header` (ignoring case and surrounding spaces), if any. */
export function columnNamed(header: string): PlantColumn | undefined {
  const key = header.trim().toLowerCase()
  return PLANT_COLUMNS.find((column) => column.name.toLowerCase() === key)
}
