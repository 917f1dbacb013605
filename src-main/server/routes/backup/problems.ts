/** Rows of the problem table for the backup folder. */
import { PROBLEM_TYPES } from '#shared/problem'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

export const BACKUP_PROBLEMS = {
  backupFolderNotChanged: fieldErrorsRow('The backup folder was not changed'),
  backupFolderRefused: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Backup folder refused',
    status: 422,
    detail: (message: string) => `The backup folder was not changed: ${message}.`,
    errors: (message) => [{ field: 'dir', message }]
  }),
  backupNotMade: row({
    type: PROBLEM_TYPES.backupNotMade,
    title: 'Backup not made',
    status: 409,
    detail: (reason: string) => `No backup was made: ${reason}.`
  })
}
