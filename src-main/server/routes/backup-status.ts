/** GET /v3/backup (extension): the backup folder setting and its last backup, for the UI's "Last backup" line. */
import { stat } from 'node:fs/promises'
import type { H3 } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import type { BackupFolderStatus } from '#shared/import-export'
import { readBackupStatus } from '#main/offsite-backup'
import { readSettings } from '#main/settings'
import type { PlantStore } from '#store/plant-store'
import { routePattern } from '#server/urls'

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

/** Registers GET /v3/backup over the data folder of `store`. */
export function registerBackupStatusRoute(app: H3, store: PlantStore): void {
  app.get(routePattern(EXTENSION_PATHS.backup), () => backupFolderStatus(store.dir))
}
