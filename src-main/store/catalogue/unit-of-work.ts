/**
 * The unit of work: what one batch of the group commit stages (plants, the idempotency keys of their calls, change
 * log entries and callers' typed records such as a sale's receipt) and the ONE journal line it becomes. It is written
 * with one append and one fsync, then published to the catalogue and to every record stream, or discarded whole:
 * nothing of it reaches readers before the line is on disk, and a failed write leaves none of it anywhere.
 */
import type { IdempotencyRecord } from '#store/file/data-file'
import type { HistoryEntry } from '#store/history/history-entry'
import type { JournalEntry, JournalRecord } from '#store/journal/journal'
import type { StoredPlant } from './stored-plant'

/** One change of a batch: a plant record, the idempotency key that came with it and its change log entry, each possibly absent. */
export interface StagedChange {
  plant?: StoredPlant
  key?: IdempotencyRecord
  /** The change's entry in the change log, saved in the same journal line. */
  history?: HistoryEntry
  /** A caller's own record, saved in the same journal line (journal.ts, JournalRecord). */
  record?: JournalRecord
}

/** The changes of one batch, as the journal line that makes them durable together. */
export class UnitOfWork {
  /** The journal line: its plants, keys, change log entries and records, each list only when not empty. */
  readonly line: JournalEntry

  /** `nextId`: the catalogue's next id once the batch is saved. */
  constructor(nextId: number, changes: readonly StagedChange[]) {
    this.line = journalEntryOf(nextId, changes)
  }

  /** The change log entries of the batch, in the order they were staged. */
  get history(): readonly HistoryEntry[] {
    return this.line.history ?? []
  }

  /** The callers' records of the batch (a sale's receipt, a refund, a closed day). */
  get records(): readonly JournalRecord[] {
    return this.line.records ?? []
  }
}

/** The journal line of a batch: its plants, keys, change log entries and records, each list only when not empty. */
function journalEntryOf(nextId: number, changes: readonly StagedChange[]): JournalEntry {
  // One pass: a stock-take or an import stages thousands of changes.
  const plants: StoredPlant[] = []
  const keys: IdempotencyRecord[] = []
  const history: HistoryEntry[] = []
  const records: JournalRecord[] = []
  for (const change of changes) {
    if (change.plant) plants.push(change.plant)
    if (change.key) keys.push(change.key)
    if (change.history) history.push(change.history)
    if (change.record) records.push(change.record)
  }
  return {
    nextId,
    plants,
    ...(keys.length > 0 ? { keys } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...(records.length > 0 ? { records } : {})
  }
}
