/**
 * An import's errors and warnings, kept to a bounded list: a file of five
 * million bad rows must not answer with five million errors (nor hold them
 * all in memory). The first {@link MAX_IMPORT_ERRORS} errors by row and the
 * first {@link MAX_IMPORT_WARNINGS} warnings are kept; the rest are counted.
 */
import { pushAll } from '#shared/arrays'
import { MAX_IMPORT_ERRORS, MAX_IMPORT_WARNINGS, type ImportRowError } from '#shared/import-export'

/** What a file or a plan reports: the kept errors and warnings, and how many more there were. */
export interface FindingsList {
  errors: ImportRowError[]
  warnings: string[]
  moreErrors?: number
  moreWarnings?: number
}

const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row

/** Collects errors and warnings; memory stays under twice the kept errors whatever the file holds. */
export class ImportFindings {
  #errors: ImportRowError[] = []
  readonly #warnings: string[] = []
  #errorCount = 0
  #warningCount = 0

  /** Starts from findings already made (a file's, which a plan goes on from). */
  constructor(from?: FindingsList) {
    if (!from) return
    this.#errors = [...from.errors]
    this.#errorCount = from.errors.length + (from.moreErrors ?? 0)
    pushAll(this.#warnings, from.warnings)
    this.#warningCount = from.warnings.length + (from.moreWarnings ?? 0)
  }

  error(error: ImportRowError): void {
    this.#errorCount++
    this.#errors.push(error)
    // Sorting a full buffer and keeping its first half keeps exactly the first errors by row (the sort is stable, so
    // errors of one row stay in the order they were found), at a cost of about one sort per thousand errors.
    if (this.#errors.length >= 2 * MAX_IMPORT_ERRORS) this.#errors = this.#errors.sort(byRow).slice(0, MAX_IMPORT_ERRORS)
  }

  warning(warning: string): void {
    this.#warningCount++
    if (this.#warnings.length < MAX_IMPORT_WARNINGS) this.#warnings.push(warning)
  }

  /** Every error found, listed or not. */
  get errorCount(): number {
    return this.#errorCount
  }

  /** The kept errors (sorted by row) and warnings, with the counts of the rest when any were left out. */
  list(): FindingsList {
    const errors = this.#errors.sort(byRow).slice(0, MAX_IMPORT_ERRORS)
    const moreErrors = this.#errorCount - errors.length
    const moreWarnings = this.#warningCount - this.#warnings.length
    return {
      errors,
      warnings: [...this.#warnings],
      ...(moreErrors > 0 ? { moreErrors } : {}),
      ...(moreWarnings > 0 ? { moreWarnings } : {})
    }
  }
}
