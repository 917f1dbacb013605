/**
 * Saves the catalogue as plants.json (a checkpoint, or the whole catalogue
 * written anew after the folder was lost), then deletes the journals it holds;
 * the record streams keep those journals' records in their own files first.
 * A checkpoint also drops tombstones older than {@link TOMBSTONE_DAYS} days:
 * a deleted plant can be restored for that long.
 */
import { unlink } from 'node:fs/promises'
import type { Low } from 'lowdb'
import type { PlantFile } from './data-file'
import { listJournals } from '#store/journal/journal'
import type { PublishedCatalogue } from '#store/catalogue/published-catalogue'

/** Days a deleted plant stays restorable; older tombstones are purged at a checkpoint. */
export const TOMBSTONE_DAYS = 30

/** What a snapshot is written from. */
export interface SnapshotSource {
  dir: string
  db: Low<PlantFile>
  catalogue: PublishedCatalogue
  now: () => Date
  /** The record streams append the records of the journals about to go (and, `withPending`, of the batch being saved) to their files. */
  flushStreams: (journalGen: number, withPending: boolean) => Promise<void>
}

/**
 * Saves the catalogue as plants.json, recording `journalGen` as the first
 * journal it does not hold, then deletes the journals before it; returns
 * how many plants it saved. The published catalogue goes through lowdb's
 * write(): our adapter (catalogue-file.ts) copies it before it first
 * yields, so batches go on meanwhile. With `withPending`, the batch being
 * saved is in it too (written anew after the folder was lost): that
 * content is not db.data, so it goes to the adapter itself.
 */
export async function writeSnapshot(source: SnapshotSource, journalGen: number, withPending = false): Promise<number> {
  const { db, catalogue, now } = source
  await source.flushStreams(journalGen, withPending) // first: the folded journals must not take the only copy of a record along
  // Between batches only (no batch is prepared): the tombstones dropped are in no journal still to be replayed.
  if (!withPending) catalogue.purgeDeletedBefore(new Date(now().getTime() - TOMBSTONE_DAYS * 86_400_000).toISOString())
  catalogue.stampForWrite(journalGen, now())
  const data = withPending ? catalogue.withPending(journalGen, now()) : db.data
  const count = data.plants.length
  await (withPending ? db.adapter.write(data) : db.write())
  for (const journal of await listJournals(source.dir)) {
    if (journal.gen < journalGen) await unlink(journal.file).catch(() => undefined)
  }
  return count
}
