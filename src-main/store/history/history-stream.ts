/**
 * The change log as a record stream (streams/record-stream.ts): its entries go into the journal line of their
 * changes (the line's `history` list), reach the monthly history files before a checkpoint folds that journal away,
 * and its part of plants.json and of a backup is the next seq. A restore keeps the replaced catalogue's last entries
 * and moves the seq past every one handed out, so no cursor of before the restore ever matches a change after it.
 */
import { maxOf } from '#shared/arrays'
import type { HistoryEntry } from './history-entry'
import { HistoryLog } from './history-log'
import { HistoryWriter } from './history-writer'
import type { RecordStream, RecordStreamKind, StreamSource } from '#store/streams/record-stream'

/** The entries of `source`'s journals, in seq order. */
const entriesOf = (source: Pick<StreamSource, 'history'>): HistoryEntry[] =>
  source.history.flatMap(({ entries }) => entries).sort((a, b) => a.seq - b.seq)

/** The change log of an open store, driven by its write path. */
function historyStreamOf(log: HistoryLog): RecordStream {
  let staged: readonly HistoryEntry[] = [] // the entries of the unit of work being written
  return {
    stage: (work) => void (staged = work.history),
    publish(gen) {
      log.saved(staged, gen)
      // The log now holds them until they reach its files: kept here too, an import of 300,000 plants stayed in
      // memory (its entries hold the full plants) until the next write.
      staged = []
    },
    discard: () => void (staged = []),
    flushBefore: (gen, withPending) => log.flushBefore(gen, withPending ? staged : [])
  }
}

/** The change log's kind of stream (its next seq is in the catalogue's own snapshot, so an open store's backup needs nothing of it). */
export const HISTORY_STREAM: RecordStreamKind<HistoryLog> = {
  open(source) {
    const log = new HistoryLog(source.dir, source.data, source.history)
    return { live: log, stream: historyStreamOf(log) }
  },

  // The journal's entries are above plants.json's nextSeq, as the store counts on opening it.
  backupOf: async (source) => {
    const seqs = source.history.flatMap(({ entries }) => entries.map((entry) => entry.seq))
    return { head: { nextSeq: maxOf(seqs, (source.data.nextSeq ?? 1) - 1) + 1 } }
  },

  async restore(source) {
    // The change log stays in the folder and goes on: no seq handed out before (in a journal, a history file or the backup) is used again.
    const writer = new HistoryWriter(source.dataDir)
    return {
      async keep() {
        await writer.append(entriesOf(source.replaced)) // the change log keeps the changes the replaced catalogue last made
        const seqs = [
          source.backup.nextSeq ?? 1,
          await source.highestOnDisk('nextSeq'),
          (await source.highestOnDisk('seq')) + 1,
          (await writer.lastSeq()) + 1
        ]
        // One seq skipped, so that even a cursor at the very last change before the restore is older than the mark.
        return { nextSeq: maxOf(seqs) + 1 }
      }
    }
  }
}
