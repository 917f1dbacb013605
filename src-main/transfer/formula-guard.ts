/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell starting with
 * = + - @ tab or carriage return runs as a formula when a spreadsheet opens the
 * file. Export writes such a cell with a leading apostrophe; import removes
 * exactly that apostrophe, so the round trip stays exact.
 */

/** A cell a spreadsheet would evaluate, possibly behind apostrophes that are part of the value itself. */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/
const GUARDED = /^'+[=+\-@\t\r]/

/** The cell as exported: `=SUM(A1)` → `'=SUM(A1)`. */
export function guardFormula(cell: string): string {
  // A value that already starts with ' before such a character gets one more, so that import gives it back as it was.
  return NEEDS_GUARD.test(cell) ? `'${cell}` : cell
}

/** The cell as imported: `'=SUM(A1)` → `=SUM(A1)`; any other cell is left as it is. */
export function unguardFormula(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell
}
