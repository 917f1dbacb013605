/**
 * Copies of the last good catalogue under `DIR/backups/`, named by time so
 * they sort. Kept by age as well as by count: the newest BACKUPS_KEPT, plus the
 * newest of each of the last BACKUP_DAYS_KEPT days that have one, so a loop of
 * commands (each a run that may back up) can never push out every recovery
 * point from before it.
 */
import { mkdir, readdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile, type FileText } from '#lib/durable-file'
import { removeLeftovers } from '#store/folder/leftovers'

/** How many of the newest backups are kept, whatever their age. */
export const BACKUPS_KEPT = 10

/** Of this many most recent days with a backup, the newest backup of each is kept too. */
export const BACKUP_DAYS_KEPT = 7

/**
 * The largest file a restore reads as a backup: far above any shop's catalogue, and below the 512 MiB a
 * string may hold in Node, so a larger file (planted or damaged) is refused in words before it is read.
 */
export const MAX_BACKUP_BYTES = 256 * 2 ** 20

/** Least time between two automatic backups while writing. */
export const BACKUP_INTERVAL_MS = 60 * 60 * 1000

/** Folder of the backups inside the data directory. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups')
}

/** Names of backup files (the same in the data folder and in a backup folder elsewhere). */
export const BACKUP_NAME = /^plants-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?\.json$/

/** The file name of a backup taken at `at` (`suffix` > 0 when that name is taken). */
export function backupName(at: Date, suffix = 0): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  return `plants-${stamp}${suffix > 0 ? `-${suffix}` : ''}.json`
}

/** When the backup named `name` was made, read from its name (`plants-2026-11-22T08-00-00-000Z.json`); undefined for another name. */
export function backupTimeOf(name: string): Date | undefined {
  const match = /^plants-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-\d+)?\.json$/.exec(name)
  if (!match) return undefined
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  return Number.isNaN(time.getTime()) ? undefined : time
}

/** Backup files of `dataDir`, oldest first. */
export async function listBackups(dataDir: string): Promise<string[]> {
  const names = await readdir(backupsDir(dataDir)).catch(() => [] as string[])
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(backupsDir(dataDir), name))
}

/** The newest backup of `dataDir`, or undefined. */
export async function latestBackup(dataDir: string): Promise<string | undefined> {
  return (await listBackups(dataDir)).at(-1)
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false
  )
}

/** Writes `text` (a complete, valid catalogue, whole or in parts) as a new backup, durably; prunes old ones. Returns the new file. */
export async function writeBackup(dataDir: string, text: FileText, at = new Date()): Promise<string> {
  const dir = backupsDir(dataDir)
  // Never the data folder itself: deleted while the server runs, it is the store's to put back (folder-guard.ts). A
  // backup started before that would otherwise make it anew, empty, and the store would take it for another folder.
  await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return
    if (error.code === 'ENOENT') throw new Error(`the data folder ${dataDir} is gone (deleted while Plant Store ran?): no backup was made`)
    throw error
  })
  let target = path.join(dir, backupName(at, 0))
  for (let suffix = 1; await exists(target); suffix++) target = path.join(dir, backupName(at, suffix))
  await replaceFile(target, text)
  await pruneBackups(dataDir)
  return target
}

/** Of backup `names` (any order), those pruning deletes: all but the newest BACKUPS_KEPT and the newest of each of the last BACKUP_DAYS_KEPT days. */
export function backupsToPrune(names: readonly string[]): string[] {
  const newestFirst = [...names].sort().reverse()
  const kept = new Set(newestFirst.slice(0, BACKUPS_KEPT))
  const days = new Set<string>()
  for (const name of newestFirst) {
    const day = backupTimeOf(name)?.toISOString().slice(0, 10)
    if (day === undefined || days.has(day) || days.size >= BACKUP_DAYS_KEPT) continue
    days.add(day)
    kept.add(name)
  }
  return newestFirst.filter((name) => !kept.has(name))
}

/** When the newest backup of `dataDir` was made, by its name; one named after `now` (a clock that was ahead) does not count. */
export async function lastBackupTime(dataDir: string, now: Date): Promise<Date | undefined> {
  const times = (await listBackups(dataDir)).map((file) => backupTimeOf(path.basename(file)))
  return times.filter((time): time is Date => time !== undefined && time <= now).at(-1)
}

async function pruneBackups(dataDir: string): Promise<void> {
  const all = await listBackups(dataDir)
  for (const name of backupsToPrune(all.map((file) => path.basename(file)))) await unlink(path.join(backupsDir(dataDir), name)).catch(() => undefined)
  // A backup killed mid-write leaves its temp file (as big as the catalogue); its process is gone, so it goes.
  await removeLeftovers(backupsDir(dataDir), false)
}

/**
 * Decides when the store backs up: at most once per interval, the last backup of an earlier run included (`lastAt`),
 * so a run's first write backs up only when the newest backup is that old: a script running one command per change
 * makes one backup an hour, not one per command.
 */
export class BackupSchedule {
  #lastAt: number | undefined

  constructor(
    private readonly intervalMs = BACKUP_INTERVAL_MS,
    lastAt?: Date
  ) {
    this.#lastAt = lastAt?.getTime()
  }

  /** True when a backup is due at `now`; marks it taken. */
  claim(now: Date): boolean {
    if (this.#lastAt !== undefined && now.getTime() - this.#lastAt < this.intervalMs) return false
    this.#lastAt = now.getTime()
    return true
  }
}
