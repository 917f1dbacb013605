/** Puts a backup back in place of the catalogue, after checking it; the files it replaces are kept aside. */
import { readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { listJournals } from './journal'
import { DurableJsonFile } from './json-file'
import { loadPlantFile } from './load-plant-file'
import { acquireDataDirLock } from './lock'
import { DATA_FILE_NAME } from './read-catalogue'
import { serializeSnapshot } from './snapshot'

/** What a restore did. */
export interface RestoreResult {
  /** Where the replaced catalogue was moved, if there was one. */
  keptAside: string | undefined
  plantCount: number
}

async function moveAside(file: string, suffix: string): Promise<string | undefined> {
  try {
    await rename(file, `${file}.${suffix}`)
    return `${file}.${suffix}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Restores `source` into `dataDir`. Refused (DataDirLockedError) while a server
 * or the app holds the folder; refused (DataFileError) when `source` is not a
 * valid catalogue. The replaced plants.json and its journals are kept aside
 * with a `.replaced-<time>` suffix.
 */
export async function restoreFromBackup(dataDir: string, source: string, at = new Date()): Promise<RestoreResult> {
  const lock = await acquireDataDirLock(dataDir, 'plant-store restore')
  try {
    const { data } = loadPlantFile(source, await readFile(source, 'utf8'))
    const suffix = `replaced-${at.toISOString().replace(/[:.]/g, '-')}`
    const file = path.join(dataDir, DATA_FILE_NAME)
    const keptAside = await moveAside(file, suffix)
    // The journals belong to the replaced file; replaying them over the backup would mix two histories.
    const journals = await listJournals(dataDir)
    for (const journal of journals) await moveAside(journal.file, suffix)
    const journalGen = Math.max(0, ...journals.map((journal) => journal.gen)) + 1
    const text = await serializeSnapshot({ nextId: data.nextId, journalGen, plants: data.plants })
    await new DurableJsonFile(file, { parse: JSON.parse }).writeText(text)
    return { keptAside, plantCount: data.plants.length }
  } finally {
    await lock.release()
  }
}
