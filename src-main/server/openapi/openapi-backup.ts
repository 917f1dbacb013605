/**
 * OpenAPI descriptions of /v3/backup (extension): the backup folder's status
 * for the UI's "Last backup" line, and the Settings dialog's folder field and
 * "Back up now" (owner only). docs/import-export.md describes them.
 */
import { problemResponse } from './openapi-parts'

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } })

const STATUS = {
  type: 'object',
  required: ['dir', 'present', 'last'],
  properties: {
    dir: { type: ['string', 'null'] },
    present: { type: 'boolean' },
    last: {
      oneOf: [{ type: 'null' }, { type: 'object', properties: { at: { type: 'string' }, dir: { type: 'string' }, file: { type: 'string' } } }]
    }
  }
}

const OWNER_ONLY = problemResponse("Only the owner's token may change the backup folder or start a backup (read-only and named tokens get 403).")

const getBackup = {
  operationId: 'backup-status',
  'x-extension': true,
  summary: 'The backup folder setting and its last backup (extension for the staff UI)',
  description:
    'dir is the folder set with plant-store config set backup.dir or PUT /v3/backup (null when none); present says whether it is there now; last is the last successful backup into a backup folder.',
  responses: { '200': { description: 'The status.', content: json(STATUS) } }
}

const putBackup = {
  operationId: 'set-backup-folder',
  'x-extension': true,
  summary: 'Set or clear the backup folder (extension; owner only)',
  description:
    'The same checks as plant-store config set backup.dir: a full path to a folder that exists, that this user can write to (a file is written and removed to find out) and that is not inside the data folder. null clears the setting.',
  requestBody: {
    required: true,
    content: json({ type: 'object', required: ['dir'], additionalProperties: false, properties: { dir: { type: ['string', 'null'] } } })
  },
  responses: {
    '200': { description: 'The setting was changed; the new status.', content: json(STATUS) },
    '400': problemResponse('The body is not {"dir": string or null}.'),
    '403': OWNER_ONLY,
    '422': problemResponse(
      'The folder cannot be used: not a full path, missing, a file, not writable, or inside the data folder. Nothing was changed.'
    )
  }
}

const postBackup = {
  operationId: 'back-up-now',
  'x-extension': true,
  summary: 'Back up into the backup folder now (extension; owner only)',
  description: 'Written durably, read back and compared, recorded as the last backup; the newest 30 in the folder are kept.',
  responses: {
    '200': {
      description: 'The backup written.',
      content: json({ type: 'object', required: ['file', 'plantCount'], properties: { file: { type: 'string' }, plantCount: { type: 'integer' } } })
    },
    '403': OWNER_ONLY,
    '409': problemResponse('No backup folder is set, or the backup could not be written there (a missing drive, say).')
  }
}

/** The operations at /v3/backup, by method. */
export const backupOperations = { get: getBackup, put: putBackup, post: postBackup }
