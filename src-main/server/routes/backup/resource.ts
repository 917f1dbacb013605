/**
 * /v3/backup (extension): the backup folder setting and its last backup, for
 * the UI's "Last backup" line (GET, any token); the Settings dialog's folder
 * field (PUT, owner only, checked as `plant-store config set backup.dir`
 * checks it) and its "Back up now" (POST, owner only).
 */
import { stat } from 'node:fs/promises'
import type { H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { componentsOf, validate } from '#shared/body-rules'
import { BACKUP_FOLDER_BODY, type BackupFolderStatus, type BackupMade } from '#shared/import-export'
import { plantCountText } from '#shared/words'
import { checkBackupFolder, sharedFolderWarning } from '#backup-folder/check-folder'
import { backUpTo, readBackupStatus } from '#backup-folder/offsite-backup'
import type { SettingsOwner } from '#settings/settings-owner'
import { readJsonBody } from '#server/http/read-json-body'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { requireOwner } from '#server/security/security'
import { defineOperation, defineResource } from '#server/routes/operation'

async function backupFolderStatus(settings: SettingsOwner): Promise<BackupFolderStatus> {
  const { dataDir } = settings
  const dir = (await settings.read())['backup.dir'] ?? null
  const present =
    dir !== null &&
    (await stat(dir).then(
      (info) => info.isDirectory(),
      () => false
    ))
  const shared = present ? await sharedFolderWarning(dir) : undefined
  return { dir, present, last: (await readBackupStatus(dataDir)) ?? null, warnings: shared === undefined ? [] : [shared] }
}

async function changeFolder(event: H3Event, settings: SettingsOwner): Promise<BackupFolderStatus> {
  requireOwner(event, 'change the backup folder')
  const checked = validate(BACKUP_FOLDER_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('backupFolderNotChanged', checked.errors)
  const wanted = checked.value.dir
  // A folder that cannot be used is the check's BackupFolderError (422).
  const folder = wanted === null ? undefined : await checkBackupFolder(wanted, settings.dataDir)
  await settings.change((stored) => {
    if (folder === undefined) delete stored['backup.dir']
    else stored['backup.dir'] = folder
  })
  return backupFolderStatus(settings)
}

async function backUpNow(event: H3Event, settings: SettingsOwner): Promise<BackupMade> {
  requireOwner(event, 'start a backup')
  const { dataDir } = settings
  const dir = (await settings.read())['backup.dir']
  if (dir === undefined) throw problem('backupNotMade', 'no backup folder is set; choose one first')
  // A backup that cannot be written there is OffsiteBackupError (409).
  const made = await backUpTo(dataDir, dir)
  if (!made) throw problem('backupNotMade', 'the catalogue has not been saved yet; add a plant first')
  return { ...made, message: `Backed up ${plantCountText(made)} to ${made.file}` }
}

const STATUS = {
  type: 'object',
  required: ['dir', 'present', 'last', 'warnings'],
  properties: {
    dir: { type: ['string', 'null'] },
    present: { type: 'boolean' },
    last: {
      oneOf: [{ type: 'null' }, { type: 'object', properties: { at: { type: 'string' }, dir: { type: 'string' }, file: { type: 'string' } } }]
    },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description: 'What the owner should know about the folder, e.g. that another account may write into it (empty when nothing).'
    }
  }
}

const OWNER_ONLY = ownerOnlyResponse("Only the owner's token may change the backup folder or start a backup (a named token gets 403).")

const getBackup = extensionOperation({
  operationId: 'backup-status',
  summary: 'The backup folder setting and its last backup (extension for the staff UI)',
  description:
    'dir is the folder set with plant-store config set backup.dir or PUT /v3/backup (null when none); present says whether it is there now; last is the last successful backup into a backup folder.',
  responses: { '200': { description: 'The status.', content: json(STATUS) } }
})

const putBackup = extensionOperation({
  operationId: 'set-backup-folder',
  summary: 'Set or clear the backup folder (extension; owner only)',
  description:
    'The same checks as plant-store config set backup.dir: a full path to a folder that exists, that this user can write to (a file is written and removed to find out) and that is not inside the data folder. null clears the setting.',
  requestBody: jsonBody(BACKUP_FOLDER_BODY),
  responses: {
    '200': { description: 'The setting was changed; the new status.', content: json(STATUS) },
    '400': problemResponse('The body is not {"dir": string or null}.'),
    '403': OWNER_ONLY,
    '422': problemResponse(
      'The folder cannot be used: not a full path, missing, a file, not writable, or inside the data folder. Nothing was changed.'
    ),
    ...JSON_BODY_RESPONSES
  }
})

const postBackup = extensionOperation({
  operationId: 'back-up-now',
  summary: 'Back up into the backup folder now (extension; owner only)',
  description: 'Written durably, read back and compared, recorded as the last backup; the newest 30 in the folder are kept.',
  responses: {
    '200': {
      description: 'The backup written.',
      content: json({
        type: 'object',
        required: ['file', 'plantCount', 'deletedCount', 'message'],
        properties: {
          file: { type: 'string' },
          plantCount: { type: 'integer', minimum: 0, description: 'The plants in the backup the shop sees (deleted ones not counted).' },
          deletedCount: { type: 'integer', minimum: 0, description: 'The deleted plants the backup keeps, which can still be restored.' },
          message: { type: 'string', description: 'What was done, for people: "Backed up 27 plants (and 6 deleted, restorable) to FILE".' }
        }
      })
    },
    '403': OWNER_ONLY,
    '409': problemResponse('No backup folder is set, or the backup could not be written there (a missing drive, say).')
  }
})

/** The backup folder and backing up now, over the app's data folder. */
export const backupResource = defineResource({
  context: ({ settings }: { settings: SettingsOwner }) => settings,
  schemas: componentsOf(BACKUP_FOLDER_BODY),
  operations: [
    defineOperation<SettingsOwner>({
      method: 'GET',
      path: EXTENSION_PATHS.backup,
      openapi: getBackup,
      handler: (_event, settings) => backupFolderStatus(settings)
    }),
    defineOperation<SettingsOwner>({
      method: 'PUT',
      path: EXTENSION_PATHS.backup,
      staff: 'backups',
      body: BACKUP_FOLDER_BODY,
      openapi: putBackup,
      handler: (event, settings) => changeFolder(event, settings)
    }),
    defineOperation<SettingsOwner>({
      method: 'POST',
      path: EXTENSION_PATHS.backup,
      staff: 'backups',
      openapi: postBackup,
      handler: (event, settings) => backUpNow(event, settings)
    })
  ]
})
