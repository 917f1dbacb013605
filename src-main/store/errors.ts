/**
 * The store's public errors, from one module: the server, the CLI and the
 * desktop app import them from here, never from a store file's internals.
 */
export { DataFileError } from '#store/file/data-file'
export { UntrustedDataFolderError } from '#store/folder/data-folder-trust'
export { describeWriteFailure, fileSystemProblem, type FileSystemProblem } from '#lib/fs-errors'
export { StoreClosedError, WriteFailedError } from '#store/journal/group-commit'
export { WriteRefusedError } from '#store/folder/folder-guard'
export { DataDirLockedError, LockLostError, type LockOwner } from '#store/folder/lock'
export { IdempotencyKeyReusedError, VersionConflictError } from '#store/catalogue/preconditions'
export { CatalogueChangedError, UnknownPlantError } from '#store/catalogue/unknown-plant-error'
export { PlantsNotEditableError } from '#store/catalogue/plant-edits'
export { HistoryGoneError } from '#store/history/history-log'
export { StockRefusedError } from '#store/stock/stock-errors'
export { RefundOverLimitError, SaleRefusedError, UnknownReceiptError } from '#store/sales/sale-errors'
