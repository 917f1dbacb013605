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

  /** The journals' records, until the first use reads the file and them. */
  #replayed: readonly ReplayedRecords[]
  #loading: Promise<void> | undefined
  #loaded = false

  private constructor(dir: string, replayed: readonly ReplayedRecords[]) {
    this.#file = path.join(dir, SALES_FILE_NAME)
    this.#replayed = replayed
  }

  /** Opens the ledger of `dir` and reads it now: the file, then the records of the replayed journals. */
  static async open(dir: string, replayed: readonly ReplayedRecords[]): Promise<SalesLedger> {
    const ledger = SalesLedger.deferred(dir, replayed)
    await ledger.load()
    return ledger
  }

  /**
   * The ledger of `dir`, read at its first use ({@link load}): a start never reads a year of sales; the first sale,
   * refund, close or sales read after it does, once.
   */
  static deferred(dir: string, replayed: readonly ReplayedRecords[]): SalesLedger {
    return new SalesLedger(dir, replayed)
  }

  /** Reads the file, then the records of the replayed journals (those the file has already are skipped); once. */
  load(): Promise<void> {
    this.#loading ??= this.#read()
    return this.#loading
  }

  async #read(): Promise<void> {
    for (const record of await readLedgerFile(this.#file)) {
      if (this.#inFile.has(idOf(record))) continue // written twice (never by this code): the first copy counts
      this.#inFile.add(idOf(record))
      this.#add(record)
    }
    for (const { gen, records } of this.#replayed) {
      for (const record of records) {
        if (!isLedgerRecord(record) || this.#inFile.has(idOf(record))) continue
        this.#add(record)
        this.#unflushed.push({ gen, record })
      }
    }
    this.#replayed = []
    // In number order whatever order the file and the journals gave them (a batch written anew after the folder was lost
    // reaches the file before older records): the next number and the day's records are read from the end.
    this.#sortByNumber()
    this.#loaded = true
  }

  #sortByNumber(): void {
    for (const list of [this.#sales, this.#refunds, this.#days] as LedgerRecord[][]) list.sort((a, b) => numberOf(a) - numberOf(b))
  }

  /** Reading the lists before {@link load} is a mistake of the caller, never an empty ledger. */
  #ready(): void {
    if (!this.#loaded) throw new Error('the sales ledger is read on first use: await ledger.load() before reading it')
  }

  /** Every saved sale, refund and closed day (what a backup holds), once read. */
  async records(): Promise<LedgerRecord[]> {
    await this.load()
    return [...this.#sales, ...this.#refunds, ...this.#days]
  }

  /**
   * Takes in the records of a backup being restored: those the ledger lacks are added, to be flushed with the rest. A
   * record whose number the ledger gives another record refuses them all (DataFileError) before any is taken in.
   */
  async adopt(source: string, records: readonly LedgerRecord[]): Promise<void> {
    const held = new Map<string, LedgerRecord>((await this.records()).map((record) => [idOf(record), record]))
    const clash = records.find((record) => held.has(idOf(record)) && JSON.stringify(held.get(idOf(record))) !== JSON.stringify(record))
    if (clash) {
      const what = `${clash.kind === 'sale' ? 'receipt' : clash.kind} ${numberOf(clash)}`
      throw new DataFileError(
        source,
        `its ${what} is not the ${what} this data folder's ${SALES_FILE_NAME} holds (a backup of another till?): one number would stand for two records, so nothing was restored`
      )
    }
    for (const record of records) {
      if (held.has(idOf(record))) continue
      held.set(idOf(record), record)
      this.#add(record)
      this.#unflushed.push({ gen: 0, record })
    }
    this.#sortByNumber()
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
    this.#ready()
    const found = this.#sales[receipt - 1]
    return found?.receipt === receipt ? found : this.#sales.find((sale) => sale.receipt === receipt)
  }

  get sales(): readonly SaleRecord[] {
    this.#ready()
    return this.#sales
  }

  get refunds(): readonly RefundRecord[] {
    this.#ready()
    return this.#refunds
  }

  get days(): readonly DayRecord[] {
    this.#ready()
    return this.#days
  }

  /** The refunds of `receipt`, with those of the batch being written. */
  refundsOf(receipt: number): RefundRecord[] {
    this.#ready()
    const pending = this.#pending.filter((record): record is RefundRecord => record.kind === 'refund' && record.receipt === receipt)
    return [...(this.#refundsOf.get(receipt) ?? []), ...pending]
  }

  /** The sale, refund or close an Idempotency-Key of `by` made, pending or saved. */
  findKey(by: string, key: string): FoundRecord | undefined {
    this.#ready()
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
    this.#ready()
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
    this.#ready()
    return this.#days[day - 1]
  }

  /** The number the next record of `kind` takes: one above the last saved or being written. */
  next(kind: LedgerKind): number {
    this.#ready()
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
    if (this.#pending.length === 0) return // a batch of plants only: the ledger may not even be read yet
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
    const unread = this.#replayed.some((item) => item.gen < gen && item.records.length > 0) // journals' records not read yet
    if (extra.length === 0 && !unread && !this.#unflushed.some((item) => item.gen < gen)) return Promise.resolve() // resolved: awaiting it lets no batch in
    // One flush at a time, each choosing what to append once the one before it is done: no record is appended twice.
    const run = this.#serial.then(async () => {
      await this.load()
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
 * The ledger of `dir` as a backup holds it, read without writing anything (safe while a server holds the folder): the
 * file, a torn last line left alone (its records are still in a journal), then the records of `replayed` (the
 * journals, read before the file: a checkpoint appends their records to the file before it folds them away) that the
 * file lacks, each kind in number order.
 */
export async function ledgerRecordsOf(dir: string, replayed: readonly ReplayedRecords[]): Promise<LedgerRecord[]> {
  const file = path.join(dir, SALES_FILE_NAME)
  const byId = new Map<string, LedgerRecord>()
  for (const record of await parseLedgerLines(file, wholeLinesOf(await readLedgerBytes(file))))
    if (!byId.has(idOf(record))) byId.set(idOf(record), record)
  for (const { records } of replayed)
    for (const record of records) if (isLedgerRecord(record) && !byId.has(idOf(record))) byId.set(idOf(record), record)
  const order: Record<LedgerKind, number> = { sale: 0, refund: 1, day: 2 }
  return [...byId.values()].sort((a, b) => order[a.kind] - order[b.kind] || numberOf(a) - numberOf(b))
}

async function readLedgerBytes(file: string): Promise<Buffer> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return Buffer.alloc(0) // no sale saved beyond the journal yet
    throw error
  })
}

const NEWLINE = 0x0a
const wholeLinesOf = (bytes: Buffer) => bytes.subarray(0, bytes.lastIndexOf(NEWLINE) + 1)

/**
 * The records of the file. A torn last line (an append cut short by a crash) is cut off, so the next append starts
 * on a line of its own: its records are still in the journal, which is folded away only after a complete append.
 */
async function readLedgerFile(file: string): Promise<LedgerRecord[]> {
  const bytes = await readLedgerBytes(file)
  const whole = wholeLinesOf(bytes)
  if (whole.length < bytes.length) await truncate(file, whole.length)
  return parseLedgerLines(file, whole)
}

/** Bytes decoded and parsed per turn of the event loop (about 1,500 sales): a year of them is read between requests. */
const SLICE_BYTES = 1 << 20

/** The records of `whole` (complete lines), a slice of whole lines at a time: never one long decode, split or parse. */
async function parseLedgerLines(file: string, whole: Buffer): Promise<LedgerRecord[]> {
  const records: LedgerRecord[] = []
  for (let start = 0; start < whole.length;) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve))
    const end = whole.indexOf(NEWLINE, Math.min(whole.length - 1, start + SLICE_BYTES)) // whole ends with one
    for (const line of whole.toString('utf8', start, end).split('\n')) records.push(parseLedgerLine(file, line, records.length))
    start = end + 1
  }
  return records
}

function parseLedgerLine(file: string, line: string, index: number): LedgerRecord {
  try {
    const record = JSON.parse(line) as unknown
    if (typeof record === 'object' && record !== null && isLedgerRecord(record as { kind: string })) return record as LedgerRecord
  } catch {
    // worded below
  }
  throw new DataFileError(file, `line ${index + 1} is not a sale, refund or day record, although it is complete (it ends with a newline)`)
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
