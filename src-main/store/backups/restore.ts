/** Puts a backup back in place of the catalogue, after checking it; the files it replaces are kept aside. */
import { link, mkdir, readFile, rmdir, stat } from 'node:fs/promises'
import { userInfo } from 'node:os'
import path from 'node:path'
import type { RestoredBy } from '#shared/history'
import type { Plant } from '#shared/plant'
import { MAX_BACKUP_BYTES, backupTimeOf } from './backups'
import { checkBackup } from './check-backup'
import { DataFileError, PLANT_ID_MAX, parseDataFileText } from '#store/file/data-file'
import { checkStoreFolder, removeStoreLeftovers } from '#store/folder/data-folder'
import { writeRestoreMark } from '#store/history/history-restore-mark'
import type { HistoryEntry } from '#store/history/history-entry'
import { listJournals, readJournal, type JournalFile, type JournalRecord } from '#store/journal/journal'
import type { StreamHead, StreamRestore, StreamRestoreSource } from '#store/streams/record-stream'
import { streamKinds } from '#store/streams/record-streams'
import { nodeFileSystem, renameFile, replaceFile } from '#lib/durable-file'
import { acquireDataDirLock } from '#store/folder/lock'
import { migrateToCurrent } from '#store/file/migrate'
import { DATA_FILE_NAME } from '#store/file/read-catalogue'
import { loadPlantFile } from '#store/file/load-plant-file'
import { serializeSnapshot } from '#store/file/snapshot'
import { maxOf, pushAll } from '#shared/arrays'
import type { PlantCount } from '#shared/words'
import { countPlants } from '#store/catalogue/stored-plant'

/** What a restore did, and how many plants the restored catalogue holds. */
export interface RestoreResult extends PlantCount {
  /** Where the replaced catalogue was kept, if there was one. */
  keptAside: string | undefined
  /** The next id the restored catalogue hands out (never one handed out before). */
  nextId: number
}

/**
 * The highest value of `"name":N` any file in the folder mentions, read even
 * from damaged files: so that ids handed out after the backup was made are
 * never reused, and plant versions never repeat one seen before.
 */
async function highestOnDisk(files: string[], name: 'nextId' | 'version' | 'nextSeq' | 'seq'): Promise<number> {
  let highest = 1
  const pattern = new RegExp(`"${name}":(\\d{1,15})`, 'g')
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '')
    for (const match of text.matchAll(pattern)) highest = Math.max(highest, Number(match[1]))
  }
  return highest
}

/**
 * The text about to replace plants.json goes through the very check a start makes (load-plant-file.ts): a
 * backup whose numbers are valid alone can overflow once moved past what is on disk (a version or nextSeq at
 * 2^53 − 1), and a restore that writes a catalogue the server then refuses to open has lost the shop's data.
 */
function refuseWhatStartRefuses(source: string, text: string): void {
  try {
    loadPlantFile(source, text)
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error
    throw new DataFileError(
      source,
      `restoring it would write a catalogue Plant Store refuses to start with (${error.problem}), so nothing was restored`
    )
  }
}

/**
 * Each restored plant's version moved past every version on disk: a client that
 * read a plant before the restore holds an ETag that must not match the
 * restored plant, which may differ from what it read.
 */
function pastVersions(plants: readonly Plant[], highestVersion: number): Plant[] {
  return plants.map((plant) => ({ ...plant, version: plant.version + highestVersion }))
}

/**
 * The change log entries and the callers' records (sales, refunds, days) of `journals` that can be read (a damaged
 * journal's are left in it, kept aside), as one generation: what the record streams keep of the replaced catalogue.
 */
async function journalContents(journals: readonly JournalFile[]): Promise<StreamRestoreSource['replaced']> {
  const entries: HistoryEntry[] = []
  const records: JournalRecord[] = []
  for (const journal of journals) {
    try {
      for (const line of readJournal(journal.file, await readFile(journal.file, 'utf8')).entries) {
        pushAll(entries, line.history ?? [])
        pushAll(records, line.records ?? [])
      }
    } catch {
      // damaged or gone: the journal is kept aside below as it is
    }
  }
  return { history: [{ gen: 0, entries }], records: [{ gen: 0, records }] }
}

async function keepAside(file: string, suffix: string): Promise<string | undefined> {
  const aside = `${file}.${suffix}`
  try {
    await link(file, aside) // the original stays in place until the new file replaces it
    return aside
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** The text of the backup `source`, refused in words when it is not a plain file or is larger than a backup can be. */
async function readBackupText(source: string): Promise<string> {
  const info = await stat(source)
  if (!info.isFile()) throw new DataFileError(source, 'it is not a plain file, so nothing was restored')
  if (info.size > MAX_BACKUP_BYTES) {
    const size = `${Math.ceil(info.size / 2 ** 20)} MiB`
    throw new DataFileError(
      source,
      `it is ${size}, larger than a backup can be (${MAX_BACKUP_BYTES / 2 ** 20} MiB), so it was not read and nothing was restored`
    )
  }
  return readFile(source, 'utf8')
}

/** When and by what a restore is made (the mark open pages read: "restored from a backup of … by …"). */
export interface RestoreOptions {
  at?: Date
  /** `cli` (plant-store restore) unless the desktop app restores (`app`). */
  by?: RestoredBy
}

/** When `source` was made: its backup name's time, else its file's modification time. */
async function backupMadeAt(source: string): Promise<string> {
  return (backupTimeOf(path.basename(source)) ?? (await stat(source)).mtime).toISOString()
}

/** The computer account running the restore, when the system says. */
function accountName(): { user?: string } {
  try {
    return { user: userInfo().username }
  } catch {
    return {}
  }
}

/**
 * Restores `source` into `dataDir`, creating the folder (0700) when it does
 * not exist yet: restoring onto a new computer is the main reason to restore.
 * Refused (DataDirLockedError) while a server or the app holds the folder;
 * refused (DataFileError) when `source` is not a catalogue the API could have
 * written, record by record (see check-backup.ts). The source is only read,
 * never checked for owner or mode: a backup on a FAT USB stick shows 0777.
 * The steps are ordered so that a crash at any point leaves either the old
 * catalogue or the restored one, never an empty folder: the old file is linked
 * aside, the new one renamed over it (its journalGen makes the old journals
 * obsolete), and only then are the old journals moved aside.
 */
export async function restoreFromBackup(dataDir: string, source: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const at = options.at ?? new Date()
  const created = await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await checkStoreFolder(dataDir)
  const lock = await acquireDataDirLock(dataDir, 'plant-store restore', 'restore')
  let restored = false
  try {
    const data = checkBackup(source, migrateToCurrent(source, parseDataFileText(source, await readBackupText(source))).data)
    await removeStoreLeftovers(dataDir) // e.g. the temp file of a restore killed before
    const suffix = `replaced-${at.toISOString().replace(/[:.]/g, '-')}`
    const file = path.join(dataDir, DATA_FILE_NAME)
    const journals = await listJournals(dataDir)
    const onDisk = [file, ...journals.map((journal) => journal.file)]
    const nextId = Math.max(data.nextId, await highestOnDisk(onDisk, 'nextId'))
    if (nextId > PLANT_ID_MAX + 1) {
      throw new DataFileError(
        file,
        `it mentions nextId ${nextId}, above ${PLANT_ID_MAX + 1}: plant ids go up to ${PLANT_ID_MAX}, and restoring below it could hand out an id again`
      )
    }
    const plants = pastVersions(data.plants, await highestOnDisk(onDisk, 'version'))
    const journalGen =
      maxOf(
        journals.map((journal) => journal.gen),
        0
      ) + 1
    // The record streams keep what the replaced journals held and take in the backup's lists: every stream accepts
    // the backup first (a refusal writes nothing), then each keeps what it must and gives its part of the head.
    const replaced = await journalContents(journals)
    const restoring = { dataDir, source, backup: data, replaced, highestOnDisk: (name: 'nextSeq' | 'seq') => highestOnDisk(onDisk, name) }
    const steps: StreamRestore[] = []
    for (const [key, kind] of streamKinds()) if (kind.restore) steps.push(await kind.restore({ ...restoring, list: data.lists[key] }))
    const head: StreamHead = {}
    for (const step of steps) Object.assign(head, await step.keep?.())
    const nextSeq = head.nextSeq ?? data.nextSeq ?? 1 // the first seq after the restore (the change log gives it)
    const text = await serializeSnapshot({ nextId, journalGen, plants, idempotencyKeys: data.idempotencyKeys, ...head })
    refuseWhatStartRefuses(source, text)
    for (const step of steps) await step.commit?.()
    const keptAside = await keepAside(file, suffix)
    // Before the restored file: never a restored catalogue without its mark.
    const by = options.by ?? 'cli'
    await writeRestoreMark(dataDir, { seq: nextSeq, at: at.toISOString(), backupMadeAt: await backupMadeAt(source), by, ...accountName() })
    await replaceFile(file, text)
    // The journals belong to the replaced file; the new journalGen already tells a start to skip them.
    for (const journal of journals) await renameFile(nodeFileSystem, journal.file, `${journal.file}.${suffix}`).catch(() => undefined)
    restored = true
    return { keptAside, ...countPlants(data.plants), nextId }
  } finally {
    await lock.release()
    // A refused restore leaves no trace, not even the folder it made for itself.
    if (!restored && created !== undefined) await removeEmptyFolders(dataDir, created)
  }
}

/** Removes `dir` and its parents up to `top`, as long as each is empty. */
async function removeEmptyFolders(dir: string, top: string): Promise<void> {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    if (
      !(await rmdir(folder).then(
        () => true,
        () => false
      )) ||
      folder === top ||
      path.dirname(folder) === folder
    )
      return
  }
}
