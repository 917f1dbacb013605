/**
 * The sales ledger as a record stream (streams/record-stream.ts): a sale, refund or closed day is staged inside the
 * serialised step (its number must see the batch), saved in the journal line of its stock movements, appended to
 * sales.jsonl before a checkpoint folds that journal away, and held by a backup after the plants (`ledger`). A restore
 * keeps the sales the replaced journals held and takes in the backup's: sales happened whatever the catalogue is
 * restored to, and no receipt or day number ever goes back.
 */
import { ledgerProblems } from './check-backup-ledger'
import type { LedgerRecord } from './sale-records'
import { SalesLedger, ledgerRecordsOf } from './sales-ledger'
import type { RecordStream, RecordStreamKind } from '#store/streams/record-stream'

/** The ledger of an open store, driven by its write path. */
function salesStreamOf(ledger: SalesLedger): RecordStream {
  return {
    stage: () => undefined, // staged in the step by the sale, the refund or the close (SalesLedger.stage)
    publish: (gen) => ledger.publish(gen),
    discard: () => ledger.discard(),
    flushBefore: (gen, withPending) => ledger.flushBefore(gen, withPending),
    // As saved when the backup is written (sales are never undone, so a later one holds more).
    backup: async () => ({ list: await ledger.records() })
  }
}

/** The sales ledger's kind of stream; read at its first use, never at the start (SalesLedger.deferred). */
export const SALES_STREAM: RecordStreamKind<SalesLedger> = {
  open(source) {
    const ledger = SalesLedger.deferred(source.dir, source.records)
    return { live: ledger, stream: salesStreamOf(ledger) }
  },

  backupOf: async (source) => ({ list: await ledgerRecordsOf(source.dir, source.records) }),

  checkList: ledgerProblems,

  async restore(source) {
    const ledger = await SalesLedger.open(source.dataDir, source.replaced.records)
    if (source.list) await ledger.adopt(source.source, source.list as readonly LedgerRecord[]) // a copy onto a new computer brings its sales along
    return { commit: () => ledger.flushBefore(Number.MAX_SAFE_INTEGER) }
  }
}
