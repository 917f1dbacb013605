/**
 * /v3/backup (extension): the backup folder setting and its last backup, for
 * the UI's "Last backup" line (GET, any token); the Settings dialog's folder
 * field (PUT, owner only, checked as `plant-store config set backup.dir`
 * checks it) and its "Back up now" (POST, owner only).
 */
import { stat } from 'node:fs/promises'
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import type { BackupFolderStatus, BackupMade } from '#shared/import-export'
import { BackupFolderError, checkBackupFolder } from '#backup-folder/check-folder'
import { OffsiteBackupError, backUpTo, readBackupStatus } from '#backup-folder/offsite-backup'
import { readSettings, writeSetting } from '#settings/settings'
import type { PlantStore } from '#store'
import { problem } from '#server/problems/problems'
import { readJsonBody } from '#server/http/read-json-body'
import { routePattern } from '#server/urls'
import { requireOwner } from './tokens'

async function backupFolderStatus(dataDir: string): Promise<BackupFolderStatus> {
  const dir = (await readSettings(dataDir))['backup.dir'] ?? null
  const present =
    dir !== null &&
    (await stat(dir).then(
      (info) => info.isDirectory(),
      () => false
    ))
  return { dir, present, last: (await readBackupStatus(dataDir)) ?? null }
}

/** The folder of a PUT body `{dir}`: a string, or null to clear the setting. */
function readFolder(body: unknown): string | null {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  const extra = fields === undefined ? undefined : Object.keys(fields).find((field) => field !== 'dir')
  if (fields === undefined || extra !== undefined || !('dir' in fields) || (typeof fields.dir !== 'string' && fields.dir !== null)) {
    const message = extra === undefined ? 'send {"dir": "/full/path"} to set the folder, or {"dir": null} to clear it' : `unknown field "${extra}"`
    throw problem('invalidBody', `The backup folder was not changed: ${message}.`, [{ field: extra ?? 'dir', message }])
  }
  return fields.dir
}

async function changeFolder(event: H3Event, dataDir: string): Promise<BackupFolderStatus> {
  requireOwner(event, 'change the backup folder')
  const wanted = readFolder(await readJsonBody(event, 400))
  let folder: string | undefined
  try {
    folder = wanted === null ? undefined : await checkBackupFolder(wanted, dataDir)
  } catch (error) {
    if (error instanceof BackupFolderError) throw problem('backupFolderRefused', error.message)
    throw error
  }
  await writeSetting(dataDir, 'backup.dir', folder)
  return backupFolderStatus(dataDir)
}

async function backUpNow(event: H3Event, dataDir: string): Promise<BackupMade> {
  requireOwner(event, 'start a backup')
  const dir = (await readSettings(dataDir))['backup.dir']
  if (dir === undefined) throw problem('backupNotMade', 'no backup folder is set; choose one first')
  try {
    const made = await backUpTo(dataDir, dir)
    if (!made) throw problem('backupNotMade', 'the catalogue has not been saved yet; add a plant first')
    return made
  } catch (error) {
    if (error instanceof OffsiteBackupError) throw problem('backupNotMade', error.message)
    throw error
  }
}

/** Registers GET, PUT and POST /v3/backup over the data folder of `store`. */
export function registerBackupStatusRoute(app: H3, store: PlantStore): void {
  app.get(routePattern(EXTENSION_PATHS.backup), () => backupFolderStatus(store.dir))
  app.put(routePattern(EXTENSION_PATHS.backup), (event) => changeFolder(event, store.dir))
  app.post(routePattern(EXTENSION_PATHS.backup), (event) => backUpNow(event, store.dir))
}
