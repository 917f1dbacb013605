/**
 * A backup on demand, shared by `plant-store backup` and the desktop app's
 * File → Back up now, so both copy the same thing the same way.
 */
import { writeBackup } from './backups'
import { checkStoreFolder } from '#store/folder/data-folder'
import { readCatalogue } from '#store/file/read-catalogue'
import { serializeSnapshot } from '#store/file/snapshot'
import { countPlants } from '#store/catalogue/stored-plant'
import type { PlantCount } from '#shared/words'

/** What a backup wrote, and how many plants it holds. */
export interface BackupMade extends PlantCount {
  file: string
}

/**
 * Writes the catalogue of `dataDir` as it stands now (plants.json plus the
 * changes in its journal) into DIR/backups/. Safe while a server or the app
 * holds the folder: it only reads the data files. Resolves undefined when
 * there is no catalogue yet; throws DataFileError for a damaged one, which is
 * not worth keeping as a "good" copy.
 */
export async function backUpNow(dataDir: string): Promise<BackupMade | undefined> {
  const catalogue = await readCatalogue(dataDir)
  if (catalogue) await checkStoreFolder(dataDir) // never writes into a folder (as root, say) that is not this user's
  if (!catalogue) return undefined
  const { data } = catalogue
  const text = await serializeSnapshot({
    nextId: data.nextId,
    journalGen: catalogue.lastGen + 1,
    plants: data.plants,
    idempotencyKeys: data.idempotencyKeys
  })
  return { file: await writeBackup(dataDir, text), ...countPlants(data.plants) }
}
