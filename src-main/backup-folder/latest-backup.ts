/**
 * The backups a restore can choose from: those in the data folder's backups/ and those in the backup folder
 * (`config set backup.dir`, a USB stick or a share), newest first. A catalogue lost with its disk is restored from
 * the stick, so `restore --latest` must look there too.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { readSettings } from '#settings/settings'
import { BACKUP_NAME, backupsDir } from '#store'

/** Where `newestBackups` looked, and what it found there, newest first. */
export interface BackupsFound {
  /** Every backup of both folders, newest first (by the time in its name, the same clock for both). */
  files: string[]
  /** The folders looked in: DIR/backups, then the backup folder when one is set. */
  folders: string[]
  /** The backup folder when it is set but not there (a stick not plugged in). */
  missingFolder: string | undefined
}

async function backupsIn(dir: string): Promise<string[] | undefined> {
  const names = await readdir(dir).catch(() => undefined)
  return names?.filter((name) => BACKUP_NAME.test(name)).map((name) => path.join(dir, name))
}

/** The backups of `dataDir` and of its backup folder, newest first. */
export async function newestBackups(dataDir: string): Promise<BackupsFound> {
  const local = backupsDir(dataDir)
  const offsite = (await readSettings(dataDir))['backup.dir']
  const offsiteFiles = offsite === undefined ? [] : await backupsIn(offsite)
  const files = [...((await backupsIn(local)) ?? []), ...(offsiteFiles ?? [])]
  // Names are backupName(time): the basename sorts by time whichever folder holds it.
  files.sort((a, b) => path.basename(b).localeCompare(path.basename(a), 'en'))
  return {
    files,
    folders: offsite === undefined ? [local] : [local, offsite],
    missingFolder: offsite !== undefined && offsiteFiles === undefined ? offsite : undefined
  }
}
