/**
 * A backup's sales ledger (every sale, refund and closed day) is let in only when each record is one Plant Store
 * could have written: an object of a known kind, with its number and time, each number once per kind. A gap is let
 * in: it is what a folder that lost part of sales.jsonl backs up, and its sales are worth restoring all the same (the
 * numbers go on from the highest).
 */
import { isLedgerRecord, numberOf, type LedgerRecord } from './sale-records'
import { isTimestamp } from '#store/backups/check-backup-time'

/** The problems that keep `value` (a backup's `ledger`) out; none for a sound ledger. */
export function ledgerProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['ledger is not a list']
  const problems: string[] = []
  const numbers = { sale: new Set<number>(), refund: new Set<number>(), day: new Set<number>() }
  value.forEach((record: unknown, index) => {
    const where = `ledger[${index}]`
    if (typeof record !== 'object' || record === null || Array.isArray(record) || !isLedgerRecord(record as { kind: string })) {
      problems.push(`${where} is not a sale, refund or day record with its number`)
      return
    }
    const known = record as LedgerRecord
    const time = known.kind === 'day' ? known.closedAt : known.at
    if (!isTimestamp(time)) problems.push(`${where} has no time such as 2024-05-01T09:00:00.000Z`)
    const seen = numbers[known.kind]
    if (seen.has(numberOf(known))) problems.push(`${where}: ${known.kind} ${numberOf(known)} is in the ledger twice`)
    seen.add(numberOf(known))
  })
  return problems
}
