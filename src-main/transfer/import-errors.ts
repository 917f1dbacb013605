/** Why an import stops before its plan is made; the server's error table turns each into a problem. */
import { tooManyColumnsText } from '#shared/import-export'
import { AppError } from '#shared/app-error'

/** A header wider than any real sheet: refused before its rows are read. */
export class TooManyColumnsError extends AppError {
  constructor(readonly columns: number) {
    super(tooManyColumnsText(columns), { problemName: 'importTooManyColumns' })
    this.name = 'TooManyColumnsError'
  }
}

/** The request was cancelled (its client closed the connection): the import stops between two slices of work, changing nothing. */
export class ImportAbortedError extends AppError {
  constructor() {
    super('the import was stopped: its request was cancelled before the file was checked; nothing was imported', { problemName: 'importAborted' })
    this.name = 'ImportAbortedError'
  }
}
