/**
 * The sales ledger: every sale, refund and closed day of the data folder, in memory, numbered gap-free per kind.
 * A record is saved in the journal line of its stock movements (one write, one fsync); before a checkpoint folds
 * that journal away, the record is appended to `sales.jsonl` and fsynced (as the change log does with its entries),
 * so a record is always in the journal, the file, or both. Numbers are taken from what is saved plus the batch
 * being written: a batch whose write fails takes its numbers back, so the sequence never has a gap, across restarts
 * and crashes alike (a record and its number are one journal line).
 */
import { open, readFile, truncate } from 'node:fs/promises'
import path from 'node:path'
import { syncDirectory, nodeFileSystem } from '#lib/durable-file'
import { DataFileError } from '#store/file/data-file'
import type { ReplayedRecords } from '#store/file/read-catalogue'
import { isLedgerRecord, numberOf, type DayRecord, type LedgerKind, type LedgerRecord, type RefundRecord, type SaleRecord } from './sale-records'

/** The ledger's file in the data folder: one record per line. */
export const SALES_FILE_NAME = 'sales.jsonl'

const idOf = (record: LedgerRecord) => `${record.kind}:${numberOf(record)}`
const keyId = (by: string, key: string) => JSON.stringify([by, key])

/** A keyed record that was found, and whether it belongs to the batch being written. */
export interface FoundRecord {
  record: LedgerRecord
  pending: boolean
}

/** The ledger of one open store. */
export class SalesLedger {
  readonly #file: string
  readonly #sales: SaleRecord[] = []
  readonly #refunds: RefundRecord[] = []
  readonly #days: DayRecord[] = []
  readonly #keys = new Map<string, LedgerRecord>()
  /** Refunds by the receipt they refund. */
  readonly #refundsOf = new Map<number, RefundRecord[]>()
  /** Records of the batch being written. */
  #pending: LedgerRecord[] = []
  /** Saved records not yet in the file, with the journal generation that holds them. */
  #unflushed: { gen: number; record: LedgerRecord }[] = []
  readonly #inFile = new Set<string>()
  #serial: Promise<unknown> = Promise.resolve()

  private constructor(dir: string) {
    this.#file = path.join(dir, SALES_FILE_NAME)
  }

  /** Reads the file, then the records of the replayed journals (those the file has already are skipped). */
  static async open(dir: string, replayed: readonly ReplayedRecords[]): Promise<SalesLedger> {
    const ledger = new SalesLedger(dir)
    for (const record of await readLedgerFile(ledger.#file)) {
      if (ledger.#inFile.has(idOf(record))) continue // written twice (never by this code): the first copy counts
      ledger.#inFile.add(idOf(record))
      ledger.#add(record)
    }
    for (const { gen, records } of replayed) {
      for (const record of records) {
        if (!isLedgerRecord(record) || ledger.#inFile.has(idOf(record))) continue
        ledger.#add(record)
        ledger.#unflushed.push({ gen, record })
      }
    }
    // In number order whatever order the file and the journals gave them (a batch written anew after the folder was lost
    // reaches the file before older records): the next number and the day's records are read from the end.
    for (const list of [ledger.#sales, ledger.#refunds, ledger.#days] as LedgerRecord[][]) list.sort((a, b) => numberOf(a) - numberOf(b))
    return ledger
  }

  #add(record: LedgerRecord): void {
    if (record.kind === 'sale') this.#sales.push(record)
    else if (record.kind === 'refund') {
      this.#refunds.push(record)
      this.#refundsOf.set(record.receipt, [...(this.#refundsOf.get(record.receipt) ?? []), record])
    } else this.#days.push(record)
    if (record.key) this.#keys.set(keyId(record.key.by, record.key.key), record)
  }

  /** The sale with `receipt`, saved (never one being written). */
  sale(receipt: number): SaleRecord | undefined {
    const found = this.#sales[receipt - 1]
    return found?.receipt === receipt ? found : this.#sales.find((sale) => sale.receipt === receipt)
  }

  get sales(): readonly SaleRecord[] {
    return this.#sales
  }

  get refunds(): readonly RefundRecord[] {
    return this.#refunds
  }

  get days(): readonly DayRecord[] {
    return this.#days
  }

  /** The refunds of `receipt`, with those of the batch being written. */
  refundsOf(receipt: number): RefundRecord[] {
    const pending = this.#pending.filter((record): record is RefundRecord => record.kind === 'refund' && record.receipt === receipt)
    return [...(this.#refundsOf.get(receipt) ?? []), ...pending]
  }

  /** The sale, refund or close an Idempotency-Key of `by` made, pending or saved. */
  findKey(by: string, key: string): FoundRecord | undefined {
    const id = keyId(by, key)
    const pending = this.#pending.find((record) => record.key && keyId(record.key.by, record.key.key) === id)
    if (pending) return { record: pending, pending: true }
    const saved = this.#keys.get(id)
    return saved && { record: saved, pending: false }
  }

  /**
   * The sales and refunds of `day` (with `withPending`, those of the batch being written too). Records are kept in the
   * order they were saved and days only move on, so this reads back from the end: a year of sales costs nothing.
   */
  ofDay(day: number, withPending = false): { sales: SaleRecord[]; refunds: RefundRecord[] } {
    const back = <R extends { day: number }>(list: readonly R[]) => {
      let start = list.length
      while (start > 0 && list[start - 1]!.day >= day) start--
      return list.slice(start).filter((record) => record.day === day)
    }
    const pending = withPending ? this.#pending : []
    return {
      sales: [...back(this.#sales), ...pending.filter((record): record is SaleRecord => record.kind === 'sale' && record.day === day)],
      refunds: [...back(this.#refunds), ...pending.filter((record): record is RefundRecord => record.kind === 'refund' && record.day === day)]
    }
  }

  /** The closed day `day`, if it is. */
  day(day: number): DayRecord | undefined {
    return this.#days[day - 1]
  }

  /** The number the next record of `kind` takes: one above the last saved or being written. */
  next(kind: LedgerKind): number {
    const pending = this.#pending.filter((record) => record.kind === kind)
    const last = pending.at(-1) ?? { sale: this.#sales, refund: this.#refunds, day: this.#days }[kind].at(-1)
    return last ? numberOf(last) + 1 : 1
  }

  /** The day being traded: one above the last closed (or being closed). */
  get currentDay(): number {
    return this.next('day')
  }

  /** Stages `record` for the batch being written. */
  stage(record: LedgerRecord): void {
    this.#pending.push(record)
  }

  /** The batch is on disk in journal generation `gen`: its records are saved. */
  publish(gen: number): void {
    for (const record of this.#pending) {
      this.#add(record)
      this.#unflushed.push({ gen, record })
    }
    this.#pending = []
  }

  /** The batch's write failed: its records, and the numbers they took, never existed. */
  discard(): void {
    this.#pending = []
  }

  /**
   * Appends to the file, durably, the records of journal generations before `gen` (with `withPending`, those of the
   * batch being written into a new plants.json too); called before plants.json stops needing those journals.
   */
  flushBefore(gen: number, withPending = false): Promise<void> {
    const extra = withPending ? [...this.#pending] : []
    if (extra.length === 0 && !this.#unflushed.some((item) => item.gen < gen)) return Promise.resolve() // resolved: awaiting it lets no batch in
    // One flush at a time, each choosing what to append once the one before it is done: no record is appended twice.
    const run = this.#serial.then(async () => {
      const dueItems = this.#unflushed.filter((item) => item.gen < gen)
      const fresh = [...dueItems.map((item) => item.record), ...extra].filter((record) => !this.#inFile.has(idOf(record)))
      if (fresh.length > 0) await appendDurably(this.#file, fresh.map((record) => JSON.stringify(record) + '\n').join(''))
      for (const record of fresh) this.#inFile.add(idOf(record))
      // Only what was appended: records saved meanwhile wait for the next flush.
      const flushed = new Set(dueItems)
      this.#unflushed = this.#unflushed.filter((item) => !flushed.has(item))
    })
    this.#serial = run.catch(() => undefined)
    return run
  }
}

/**
 * The records of the file. A torn last line (an append cut short by a crash) is cut off, so the next append starts
 * on a line of its own: its records are still in the journal, which is folded away only after a complete append.
 */
async function readLedgerFile(file: string): Promise<LedgerRecord[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '' // no sale saved beyond the journal yet
    throw error
  })
  const whole = text.slice(0, text.lastIndexOf('\n') + 1)
  if (whole.length < text.length) await truncate(file, Buffer.byteLength(whole, 'utf8'))
  const lines = whole.split('\n')
  lines.pop()
  return lines.map((line, index) => {
    try {
      const record = JSON.parse(line) as unknown
      if (typeof record === 'object' && record !== null && isLedgerRecord(record as { kind: string })) return record as LedgerRecord
    } catch {
      // worded below
    }
    throw new DataFileError(file, `line ${index + 1} is not a sale, refund or day record, although it is complete (it ends with a newline)`)
  })
}

/** Appends `text` to `file` and fsyncs it (and the folder, when the file is new). */
async function appendDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, 'a', 0o600)
  try {
    const created = (await handle.stat()).size === 0
    await handle.write(text)
    await handle.datasync()
    if (created) await syncDirectory(nodeFileSystem, path.dirname(file))
  } finally {
    await handle.close()
  }
}
