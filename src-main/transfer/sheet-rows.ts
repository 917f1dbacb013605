/** A file's table before its columns are mapped: the header and the rows of cells, from a CSV file or a workbook's sheet. */

/** One cell: text, or a number a workbook stored as a number (never a formula: the value saved with it). */
export type Cell = string | number

/** A table: the header's headings and each further row with its number as the spreadsheet shows it. */
export interface SheetRows {
  header: string[]
  /** The header's row number (1 in a CSV file; a workbook may start lower). */
  headerRow: number
  rows: SheetRow[]
  /** Columns the header row spans, empty headings at its end included (absent: the header's length). */
  width?: number
}

/** One row of a table: its number as the spreadsheet shows it, and its cells. */
export interface SheetRow {
  row: number
  cells: Cell[]
}

/** A cell as text: numbers as JavaScript writes them (`19.99`). */
export function cellText(cell: Cell | undefined): string {
  return cell === undefined ? '' : typeof cell === 'number' ? String(cell) : cell
}
