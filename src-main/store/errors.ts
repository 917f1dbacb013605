/**
 * The store's public errors, from one module: the server, the CLI and the
 * desktop app import them from here, never from a store file's internals.
 */
export { DataFileError } from './data-file'
export { describeWriteFailure, fileSystemProblem, type FileSystemProblem } from './file-system-errors'
export { StoreClosedError, WriteFailedError } from './group-commit'
export { DataDirLockedError } from './lock'
export { UnknownPlantError } from './unknown-plant-error'
