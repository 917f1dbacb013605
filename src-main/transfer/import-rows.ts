/** What reading an import file yields, before any row is checked against the catalogue. */
import type { FindingsList } from './import-findings'

/** One row of the file as request fields (`id`, `name`, …), each still to be validated by the API's schema. */
export interface ImportRow {
  /** The row as a spreadsheet numbers it (header = row 1), or the position in a JSON array from 1. */
  row: number
  fields: Record<string, unknown>
  /** Faults found while reading the row's cells (a price that is no price), beside those the schema finds. */
  errors?: { field: string; message: string }[]
  /**
   * The plant's updatedAt as Plant Store's export wrote it: a row of a plant changed since (a sale after the morning's
   * export) is refused rather than putting the file's older values back.
   */
  exportedAt?: string
}

/**
 * A file read into rows; `errors` here are faults of the file itself (not of a row's values), the first of them by
 * row (`moreErrors` counts the rest), as `warnings` are the first warnings.
 */
export interface ImportFile extends FindingsList {
  rows: ImportRow[]
}
