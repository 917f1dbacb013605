/**
 * What a backup made from the data files holds, shared by `plant-store backup`, the desktop app's File → Back up
 * now and the backups into the backup folder (a USB stick), so that every copy holds the same thing, written the
 * same way.
 */
import { writeBackup } from './backups'
import { checkStoreFolder } from '#store/folder/data-folder'
import { readCatalogue } from '#store/file/read-catalogue'
import { serializeSnapshot } from '#store/file/snapshot'
import { countPlants } from '#store/catalogue/stored-plant'
import type { PlantCount } from '#shared/words'
import { maxOf } from '#shared/arrays'

/** What a backup wrote, and how many plants it holds. */
export interface BackupMade extends PlantCount {
  file: string
}

/** A backup's text, and how many plants it holds. */
export interface BackupSnapshot extends PlantCount {
  text: string
}

/**
 * The catalogue of `dataDir` as it stands now (plants.json plus the changes in its journal), as a backup holds it:
 * the plants, the change log's next seq, and the idempotency keys of the calls that made them, so that a retry after
 * a restore from this copy answers as the first call did instead of applying its change twice. Safe while a server or the app holds the
 * folder: it only reads the data files. Undefined when there is no catalogue yet; throws DataFileError for a
 * damaged one, which is not worth keeping as a "good" copy.
 */
export async function backupSnapshot(dataDir: string): Promise<BackupSnapshot | undefined> {
  const catalogue = await readCatalogue(dataDir)
  if (!catalogue) return undefined
  await checkStoreFolder(dataDir) // a backup records itself there: never in a folder (as root, say) that is not this user's
  const { data } = catalogue
  // The journal's entries are above plants.json's nextSeq, as the store counts on opening it.
  const lastSeq = maxOf(
    catalogue.history.flatMap(({ entries }) => entries.map((entry) => entry.seq)),
    (data.nextSeq ?? 1) - 1
  )
  const text = await serializeSnapshot({
    nextId: data.nextId,
    journalGen: catalogue.lastGen + 1,
    plants: data.plants,
    idempotencyKeys: data.idempotencyKeys,
    nextSeq: lastSeq + 1
  })
  return { text, ...countPlants(data.plants) }
}

/** Writes {@link backupSnapshot} of `dataDir` into DIR/backups/; undefined when there is no catalogue yet. */
export async function backUpNow(dataDir: string): Promise<BackupMade | undefined> {
  const snapshot = await backupSnapshot(dataDir)
  if (!snapshot) return undefined
  const { text, ...counts } = snapshot
  return { file: await writeBackup(dataDir, text), ...counts }
}
