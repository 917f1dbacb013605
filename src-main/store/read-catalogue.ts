/**
 * Reads the catalogue as it stands on disk: the snapshot in `plants.json`
 * plus the journals written after it, replayed in order.
 */
import path from 'node:path'
import type { Plant } from '../../src-shared/plant'
import { DataFileError, checkPlantFile, type PlantFile } from './data-file'
import { listJournals, parseJournal, type JournalFile } from './journal'
import { nodeFileSystem, type FileSystem } from './json-file'
import { loadPlantFile } from './load-plant-file'

/** Name of the snapshot file inside the data directory. */
export const DATA_FILE_NAME = 'plants.json'

/** The catalogue as read from disk. */
export interface StoredCatalogue {
  data: PlantFile
  /** Version of plants.json on disk; below the current one when it was migrated in memory. */
  fromVersion: number
  /** Journals replayed on top of the snapshot. */
  replayed: JournalFile[]
  /** Journals older than the snapshot (left by a checkpoint cut short), safe to delete. */
  obsolete: JournalFile[]
  /** Highest journal generation on disk (or the snapshot's), so new appends start above it. */
  lastGen: number
}

async function readText(fs: FileSystem, file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Applies journal entries to `data` in place (upsert by id; new ids are the highest so far). */
function replay(data: PlantFile, entries: { nextId: number; plants: Plant[] }[]): void {
  const index = new Map(data.plants.map((plant, position) => [plant.id, position]))
  for (const entry of entries) {
    data.nextId = Math.max(data.nextId, entry.nextId)
    for (const plant of entry.plants) {
      const position = index.get(plant.id)
      if (position !== undefined) data.plants[position] = plant
      else {
        index.set(plant.id, data.plants.length)
        data.plants.push(plant)
      }
    }
  }
}

/**
 * Reads `dir`'s catalogue; undefined when there is none yet. Throws
 * DataFileError naming the file for anything it cannot trust.
 */
export async function readCatalogue(dir: string, fs: FileSystem = nodeFileSystem): Promise<StoredCatalogue | undefined> {
  const file = path.join(dir, DATA_FILE_NAME)
  const journals = await listJournals(dir)
  const text = await readText(fs, file)
  if (text === undefined) {
    if (journals.length === 0) return undefined
    throw new DataFileError(file, `the file is missing, but journal files (${path.basename(journals[0]!.file)}, …) are there`)
  }
  const loaded = loadPlantFile(file, text)
  const firstGen = loaded.data.journalGen ?? 1
  const replayed = journals.filter((journal) => journal.gen >= firstGen)
  for (const journal of replayed) {
    replay(loaded.data, parseJournal(journal.file, (await readText(fs, journal.file)) ?? ''))
  }
  // Re-check the whole result: order, ids below nextId.
  const data = replayed.length > 0 ? checkPlantFile(replayed.at(-1)!.file, loaded.data) : loaded.data
  return {
    data,
    fromVersion: loaded.fromVersion,
    replayed,
    obsolete: journals.filter((journal) => journal.gen < firstGen),
    lastGen: Math.max(firstGen - 1, ...journals.map((journal) => journal.gen))
  }
}
