/** A file's table before its columns are mapped: the header and the rows of cells, from a CSV file or a workbook's sheet. */

/** One cell: text, or a number a workbook stored as a number (never a formula: the value saved with it). */
export type Cell = string | number

/** The most columns an import reads (more is refused, as a sheet of another kind). */
export const MAX_IMPORT_COLUMNS = 200

/** A table: the header's headings and each further row with its number as the spreadsheet shows it. */
export interface SheetRows {
  header: string[]
  /** The header's row number (1 in a CSV file; a workbook may start lower). */
  headerRow: number
  rows: { row: number; cells: Cell[] }[]
}

/** A cell as text: numbers as JavaScript writes them (`19.99`). */
export function cellText(cell: Cell | undefined): string {
  return cell === undefined ? '' : typeof cell === 'number' ? String(cell) : cell
}

/** The table of parsed CSV records (header first); an empty line keeps its row number. */
export function sheetOfRecords(records: string[][]): SheetRows {
  const [header = [], ...data] = records
  return { header, headerRow: 1, rows: data.map((cells, index) => ({ row: index + 2, cells })) }
}
