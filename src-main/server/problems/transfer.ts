/** Rows of the problem table for import and export. */
import { formatRowError, type ImportRowError } from '#shared/import-export'
import { PROBLEM_TYPES } from '#shared/problem'
import { countOf } from '#shared/words'
import { row } from './problem-row'

export const TRANSFER_PROBLEMS = {
  importRejected: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Import not applied',
    status: 422,
    detail: (errors: ImportRowError[]) =>
      `Nothing was imported: the file has ${countOf(errors.length, 'error')}, the first being ${formatRowError(errors[0]!)}. Fix the rows and import again.`,
    errors: (errors) => errors
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
