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

const stockFacts = (error: StockRefusedError): ProblemFacts<'notEnoughStock'> => [error.plant, error.reason, error.change, error.onHand]

const saleFacts = (error: SaleRefusedError): ProblemFacts<'saleInvalid'> => [error.what, error.errors]

export const DOMAIN_ERRORS = [
  // A write that did not reach the disk (WriteRefusedError, a full disk, a lost folder), or a store that is closing.
  errorRow(WriteFailedError, 'notSaved', (error) => [error]),
  errorRow(StoreClosedError, 'notSaved', (error) => [error]),
  // Broken preconditions of any write (update, delete, bulk changes), decided by the store.
  errorRow(VersionConflictError, 'versionConflict', (error) => [error.current]),
  errorRow(IdempotencyKeyReusedError, 'idempotencyKeyReused', (error) => [error.key, error.firstPlantId, error.firstUse]),
  // Each way a stock movement is refused.
  errorRow(StockRefusedError, 'notEnoughStock', stockFacts, (error) => error.kind === 'not-enough'),
  errorRow(StockRefusedError, 'tooMuchStock', stockFacts, (error) => error.kind === 'too-much'),
  errorRow(StockRefusedError, 'noStockKept', stockFacts, (error) => error.kind === 'not-kept'),
  // Each way a sale, a refund or a close is refused.
  errorRow(SaleRefusedError, 'saleInvalid', saleFacts, (error) => error.kind === 'invalid'),
  errorRow(SaleRefusedError, 'paymentShort', saleFacts, (error) => error.kind === 'short'),
  errorRow(SaleRefusedError, 'refundBeyondSale', saleFacts, (error) => error.kind === 'beyond'),
  errorRow(SaleRefusedError, 'dayClosedAlready', saleFacts, (error) => error.kind === 'day-closed'),
  errorRow(SaleRefusedError, 'dayNotStarted', saleFacts, (error) => error.kind === 'day-not-started'),
  errorRow(SaleRefusedError, 'saleKeyReused', saleFacts, (error) => error.kind === 'key-reused'),
  errorRow(UnknownReceiptError, 'receiptNotFound', (error) => [error.receipt, error.kind]),
  errorRow(
    PlantsNotEditableError,
    'plantNotDeleted',
    (error) => [error.ids],
    (error) => error.reason === 'notDeleted'
  ),
  errorRow(
    PlantsNotEditableError,
    'noTombstone',
    (error) => [error.ids],
    (error) => error.restoring
  ),
  errorRow(PlantsNotEditableError, 'plantsNotFound', (error) => [error.ids]),
  errorRow(HistoryGoneError, 'historyGone', (error) => [error.since, error.oldestSeq]),
  // Thrown by an import only, once every plan of the file was overtaken by other writes.
  errorRow(CatalogueChangedError, 'importCatalogueChanged', () => [IMPORT_PLAN_ATTEMPTS]),
  errorRow(TooManyColumnsError, 'importTooManyColumns', (error) => [error.columns]),
  errorRow(ImportAbortedError, 'importAborted', () => []),
  errorRow(BackupFolderError, 'backupFolderRefused', (error) => [error.message]),
  errorRow(OffsiteBackupError, 'backupNotMade', (error) => [error.message]),
  errorRow(DamagedFileError, 'fileDamaged', (error) => [error]),
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
