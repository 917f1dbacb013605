/**
 * Words for the ways a start can be refused, shared by the CLI and the
 * desktop app's error dialog so both say the same thing: one table of the
 * errors a start expects, each with its words, then the file-system errors
 * by errno.
 */
import { ConfigError } from '#settings/errors'
import { DamagedFileError } from '#lib/damaged-file-error'
import { PortInUseError } from '#server'
import { DataDirLockedError, DataFileError, UntrustedDataFolderError, fileSystemProblem } from '#store/errors'
import { FileLockTimeoutError } from '#lib/file-lock'
import { TokenError, TokenRotationBusyError } from '#auth/token'
import { StaffFileError } from '#auth/staff/staff-file'

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E

/** One row: an expected start failure of class `error`, and its words. */
function startFailure<E extends Error>(error: ErrorClass<E>, words: (error: E) => string = (error) => error.message) {
  return (thrown: unknown) => (thrown instanceof error ? words(thrown) : undefined)
}

function dataFileWords(error: DataFileError): string {
  const restore = error.latestBackup
    ? `The latest backup is ${error.latestBackup}; put it back with: plant-store restore --from "${error.latestBackup}" (the damaged file is kept aside).`
    : 'There is no backup in this data folder yet.'
  return `Refusing to start: the data file ${error.file} cannot be used: ${error.problem}. The file was left untouched. ${restore}`
}

const START_FAILURES = [
  startFailure(PortInUseError),
  startFailure(DataDirLockedError, (error) => `Refusing to ${error.refused}: ${error.message}`),
  startFailure(UntrustedDataFolderError),
  startFailure(TokenError),
  startFailure(TokenRotationBusyError),
  startFailure(ConfigError),
  startFailure(DamagedFileError),
  // Refused rather than started without the staff's roles: a damaged staff.json must not make everyone the owner.
  startFailure(StaffFileError, (error) => `Refusing to start: ${error.message}.`),
  startFailure(FileLockTimeoutError),
  startFailure(DataFileError, dataFileWords)
]

/** Words for a file-system error (a missing file, a folder this user cannot write to, a full disk), or undefined. */
function fileSystemWords(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') return `File not found: ${(error as NodeJS.ErrnoException).path ?? (error as Error).message}.`
  const known = fileSystemProblem(error)
  if (!known) return undefined
  const where = (error as NodeJS.ErrnoException).path ?? 'the data folder'
  return (
    `Cannot use the data folder: ${known.problem} (${known.code}) at ${where}. ` +
    'Choose a folder this user can write to with --data, or fix its permissions or free some space. Nothing was written.'
  )
}

/**
 * A message a person can act on for an expected start failure, or undefined
 * for an unexpected error (which deserves its stack trace).
 */
export function describeStartFailure(error: unknown): string | undefined {
  for (const words of START_FAILURES) {
    const described = words(error)
    if (described !== undefined) return described
  }
  return fileSystemWords(error)
}
