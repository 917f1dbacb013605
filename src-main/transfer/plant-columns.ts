/**
 * The columns of an exported or imported plant file, in one table: a later
 * field (price, …) is one row here, and both CSV and JSON pick it up.
 */
import type { Plant } from '#shared/plant'
import { plainPriceText } from '#shared/money'
import { joinTags } from '#shared/tag-text'

/** One column: its header and how a plant's value becomes a cell. */
export interface PlantColumn {
  /** Header name, as exported; an import maps it to the field of the same name (mapping/). */
  name: string
  /** The cell text of `plant`'s value. */
  toCell(plant: Plant): string
  /** Whether an import reads it (createdAt and updatedAt are the server's own). */
  imported: boolean
  /** A stock column: exported only when some plant exported keeps stock, so a stock-free catalogue exports as before. */
  stock?: true
}

const potsText = (value: number | undefined) => (value === undefined ? '' : String(value))

/** Every column, in export order. */
export const PLANT_COLUMNS: readonly PlantColumn[] = [
  { name: 'id', toCell: (plant) => String(plant.id), imported: true },
  { name: 'name', toCell: (plant) => plant.name ?? '', imported: true },
  { name: 'category', toCell: (plant) => plant.category ?? '', imported: true },
  { name: 'tags', toCell: (plant) => joinTags(plant.tags), imported: true },
  { name: 'status', toCell: (plant) => plant.status, imported: true },
  { name: 'price', toCell: (plant) => (plant.price === undefined ? '' : plainPriceText(plant.price)), imported: true },
  // An import of a stock count (a column of pots found) moves each line's stock as `imported`.
  { name: 'quantity', toCell: (plant) => potsText(plant.quantity), imported: true, stock: true },
  { name: 'reorderAt', toCell: (plant) => potsText(plant.reorderAt), imported: true, stock: true },
  { name: 'createdAt', toCell: (plant) => plant.createdAt, imported: false },
  { name: 'updatedAt', toCell: (plant) => plant.updatedAt, imported: false }
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
export const IMPORTED_COLUMN_NAMES = PLANT_COLUMNS.filter((column) => column.imported).map((column) => column.name)
