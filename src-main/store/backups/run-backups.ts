/**
 * The backups an open store makes while it writes: at most once per interval,
 * counted from the newest backup already there (an earlier run's), the first of
 * a run holding the catalogue as it was opened. They are written in the background: a failed backup never blocks
 * a sale; it is reported and tried again at the next one.
 */
import { BackupSchedule, writeBackup } from './backups'
import { serializeSnapshotParts, type CatalogueSnapshot } from '#store/file/snapshot'
import type { StreamsBackup } from '#store/streams/record-streams'

/** The automatic backups of one open store. */
export class RunBackups {
  readonly #dir: string
  readonly #schedule: BackupSchedule
  readonly #writing = new Set<Promise<void>>()
  /** The record streams' part, as saved when the backup is written (record-streams.ts, openStreamsBackup). */
  readonly #streams: () => Promise<StreamsBackup>
  /** The catalogue as it was when opened, until the first backup of this run holds it. */
  #openingState: CatalogueSnapshot | undefined

  constructor(dir: string, openingState: CatalogueSnapshot, streams: () => Promise<StreamsBackup>, intervalMs?: number, lastBackupAt?: Date) {
    this.#dir = dir
    this.#streams = streams
    this.#openingState = openingState
    this.#schedule = new BackupSchedule(intervalMs, lastBackupAt)
  }

  /** After a saved batch: starts a backup when one is due; `current` gives the catalogue as it is now. */
  afterSave(now: Date, current: () => CatalogueSnapshot): void {
    if (!this.#schedule.claim(now)) return
    const state = this.#openingState ?? current()
    this.#openingState = undefined
    const task = this.#write(state, now)
    this.#writing.add(task)
    void task.finally(() => this.#writing.delete(task))
  }

  /** Resolves once the backups being written have ended. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.#writing)
  }

  async #write(state: CatalogueSnapshot, now: Date): Promise<void> {
    try {
      await writeBackup(this.#dir, await serializeSnapshotParts({ ...state, ...(await this.#streams()) }), now)
    } catch (error) {
      console.error(`[plant-store] could not write a backup in ${this.#dir}:`, error)
    }
  }
}
