/**
 * The writing side of an open store: the journal it appends to, the keeping of its folder and lock, checkpoints and
 * the run's backups. A store opened for reading only (ShopStore.openReadOnly) has none of it, so it never writes.
 */
import type { OpenShopStoreOptions, OpenedCatalogue } from '#store/file/open-catalogue'
import { ActiveJournal } from '#store/journal/active-journal'
import { Checkpoints } from '#store/journal/checkpoints'
import type { GroupCommit } from '#store/journal/group-commit'
import { FolderKeeping } from '#store/folder/folder-keeping'
import { RunBackups } from '#store/backups/run-backups'
import { writeSnapshot } from '#store/file/write-snapshot'
import type { PublishedCatalogue } from '#store/catalogue/published-catalogue'
import type { StagedChange } from '#store/catalogue/unit-of-work'
import { openStreamsBackup, type NamedStream } from '#store/streams/record-streams'

/** What an open store writes with. */
export interface StoreWriting {
  journal: ActiveJournal
  folder: FolderKeeping
  checkpoints: Checkpoints
  backups: RunBackups
  /** Lets go of the data folder's lock (only while the lock file is still this process's). */
  release(): Promise<void>
}

/** The parts of the store its writing side works on. */
export interface WritingHost {
  dir: string
  /** plants.json */
  file: string
  catalogue: PublishedCatalogue
  streams: readonly NamedStream[]
  now: () => Date
  commits: GroupCommit<StagedChange>
}

/** Starts the writing side of a store opened for writing (`opened` holds the folder's lock and a fresh journal). */
export function startWriting(opened: OpenedCatalogue, options: OpenShopStoreOptions, host: WritingHost): StoreWriting {
  const { db, snapshot, guard } = opened
  const journal = new ActiveJournal(options.dir, opened.journal, options.fs)
  const opening = host.catalogue.snapshot(opened.journal.gen, host.now())
  const backups = new RunBackups(host.dir, opening, () => openStreamsBackup(host.streams), options.backupIntervalMs, opened.lastBackupAt)
  const between = (task: () => Promise<void>) => host.commits.exclusive(task)
  const flushStreams = async (gen: number, withPending: boolean) => {
    for (const { stream } of host.streams) await stream.flushBefore(gen, withPending)
  }
  const source = { dir: host.dir, db, catalogue: host.catalogue, now: host.now, flushStreams }
  const snapshotAt = (journalGen: number, withPending = false) => writeSnapshot(source, journalGen, withPending)
  const folder = new FolderKeeping(guard, journal, between, snapshotAt)
  const checkpoints = new Checkpoints({
    file: host.file,
    dir: host.dir,
    journal,
    between,
    ready: () => folder.readyToCheckpoint(),
    writeSnapshot: async (journalGen) => void (await snapshotAt(journalGen)),
    snapshotSize: () => snapshot.size,
    beforeFold: () => flushStreams(Number.MAX_SAFE_INTEGER, false),
    refused: () => folder.refusal !== undefined,
    idleMs: options.checkpointIdleMs,
    journalBytes: options.checkpointBytes
  })
  if (opened.hasOldJournals) checkpoints.armIdle()
  return { journal, folder, checkpoints, backups, release: () => guard.lock.release() }
}
