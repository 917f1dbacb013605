/**
 * The errors that layers below the routes throw (the store, the backup
 * folder), and the problem row each becomes, with how the row's facts are
 * read from the error: one table, one row per error (a `when` picks among
 * rows of the same class). A route lets these errors through; the one error
 * handler (problem-response.ts) looks them up here. A new error is one row.
 */
import { BackupFolderError } from '#backup-folder/check-folder'
import { OffsiteBackupError } from '#backup-folder/offsite-backup'
import {
  CatalogueChangedError,
  HistoryGoneError,
  IdempotencyKeyReusedError,
  PlantsNotEditableError,
  SaleRefusedError,
  StockRefusedError,
  UnknownReceiptError,
  StoreClosedError,
  VersionConflictError,
  WriteFailedError
} from '#store/errors'
import { isWriteRefusal } from '#lib/fs-errors'
import { AppError } from '#shared/app-error'
import { DamagedFileError } from '#lib/damaged-file-error'
import { IMPORT_PLAN_ATTEMPTS } from '#shared/import-export'
import { ImportAbortedError, TooManyColumnsError } from '#transfer/import-errors'
import type { HttpProblem } from './http-problem'
import { problem, type ProblemFacts, type ProblemName } from './problems'

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E

/** One row: errors of class `error` (for which `when` holds) answer with problem row `name`, worded from `facts`. */
function errorRow<E extends Error, N extends ProblemName>(
  error: ErrorClass<E>,
  name: N,
  facts: (error: E) => ProblemFacts<N>,
  when: (error: E) => boolean = () => true
) {
  return { error, name, toProblem: (thrown: unknown) => (thrown instanceof error && when(thrown) ? problem(name, ...facts(thrown)) : undefined) }
}

const stockFacts = (error: StockRefusedError) => [error.plant, error.reason, error.change, error.onHand]

const saleFacts = (error: SaleRefusedError) => [error.what, error.errors]

/**
 * One row per error class that names its own problem row (AppError.problemName, which may depend on the error's
 * kind): how that row's facts are read from the error.
 */
function factsRow<E extends AppError>(error: ErrorClass<E>, facts: (error: E) => unknown[]) {
  return {
    toProblem: (thrown: unknown) =>
      thrown instanceof error && thrown.problemName !== undefined
        ? problem(thrown.problemName as ProblemName, ...(facts(thrown) as ProblemFacts<ProblemName>))
        : undefined
  }
}

export const DOMAIN_ERRORS = [
  // A write that did not reach the disk (WriteRefusedError, a full disk, a lost folder), or a store that is closing.
  factsRow(WriteFailedError, (error) => [error]),
  factsRow(StoreClosedError, (error) => [error]),
  factsRow(VersionConflictError, (error) => [error.current]),
  factsRow(IdempotencyKeyReusedError, (error) => [error.key, error.firstPlantId, error.firstUse]),
  factsRow(StockRefusedError, stockFacts),
  factsRow(SaleRefusedError, saleFacts),
  factsRow(UnknownReceiptError, (error) => [error.receipt, error.kind]),
  factsRow(PlantsNotEditableError, (error) => [error.ids]),
  factsRow(HistoryGoneError, (error) => [error.since, error.oldestSeq]),
  // Thrown by an import only, once every plan of the file was overtaken by other writes.
  factsRow(CatalogueChangedError, () => [IMPORT_PLAN_ATTEMPTS]),
  factsRow(TooManyColumnsError, (error) => [error.columns]),
  factsRow(ImportAbortedError, () => []),
  factsRow(BackupFolderError, (error) => [error.message]),
  factsRow(OffsiteBackupError, (error) => [error.message]),
  factsRow(DamagedFileError, (error) => [error]),
  // The disk refusing any other write (settings, tokens, the backup folder's setting): 503 with words, as a plant's.
  errorRow(Error, 'notSaved', (error) => [error], isWriteRefusal)
]

/** The problem `error` answers with, or undefined when it is not one of the table's errors. */
export function problemOfDomainError(error: unknown): HttpProblem | undefined {
  for (const row of DOMAIN_ERRORS) {
    const answer = row.toProblem(error)
    if (answer) return answer
  }
  return undefined
}
