/**
 * Opens the catalogue of a data folder for writing: the folder's lock first,
 * then lowdb reads plants.json through our adapter, the journals written after
 * it are replayed on top, and a new journal generation is started for this
 * run's changes. Or for reading only (readCatalogueOnly): no lock, nothing
 * written, the journals replayed in memory.
 */
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import { lastBackupTime, latestBackup, writeBackup } from '#store/backups/backups'
import { CatalogueFile } from './catalogue-file'
import { DataFileError, emptyPlantFile, type PlantFile } from './data-file'
import { checkStoreFolder, removeStoreLeftovers } from '#store/folder/data-folder'
import { FolderGuard } from '#store/folder/folder-guard'
import type { ReplayedHistory } from '#store/history/history-log'
import { Journal, listJournals } from '#store/journal/journal'
import { nodeFileSystem, type FileSystem } from '#lib/durable-file'
import { acquireDataDirLock } from '#store/folder/lock'
import { CURRENT_LAYOUT, type FileLayout } from './migrate'
import { DATA_FILE_NAME, readCatalogue, replayJournals, type ReplayedRecords } from './read-catalogue'

/** Options of `ShopStore.open`. */
export interface OpenShopStoreOptions {
  /** The data directory; created (mode 0700) when missing. */
  dir: string
  /** File-system calls of the data files, replaced by tests to inject faults. */
  fs?: FileSystem
  /** Clock for createdAt/updatedAt and backups, replaced by tests. */
  now?: () => Date
  batchWindowMs?: number
  /** Who holds the data directory, shown to a second process that is refused. */
  holder?: string
  /** Least time between two automatic backups while writing (default one hour). */
  backupIntervalMs?: number
  /** Quiet time after the last change before the journal is folded into plants.json (default 30 s). */
  checkpointIdleMs?: number
  /** Journal size that triggers a checkpoint even while busy (default: 1 MiB or half the snapshot, whichever is larger). */
  checkpointBytes?: number
  /** How long idempotency keys are remembered (default 24 hours). */
  idempotencyTtlMs?: number
  /**
   * Called after the store re-created its deleted folder and wrote the
   * catalogue there, so that the service can put back its own files (token,
   * server.json). A failure is logged; the catalogue is saved regardless.
   */
  onFolderRecreated?: () => Promise<void>
  /** The file layout and its migrations (default this build's); tests run a migration through open() with another. */
  layout?: FileLayout
}

/** A catalogue as read: plants.json with the journals after it replayed. */
export interface ReadCatalogue {
  /** lowdb over plants.json, its data the catalogue with the journals replayed. */
  db: Low<PlantFile>
  snapshot: CatalogueFile
  /** The journal generation a snapshot of this catalogue stands at (the next one to append to). */
  journalGen: number
  /** The change log entries of the replayed journals. */
  history: ReplayedHistory[]
  /** The callers' records (sales, refunds, days) of the replayed journals. */
  records: ReplayedRecords[]
}

/** A catalogue open for writing. */
export interface OpenedCatalogue extends ReadCatalogue {
  /** The new, empty journal generation this run appends to. */
  journal: Journal
  /** Journals were replayed or left over: they should be folded into plants.json soon. */
  hasOldJournals: boolean
  /** Watches that the folder, its lock and the journal stay this store's (it holds the lock until the store closes). */
  guard: FolderGuard
  /** When the newest backup already there was made: the run's first backup waits until it is an interval old. */
  lastBackupAt: Date | undefined
}

/**
 * Opens the catalogue in `options.dir`, creating an empty one on first use.
 * Takes the directory's lock first (DataDirLockedError when another process
 * has it). Throws DataFileError for a file it cannot trust, naming the latest
 * backup; such a file is never overwritten or repaired.
 */
export async function openCatalogue(options: OpenShopStoreOptions): Promise<OpenedCatalogue> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 })
  await checkStoreFolder(options.dir)
  const holder = options.holder ?? 'plant-store serve'
  const lock = await acquireDataDirLock(options.dir, holder)
  try {
    await removeStoreLeftovers(options.dir)
    const layout = options.layout ?? CURRENT_LAYOUT
    const read = await readForWriting(options.dir, options.fs ?? nodeFileSystem, layout, options.now?.())
    const lastBackupAt = await lastBackupTime(options.dir, options.now?.() ?? new Date())
    return { ...read, lastBackupAt, guard: await FolderGuard.create(options.dir, lock, { holder, onFolderRecreated: options.onFolderRecreated }) }
  } catch (error) {
    await lock.release()
    if (error instanceof DataFileError) error.latestBackup = await latestBackup(options.dir)
    throw error
  }
}

/**
 * Reads `dir`'s catalogue, holding its lock. A new catalogue is written at
 * once, proving the folder writable before any request; a migrated one is
 * rewritten after its old form is backed up.
 */
async function readForWriting(dir: string, fs: FileSystem, layout: FileLayout, now?: Date): Promise<Omit<OpenedCatalogue, 'guard' | 'lastBackupAt'>> {
  const file = path.join(dir, DATA_FILE_NAME)
  const snapshot = new CatalogueFile(file, fs, layout)
  const db = new Low<PlantFile>(snapshot, emptyPlantFile(layout.version))
  await db.read()
  const fromVersion = snapshot.fromVersion
  const stored = await replayJournals(file, fromVersion === undefined ? null : db.data, await listJournals(dir), fs)
  for (const torn of stored?.torn ?? []) {
    console.warn(
      `[plant-store] dropped the unfinished last line of ${torn.file} (${torn.bytes} bytes): a write cut short by a crash, never acknowledged`
    )
  }
  const firstGen = (stored?.lastGen ?? 0) + 1
  if (fromVersion === undefined || fromVersion < layout.version) {
    if (fromVersion !== undefined) await writeBackup(dir, await readFile(file, 'utf8'), now)
    db.data.journalGen = firstGen
    await db.write()
  }
  const journal = await Journal.create(dir, firstGen, fs)
  const hasOldJournals = stored !== undefined && (stored.replayed.length > 0 || stored.obsolete.length > 0)
  return { db, snapshot, journal, journalGen: firstGen, hasOldJournals, history: stored?.history ?? [], records: stored?.records ?? [] }
}

/**
 * Reads the catalogue in `dir` for reading only, as it stands on disk: no lock is taken and nothing is written or
 * created (no replay written back, no migration saved, no leftovers removed), so a read works on a full disk, on a
 * folder it may not write, and beside another process that holds the folder. The journals' lines not yet folded into
 * plants.json are replayed in memory; a folder with no catalogue reads as an empty one.
 */
export async function readCatalogueOnly(options: Pick<OpenShopStoreOptions, 'dir' | 'fs'>): Promise<ReadCatalogue> {
  await checkStoreFolder(options.dir)
  const fs = options.fs ?? nodeFileSystem
  const snapshot = new CatalogueFile(path.join(options.dir, DATA_FILE_NAME), fs)
  const stored = await readCatalogue(options.dir, fs)
  const data = stored?.data ?? emptyPlantFile(CURRENT_LAYOUT.version)
  const db = new Low<PlantFile>(snapshot, data)
  const journalGen = (stored?.lastGen ?? 0) + 1
  return { db, snapshot, journalGen, history: stored?.history ?? [], records: stored?.records ?? [] }
}
