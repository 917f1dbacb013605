/** Plain-text tables for commands that list things. */
import { maxOf } from '#shared/arrays'

/** Prints `rows` (the first is the header) with each column padded to its widest cell. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = (rows[0] ?? []).map((_, column) => maxOf(rows.map((row) => (row[column] ?? '').length)))
  for (const row of rows)
    process.stdout.write(
      `${row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()}\n`
    )
}
