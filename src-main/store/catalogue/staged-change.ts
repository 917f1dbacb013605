/** What one change puts into the batch being saved, and the journal line a batch becomes. */
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

/** The journal line of a batch: its plants, keys, change log entries and records, each list only when not empty. */
export function journalEntryOf(nextId: number, changes: readonly StagedChange[]): JournalEntry {
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
