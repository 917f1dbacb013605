/**
 * Reads the catalogue as it stands on disk: the snapshot in `plants.json`
 * plus the journals written after it, replayed in order.
 */
import path from 'node:path'
import type { Plant } from '#shared/plant'
import { CatalogueFile } from './catalogue-file'
import { DataFileError, type PlantFile } from './data-file'
import { journalCut, listJournals, readJournal, type JournalEntry, type JournalFile, type JournalRecord } from '#store/journal/journal'
import type { ReplayedHistory } from '#store/history/history-log'
import { nodeFileSystem, type FileSystem } from '#lib/durable-file'
import { readTextIfPresent } from '#lib/fs-errors'
import { maxOf, pushAll } from '#shared/arrays'
import { AppError } from '#shared/app-error'

/** Name of the snapshot file inside the data directory. */
export const DATA_FILE_NAME = 'plants.json'

/** A snapshot with the journals that follow it replayed onto it. */
export interface ReplayedCatalogue {
  data: PlantFile
  /** Journals replayed on top of the snapshot. */
  replayed: JournalFile[]
  /** Journals older than the snapshot (left by a checkpoint cut short), safe to delete. */
  obsolete: JournalFile[]
  /** Highest journal generation on disk (or the snapshot's), so new appends start above it. */
  lastGen: number
  /** Unfinished last lines dropped from journals (writes cut short by a crash, never acknowledged). */
  torn: { file: string; bytes: number }[]
  /** The change log entries of the replayed journals, by generation (history-log.ts). */
  history: ReplayedHistory[]
  /** The callers' records of the replayed journals (a sale's receipt), by generation. */
  records: ReplayedRecords[]
}

/** The callers' records replayed from one journal generation. */
export interface ReplayedRecords {
  gen: number
  records: JournalRecord[]
}

/** The catalogue as read from disk. */
export interface StoredCatalogue extends ReplayedCatalogue {
  /** Version of plants.json on disk; below the current one when it was migrated in memory. */
  fromVersion: number
  /** Size of plants.json as read. */
  snapshotBytes: number
}

/** A journal that was listed but is gone by the time it is read: a checkpoint of a running server removed it. */
class JournalVanished extends AppError {}

/**
 * Applies one journal's entries to `data` in place (upsert by id; a new id
 * must be above every id so far, so the list stays sorted). `indexOf()` (id →
 * position) is built once by the caller, when a first line needs it (a clean
 * stop leaves no journal lines: 100k plants start without it), and kept up to date here, and only
 * the replayed records are checked, so replay costs O(catalogue + journal
 * lines), however many journal files there are.
 */
function replay(file: string, data: PlantFile, indexOf: () => Map<number, number>, entries: JournalEntry[]): void {
  for (const entry of entries) {
    const index = indexOf()
    data.nextId = Math.max(data.nextId, entry.nextId)
    for (const plant of entry.plants) {
      const position = index.get(plant.id)
      const replayed = withVersion(plant, position === undefined ? undefined : data.plants[position])
      if (position !== undefined) {
        data.plants[position] = replayed
        continue
      }
      const last = data.plants.at(-1)?.id ?? 0
      if (plant.id <= last)
        throw new DataFileError(file, `it adds plant ${plant.id} below the highest id so far (${last}): ids are out of order or repeated`)
      index.set(plant.id, data.plants.length)
      data.plants.push(replayed)
    }
    if (entry.keys) pushAll((data.idempotencyKeys ??= []), entry.keys)
  }
}

/** A line written before plants had versions (an older Plant Store that stopped uncleanly) counts as one more change. */
function withVersion(plant: Plant, before: Plant | undefined): Plant {
  return plant.version === undefined ? { ...plant, version: (before?.version ?? 0) + 1 } : plant
}

/** Reads the journals' texts, each cut where the next one says its valid part ends. */
async function readJournalTexts(fs: FileSystem, journals: JournalFile[]): Promise<string[]> {
  const buffers: Buffer[] = []
  for (const journal of journals) {
    // Synchronously when the file system can: journals are small and may be many (a thread-pool trip each would dominate).
    const text = await readTextIfPresent(journal.file, fs.readFileSync ?? fs.readFile)
    if (text === undefined) throw new JournalVanished(journal.file)
    buffers.push(Buffer.from(text, 'utf8'))
  }
  return buffers.map((buffer, index) => {
    const next = buffers[index + 1]
    const cut = next === undefined ? undefined : journalCut(next.subarray(0, 64).toString('utf8'))
    return (cut === undefined ? buffer : buffer.subarray(0, cut)).toString('utf8')
  })
}

/**
 * Replays onto `data` (plants.json as read from `file`, or null when there is
 * none), in place, those of `journals` that follow it. Undefined when there is
 * neither a snapshot nor a journal; DataFileError for anything it cannot trust.
 */
export async function replayJournals(
  file: string,
  data: PlantFile | null,
  journals: JournalFile[],
  fs: FileSystem = nodeFileSystem
): Promise<ReplayedCatalogue | undefined> {
  if (data === null) {
    if (journals.length === 0) return undefined
    throw new DataFileError(file, `the file is missing, but journal files (${path.basename(journals[0]!.file)}, …) are there`)
  }
  const firstGen = data.journalGen ?? 1
  const replayed = journals.filter((journal) => journal.gen >= firstGen)
  const texts = await readJournalTexts(fs, replayed)
  const torn: ReplayedCatalogue['torn'] = []
  const history: ReplayedHistory[] = []
  const records: ReplayedRecords[] = []
  let index: Map<number, number> | undefined
  const indexOf = () => (index ??= new Map(data.plants.map((plant, position) => [plant.id, position])))
  replayed.forEach((journal, position) => {
    const read = readJournal(journal.file, texts[position]!)
    if (read.tornBytes > 0) torn.push({ file: journal.file, bytes: read.tornBytes })
    replay(journal.file, data, indexOf, read.entries)
    history.push({ gen: journal.gen, entries: read.entries.flatMap((entry) => entry.history ?? []) })
    records.push({ gen: journal.gen, records: read.entries.flatMap((entry) => entry.records ?? []) })
  })
  const highest = data.plants.at(-1)?.id ?? 0
  if (highest >= data.nextId) throw new DataFileError(`${file} with its journals replayed`, `plant ${highest} is not below nextId ${data.nextId}`)
  return {
    data,
    replayed,
    obsolete: journals.filter((journal) => journal.gen < firstGen),
    lastGen: maxOf(
      journals.map((journal) => journal.gen),
      firstGen - 1
    ),
    torn,
    history,
    records
  }
}

async function readOnce(dir: string, fs: FileSystem): Promise<StoredCatalogue | undefined> {
  const journals = await listJournals(dir)
  const snapshot = new CatalogueFile(path.join(dir, DATA_FILE_NAME), fs)
  const replayed = await replayJournals(snapshot.file, await snapshot.read(), journals, fs)
  return replayed && { ...replayed, fromVersion: snapshot.fromVersion!, snapshotBytes: snapshot.size }
}

/**
 * Reads `dir`'s catalogue; undefined when there is none yet. Throws
 * DataFileError naming the file for anything it cannot trust. Safe while a
 * server runs (e.g. for `plant-store backup`): a checkpoint that removes a
 * journal mid-read makes it read again.
 */
export async function readCatalogue(dir: string, fs: FileSystem = nodeFileSystem): Promise<StoredCatalogue | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readOnce(dir, fs)
    } catch (error) {
      if (!(error instanceof JournalVanished) || attempt >= 5) throw error
    }
  }
}
