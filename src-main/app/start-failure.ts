/**
 * Words for the ways a start can be refused, shared by the CLI and the
 * desktop app's error dialog so both say the same thing.
 */
import { ConfigError } from '#settings/errors'
import { PortInUseError } from '#server/start-server'
import { DataDirLockedError, DataFileError, UntrustedDataFolderError, fileSystemProblem } from '#store/errors'
import { FileLockTimeoutError } from '#lib/file-lock'
import { NamedTokensFileError } from '#auth/named-tokens'
import { TokenError, TokenRotationBusyError } from '#auth/token'

/**
 * A message a person can act on for an expected start failure, or undefined
 * for an unexpected error (which deserves its stack trace).
 */
export function describeStartFailure(error: unknown): string | undefined {
  if (error instanceof PortInUseError) return error.message
  if (error instanceof DataDirLockedError) return `Refusing to ${error.refused}: ${error.message}`
  if (error instanceof UntrustedDataFolderError) return error.message
  if (error instanceof TokenError || error instanceof TokenRotationBusyError || error instanceof ConfigError) return error.message
  if (error instanceof NamedTokensFileError || error instanceof FileLockTimeoutError) return error.message
  if (error instanceof DataFileError) {
    const restore = error.latestBackup
      ? `The latest backup is ${error.latestBackup}; put it back with: plant-store restore --from "${error.latestBackup}" (the damaged file is kept aside).`
      : 'There is no backup in this data folder yet.'
    return `Refusing to start: the data file ${error.file} cannot be used: ${error.problem}. ` + `The file was left untouched. ${restore}`
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') return `File not found: ${(error as NodeJS.ErrnoException).path ?? (error as Error).message}.`
  const known = fileSystemProblem(error)
  if (known) {
    const where = (error as NodeJS.ErrnoException).path ?? 'the data folder'
    return (
      `Cannot use the data folder: ${known.problem} (${known.code}) at ${where}. ` +
      'Choose a folder this user can write to with --data, or fix its permissions or free some space. Nothing was written.'
    )
  }
  return undefined
}
