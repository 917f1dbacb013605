/** What one change puts into the batch being saved, and the journal line a batch becomes. */
import type { IdempotencyRecord } from '#store/file/data-file'
import type { HistoryEntry } from '#store/history/history-entry'
import type { JournalEntry, JournalRecord } from '#store/journal/journal'
import type { StoredPlant } from './stored-plant'

/** One change of a batch: a plant record, the idempotency key that came with it and its change log entry, each possibly absent. */
export interface StagedChange {
  plant?: StoredPlant
  key?: IdempotencyRecord
  /** The change's entry in the change log, saved in the same journal line (issue 14). */
  history?: HistoryEntry
  /** A caller's own record, saved in the same journal line (journal.ts, JournalRecord). */
  record?: JournalRecord
}

/** The journal line of a batch: its plants, keys, change log entries and records, each list only when not empty. */
export function journalEntryOf(nextId: number, changes: readonly StagedChange[]): JournalEntry {
  const plants = changes.flatMap((change) => (change.plant ? [change.plant] : []))
  const keys = changes.flatMap((change) => (change.key ? [change.key] : []))
  const history = changes.flatMap((change) => (change.history ? [change.history] : []))
  const records = changes.flatMap((change) => (change.record ? [change.record] : []))
  return {
    nextId,
    plants,
    ...(keys.length > 0 ? { keys } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...(records.length > 0 ? { records } : {})
  }
}
