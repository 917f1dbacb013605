/**
 * The store's public errors, from one module: the server, the CLI and the
 * desktop app import them from here, never from a store file's internals.
 */
export { DataFileError } from './data-file'
export { UntrustedDataFolderError } from './data-folder-trust'
export { describeWriteFailure, fileSystemProblem, type FileSystemProblem } from './file-system-errors'
export { StoreClosedError, WriteFailedError } from './group-commit'
export { WriteRefusedError } from './folder-guard'
export { DataDirLockedError, LockLostError } from './lock'
export { IdempotencyKeyReusedError, VersionConflictError } from './preconditions'
export { CatalogueChangedError, UnknownPlantError } from './unknown-plant-error'
export { PlantsNotEditableError } from './plant-edits'
