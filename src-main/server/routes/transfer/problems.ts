/** Rows of the problem table for import and export. */
import { MAX_IMPORT_COLUMNS, formatRowError, tooManyColumnsText, type ImportRowError } from '#shared/import-export'
import { PROBLEM_TYPES } from '#shared/problem'
import { countOf } from '#shared/words'
import { row } from '#server/problems/problem-row'

export const TRANSFER_PROBLEMS = {
  importRejected: row<[errors: ImportRowError[], more?: number]>({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Import not applied',
    status: 422,
    detail: (errors, more) =>
      `Nothing was imported: the file has ${countOf(errors.length + (more ?? 0), 'error')}, the first being ${formatRowError(errors[0]!)}. Fix the rows and import again.`,
    errors: (errors) => errors,
    // errors[] lists the first errors by row; moreErrors counts those left out.
    members: (_errors, more) => (more ? { moreErrors: more } : {})
  }),
  importTooManyColumns: row({
    type: PROBLEM_TYPES.payloadTooLarge,
    title: 'Too many columns',
    status: 413,
    detail: (columns: number) => tooManyColumnsText(columns),
    errors: (columns) => [{ field: '', message: `the header has ${columns.toLocaleString('en')} columns; at most ${MAX_IMPORT_COLUMNS} are read` }]
  }),
  importAborted: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Import stopped',
    status: 400,
    // Nobody reads this answer (the client went away); it says what happened should a proxy log it.
    detail: () =>
      'The import was stopped because its request was cancelled (the connection closed) while the file was being checked; nothing was imported.'
  }),
  importCatalogueChanged: row({
    type: PROBLEM_TYPES.versionConflict,
    title: 'Import not applied',
    status: 409,
    detail: (attempts: number) =>
      `Nothing was imported: the catalogue kept changing while the file was being checked (${countOf(attempts, 'try', 'tries')}); import it again when fewer changes are being made.`
  }),
  unsupportedImportType: row({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported media type',
    status: 415,
    detail: (header: string) => `Content-Type "${header}" is not accepted for an import; send the file as "text/csv" or "application/json" (UTF-8).`
  })
}
