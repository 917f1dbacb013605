/**
 * Backups into a folder off this computer's data folder (a USB stick, a
 * network share): a dead disk must not take the catalogue and its backups
 * together. Each is written durably (temp, fsync, rename, fsync dir), read
 * back and compared before it counts; the newest OFFSITE_BACKUPS_KEPT of those this
 * data folder wrote are kept (backup-manifest.ts), and nothing else there is deleted.
 */
import { mkdir, readFile, readdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { recordAndPrune } from './backup-manifest'
import { checkBackupFolder } from './check-folder'
import { readSettings } from '#settings/settings'
import { backupName, backupSnapshot, type BackupMade } from '#store'
import { replaceFile } from '#lib/durable-file'
import { isProcessAlive } from '#lib/process-identity'
import { AppError } from '#shared/app-error'

/** How many backups a backup folder keeps. */
export const OFFSITE_BACKUPS_KEPT = 30

/** Least time between two automatic backups into the backup folder while running. */
export const OFFSITE_INTERVAL_MS = 24 * 60 * 60 * 1000

/** The last successful backup into a backup folder, kept in the data folder. */
export interface OffsiteBackupStatus {
  at: string
  dir: string
  file: string
}

const STATUS_FILE_NAME = 'backup-status.json'

/** A backup could not be written or did not read back the same. */
export class OffsiteBackupError extends AppError {
  constructor(dir: string, reason: string) {
    super(`could not back up into ${dir}: ${reason}`, { problemName: 'backupNotMade' })
    this.name = 'OffsiteBackupError'
  }
}

/** The last successful backup into a backup folder, if any. */
export async function readBackupStatus(dataDir: string): Promise<OffsiteBackupStatus | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, STATUS_FILE_NAME), 'utf8')) as OffsiteBackupStatus
  } catch {
    return undefined
  }
}

async function freeName(dir: string, at: Date): Promise<string> {
  for (let suffix = 0; ; suffix++) {
    const file = path.join(dir, backupName(at, suffix))
    if (
      !(await stat(file).then(
        () => true,
        () => false
      ))
    )
      return file
  }
}

/** A backup being written: the temp name durable-file gives it beside its final name, with the writer's pid. */
const BACKUP_BEING_WRITTEN = /^\.plants-.+\.json\.(\d+)\.[0-9a-f]{8}\.tmp$/

/**
 * Removes what a backup cut off mid-write left (a quit that could not wait,
 * a pulled stick): only under its temp name, which no restore lists, but
 * litter in the folder. One whose writer still runs is left to it.
 */
async function removeCutOffBackups(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const writer = Number(BACKUP_BEING_WRITTEN.exec(name)?.[1])
    if (writer > 0 && writer !== process.pid && !isProcessAlive(writer)) await unlink(path.join(dir, name)).catch(() => undefined)
  }
}

/**
 * The folder to write into: with `create`, made when missing (one level only:
 * its parent must exist; a recursive mkdir hangs on Node 20 under /proc) and
 * checked as `config set backup.dir` checks it; without, it must be there:
 * a pulled-out stick must not turn into a folder on this computer's own disk.
 */
async function targetFolder(dir: string, dataDir: string, create: boolean): Promise<string> {
  if (create) {
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new OffsiteBackupError(dir, `its parent folder ${path.dirname(dir)} does not exist (is the drive plugged in?)`)
      if (error.code !== 'EEXIST') throw new OffsiteBackupError(dir, error.message)
    })
    return checkBackupFolder(dir, dataDir).catch((error: Error) => {
      throw new OffsiteBackupError(dir, error.message)
    })
  }
  // No check of the folder's mode: a USB stick (FAT, exFAT) shows every folder as 0777 and must still work.
  const info = await stat(dir).catch(() => undefined)
  if (!info) throw new OffsiteBackupError(dir, 'the folder is missing (is the drive plugged in?)')
  if (!info.isDirectory()) throw new OffsiteBackupError(dir, 'it is a file, not a folder')
  return dir
}

/**
 * Writes the catalogue of `dataDir` as it stands now (backupSnapshot: what a local backup holds) into `targetDir`, verifies
 * it and records it as the last backup. Safe while a server holds the folder:
 * it only reads the data files. Resolves undefined when there is no catalogue yet.
 */
export async function backUpTo(
  dataDir: string,
  targetDir: string,
  at = new Date(),
  options: { create?: boolean } = {}
): Promise<BackupMade | undefined> {
  // The same copy as `plant-store backup` (idempotency keys included); backup-status.json goes into the checked data folder.
  const snapshot = await backupSnapshot(dataDir)
  if (!snapshot) return undefined
  const { text, ...counts } = snapshot
  const dir = await targetFolder(path.resolve(targetDir), dataDir, options.create === true)
  await removeCutOffBackups(dir)
  const file = await freeName(dir, at)
  try {
    await replaceFile(file, text)
  } catch (error) {
    throw new OffsiteBackupError(dir, (error as Error).message)
  }
  if ((await readFile(file, 'utf8').catch(() => '')) !== text) {
    await unlink(file).catch(() => undefined)
    throw new OffsiteBackupError(dir, 'the copy did not read back the same (is the drive failing or full?)')
  }
  await recordAndPrune(dataDir, file, OFFSITE_BACKUPS_KEPT) // only the backups this data folder wrote
  const status: OffsiteBackupStatus = { at: at.toISOString(), dir, file }
  // Replaced, never written through: a link planted at that name is not followed.
  await replaceFile(path.join(dataDir, STATUS_FILE_NAME), JSON.stringify(status, null, 2) + '\n')
  return { file, ...counts }
}

/** The backups into the backup folder while the service runs (scheduleOffsiteBackups). */
export interface OffsiteBackups {
  /** Ends the daily backups; one in progress carries on. */
  cancel(): void
  /**
   * Cancels, waits for a backup in progress, then makes the stop-time backup;
   * `onStart` hears the folder just before it is written (none when no folder
   * is set).
   */
  finish(onStart?: (dir: string) => void): Promise<void>
}

/**
 * While the service runs: a backup into the configured folder when the last
 * one is a day old (checked hourly), and one more when it stops. Failures are
 * logged, never thrown: a missing USB stick must not stop a sale.
 */
export function scheduleOffsiteBackups(dataDir: string, checkEveryMs = 60 * 60 * 1000): OffsiteBackups {
  const attempt = async (force: boolean, onStart?: (dir: string) => void) => {
    try {
      const dir = (await readSettings(dataDir))['backup.dir']
      if (dir === undefined) return
      const last = await readBackupStatus(dataDir)
      if (!force && last && last.dir === path.resolve(dir) && Date.now() - Date.parse(last.at) < OFFSITE_INTERVAL_MS) return
      onStart?.(dir)
      await backUpTo(dataDir, dir)
    } catch (error) {
      console.error(`[plant-store] ${(error as Error).message}`)
    }
  }
  let running = attempt(false)
  const timer = setInterval(() => (running = running.then(() => attempt(false))), checkEveryMs)
  timer.unref()
  return {
    cancel: () => clearInterval(timer),
    async finish(onStart) {
      clearInterval(timer)
      await running
      await attempt(true, onStart)
    }
  }
}
