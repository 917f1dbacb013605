/**
 * The records the till keeps beside the catalogue: sales, refunds and closed days, each saved in the journal line of
 * its changes (a `records` member, journal.ts) and kept in the data folder's sales file afterwards (sales-ledger.ts).
 * Each kind is numbered from its own gap-free sequence.
 */
import type { DayClose } from '#shared/day'
import type { Refund, Sale } from '#shared/sale'
import type { JournalRecord } from '#store/journal/journal'

/** The Idempotency-Key a sale or refund came with: who sent it, the key, and a print of the body it answered. */
export interface RecordKey {
  by: string
  key: string
  fingerprint: string
}

export type SaleRecord = Sale & { kind: 'sale'; key?: RecordKey }
export type RefundRecord = Refund & { kind: 'refund'; key?: RecordKey }
export type DayRecord = DayClose & { kind: 'day'; key?: RecordKey }
export type LedgerRecord = SaleRecord | RefundRecord | DayRecord
export type LedgerKind = LedgerRecord['kind']

/** The record's number in its kind's sequence: a sale's receipt, a refund's number, a day's number. */
export function numberOf(record: LedgerRecord): number {
  return record.kind === 'sale' ? record.receipt : record.kind === 'refund' ? record.refund : record.day
}

/** True for a journal record of one of the ledger's kinds with its number. */
export function isLedgerRecord(record: { kind: string }): record is LedgerRecord {
  const number = (record as Record<string, unknown>)[record.kind === 'sale' ? 'receipt' : record.kind === 'refund' ? 'refund' : 'day']
  return ['sale', 'refund', 'day'].includes(record.kind) && Number.isSafeInteger(number) && (number as number) > 0
}

/** A record as the API answers it: without the store's kind and key. */
export function publicOf<R extends LedgerRecord>(record: R): Omit<R, 'kind' | 'key'> {
  const { kind: _kind, key: _key, ...rest } = record as R & { key?: RecordKey }
  return rest
}

/** The record as the journal line holds it (a plain object with its kind). */
export const journalRecordOf = (record: LedgerRecord): JournalRecord => record as unknown as JournalRecord
