/**
 * The backups a restore can choose from: those in the data folder's backups/ and those in the backup folder
 * (`config set backup.dir`, a USB stick or a share), newest first. A catalogue lost with its disk is restored from
 * the stick, so `restore --latest` must look there too.
 *
 * A backup folder may be shared (another account can write into it) or hold another catalogue's backups (two
 * computers backing up to one stick), and a file there is named by whoever wrote it. So only the backups this data
 * folder wrote there count (offsite-backups.json, kept in the private data folder), and any candidate that is
 * not this account's own plain file, is larger than a catalogue can be, or is dated in the future is left out,
 * with the reason in words: `restore --from` still takes any file the person chooses.
 */
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { readSettings } from '#settings/settings'
import { BACKUP_NAME, MAX_BACKUP_BYTES, backupTimeOf, backupsDir } from '#store'
import { backupsWrittenInto } from './backup-manifest'

/** How far ahead of this computer's clock a backup's name may be dated (a clock corrected by a few minutes). */
const FUTURE_SLACK_MS = 60 * 60 * 1000

/** A file named like a backup that `newestBackups` does not take, and why, in words. */
export interface LeftOutBackup {
  file: string
  reason: string
}

/** Where `newestBackups` looked, and what it found there, newest first. */
export interface BackupsFound {
  /** Every backup of both folders it may take, newest first (by the time in its name, the same clock for both). */
  files: string[]
  /** The folders looked in: DIR/backups, then the backup folder when one is set. */
  folders: string[]
  /** The backup folder when it is set but not there (a stick not plugged in). */
  missingFolder: string | undefined
  /** Files named like backups that are not taken, each with its reason. */
  leftOut: LeftOutBackup[]
}

async function namesIn(dir: string): Promise<string[] | undefined> {
  const names = await readdir(dir).catch(() => undefined)
  return names?.filter((name) => BACKUP_NAME.test(name))
}

/** Why `file` may not be taken as the latest backup, or undefined when it may. */
export async function reasonToLeaveOut(file: string, now: Date): Promise<string | undefined> {
  const info = await lstat(file).catch(() => undefined)
  if (!info) return 'it is gone'
  if (!info.isFile()) return 'it is not a plain file'
  const uid = process.getuid?.()
  if (uid !== undefined && info.uid !== uid) return `it belongs to another account (user id ${info.uid})`
  if (info.size > MAX_BACKUP_BYTES)
    return `it is ${Math.ceil(info.size / 2 ** 20)} MiB, larger than a backup can be (${MAX_BACKUP_BYTES / 2 ** 20} MiB)`
  const made = backupTimeOf(path.basename(file))
  if (made && made.getTime() > now.getTime() + FUTURE_SLACK_MS) return `its name is dated ${made.toISOString()}, in the future`
  return undefined
}

/** The backups of `dataDir` and of its backup folder that `restore --latest` may take, newest first. */
export async function newestBackups(dataDir: string, now = new Date()): Promise<BackupsFound> {
  const local = backupsDir(dataDir)
  const setting = (await readSettings(dataDir))['backup.dir']
  const offsite = setting === undefined ? undefined : path.resolve(setting)
  const leftOut: LeftOutBackup[] = []
  const candidates = ((await namesIn(local)) ?? []).map((name) => path.join(local, name))
  const offsiteNames = offsite === undefined ? [] : await namesIn(offsite)
  if (offsite !== undefined && offsiteNames) {
    const written = await backupsWrittenInto(dataDir, offsite)
    for (const name of offsiteNames) {
      if (written.has(name)) candidates.push(path.join(offsite, name))
      else leftOut.push({ file: path.join(offsite, name), reason: 'this data folder did not write it (another catalogue, computer or account did)' })
    }
  }
  const files: string[] = []
  for (const file of candidates) {
    const reason = await reasonToLeaveOut(file, now)
    if (reason === undefined) files.push(file)
    else leftOut.push({ file, reason })
  }
  // Names are backupName(time): the basename sorts by time whichever folder holds it.
  files.sort((a, b) => path.basename(b).localeCompare(path.basename(a), 'en'))
  return {
    files,
    folders: offsite === undefined ? [local] : [local, offsite],
    missingFolder: offsite !== undefined && offsiteNames === undefined ? offsite : undefined,
    leftOut
  }
}
