/**
 * The store's own files in the data folder: the check that they can be
 * trusted before a start (see data-folder-trust.ts), and the clean-up of
 * what killed processes left behind.
 */
import path from 'node:path'
import { backupsDir } from '#store/backups/backups'
import { checkDataFolder } from './data-folder-trust'
import { listJournals } from '#store/journal/journal'
import { removeLeftovers } from './leftovers'
import { LOCK_FILE_NAME } from './lock'
import { DATA_FILE_NAME } from '#store/file/read-catalogue'

/** Checks the data folder and the store's files in it (catalogue, lock, journals, backups folder); throws UntrustedDataFolderError. */
export async function checkStoreFolder(dir: string): Promise<void> {
  const journals = (await listJournals(dir)).map((journal) => path.basename(journal.file))
  await checkDataFolder(dir, [DATA_FILE_NAME, LOCK_FILE_NAME, path.basename(backupsDir(dir)), ...journals])
}

/** Cleans the data folder and its backups folder of leftovers; the caller holds the folder's lock. */
export async function removeStoreLeftovers(dir: string): Promise<void> {
  await removeLeftovers(dir)
  await removeLeftovers(backupsDir(dir), false)
}
