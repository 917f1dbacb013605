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
import { streamsBackupOf } from '#store/streams/record-streams'

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
 * the plants, the idempotency keys of the calls that made them, so that a retry after a restore from this copy
 * answers as the first call did instead of applying its change twice, and each record stream's part (record-streams.ts:
 * the change log's next seq; the sales ledger, every sale, refund and closed day of sales.jsonl and the journals'
 * records), so that a restore, or a copy to a new computer, loses no sale and never hands out a seq, receipt or day
 * number again. Safe while a server or the app holds the
 * folder: it only reads the data files. Undefined when there is no catalogue yet; throws DataFileError for a
 * damaged one, which is not worth keeping as a "good" copy.
 */
export async function backupSnapshot(dataDir: string): Promise<BackupSnapshot | undefined> {
  const catalogue = await readCatalogue(dataDir)
  if (!catalogue) return undefined
  await checkStoreFolder(dataDir) // a backup records itself there: never in a folder (as root, say) that is not this user's
  const { data } = catalogue
  const streams = await streamsBackupOf({ ...catalogue, dir: dataDir })
  const text = await serializeSnapshot({
    nextId: data.nextId,
    journalGen: catalogue.lastGen + 1,
    plants: data.plants,
    idempotencyKeys: data.idempotencyKeys,
    ...streams
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
