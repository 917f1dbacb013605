/**
 * Sales counted per day and category, kept as the change log grows, so that a
 * report over a million changes adds up a few hundred days instead of reading
 * the log. Saved in `history-sales.json` (with the last seq it covers) each
 * time it moves on; a missing or stale file is caught up from the log on the
 * first report (never at start-up).
 *
 * The rules (docs/api.md): a change to `sold` is a sale on its day, with the
 * plant's price at that moment when it has one; a change from `sold` back to
 * available or pending is a return on its day. A plant sold and returned in
 * one period counts once in each. A plant added already sold counts as a sale,
 * unless an import added it (restoring records is not selling). Deleting or
 * restoring a plant is neither. A plant line kept in stock counts its pots: a
 * stock movement `sold` of 3 is 3 sales, `returned` of 1 is 1 return, and no
 * other movement is either (writing off the last pot makes the line sold, but
 * sells nothing); a change of a line's status alone (the contract's PUT, the
 * status badge, a bulk change, a line added with 0 pots) moves no pot and is
 * neither. Days are the shop's: dates in the time zone the report asks for
 * (shop-day.ts); the aggregate keeps the zone it counted in, and a report in another zone (the shop's setting
 * changed) counts the log again.
 *
 * Beside the sales, for the stock report: the pots written off per day and
 * reason (the movement's note), and the pots each kind of movement moved per day.
 */
import path from 'node:path'
import type { HistoryEntry } from './history-entry'
import { openHistoryFile } from './history-files'
import { replaceFile } from '#lib/durable-file'
import { dictionary, dictionaryOf } from '#shared/dictionary'
import { shopDay } from '#shared/shop-day'
import type { StockReason } from '#shared/stock'

/** Sold, returned and the total of the sales' prices, of one category on one day. */
export type Counts = [sold: number, returned: number, total: number]

/** Counts by day (YYYY-MM-DD) and category ('' for plants without one); dictionaries, as a category may be `__proto__`. */
export type DailySales = Record<string, Record<string, Counts>>

/** Pots written off by day (YYYY-MM-DD) and reason (the movement's note; '' when none was given). */
export type DailyWriteOffs = Record<string, Record<string, number>>

/** Pots moved by day (YYYY-MM-DD) and movement reason, signed (received +40, sold −3; a count: the difference found). */
export type DailyMovements = Record<string, Partial<Record<StockReason, number>>>

/** What the stock report reads of the change log. */
export interface DailyStock {
  writeOffs: Readonly<DailyWriteOffs>
  movements: Readonly<DailyMovements>
}

/** File of the aggregate in the data folder. */
export const SALES_FILE_NAME = 'history-sales.json'

interface SalesFile {
  upToSeq: number
  /** The time zone the days are dates in; absent in a file written before the shop had one: UTC. */
  timeZone?: string
  days: DailySales
  /** Absent in a file written before stock was kept: such a file is counted again from the log. */
  writeOffs?: DailyWriteOffs
  /** Absent in a file written before the stock report showed a month's movements: counted again from the log. */
  movements?: DailyMovements
}

/** What an entry counts as: a sale or a return of so many plants (pots), or nothing. */
export function saleKind(entry: HistoryEntry): { kind: 'sale' | 'return'; count: number } | undefined {
  if (entry.stock) {
    if (entry.stock.reason === 'sold') return { kind: 'sale', count: -entry.stock.change }
    return entry.stock.reason === 'returned' ? { kind: 'return', count: entry.stock.change } : undefined
  }
  if (entry.sale?.stocked) return undefined // a line's status alone moves no pot
  // An import's status words describe the catalogue; no pot changes hands (older entries said so with `by: "import"`).
  if (entry.via === 'import' || entry.by === 'import') return undefined
  if (entry.type === 'plant.added') return entry.plant?.status === 'sold' ? { kind: 'sale', count: 1 } : undefined
  if (entry.type !== 'plant.updated') return undefined
  const status = entry.changes?.status
  if (status?.to === 'sold') return { kind: 'sale', count: 1 }
  return status?.from === 'sold' ? { kind: 'return', count: 1 } : undefined
}

/** The running aggregate of one data folder. */
export class SalesAggregate {
  readonly #file: string
  #upToSeq = 0
  #days: DailySales = dictionary()
  #writeOffs: DailyWriteOffs = dictionary()
  #movements: DailyMovements = dictionary()
  #timeZone = 'UTC'
  #loaded = false

  constructor(dir: string) {
    this.#file = path.join(dir, SALES_FILE_NAME)
  }

  /** The last seq counted (0 before the first). */
  get upToSeq(): number {
    return this.#upToSeq
  }

  /** The counts by day. */
  get days(): Readonly<DailySales> {
    return this.#days
  }

  /** The pots written off by day and reason. */
  get writeOffs(): Readonly<DailyWriteOffs> {
    return this.#writeOffs
  }

  /** The pots moved by day and movement reason. */
  get movements(): Readonly<DailyMovements> {
    return this.#movements
  }

  /** The time zone whose dates the days are. */
  get timeZone(): string {
    return this.#timeZone
  }

  /** Counts in `timeZone` from now on: days counted in another zone are dropped, to be counted again from the log. */
  useTimeZone(timeZone: string): void {
    if (timeZone === this.#timeZone) return
    this.#timeZone = timeZone
    this.#upToSeq = 0
    this.#days = {}
    this.#writeOffs = {}
    this.#movements = {}
  }

  /** True once read (or found missing): only then do appends move it on. */
  get loaded(): boolean {
    return this.#loaded
  }

  /** Reads the saved aggregate once; a missing or unreadable one starts from nothing (caught up from the log). */
  async load(): Promise<void> {
    if (this.#loaded) return
    try {
      const handle = await openHistoryFile(this.#file) // not a link, nor a file another account may have forged
      const saved = JSON.parse(await handle.readFile('utf8').finally(() => handle.close())) as Partial<SalesFile>
      const complete = [saved.days, saved.writeOffs, saved.movements].every(isDictionaryOfObjects)
      if (Number.isSafeInteger(saved.upToSeq) && complete) {
        this.#upToSeq = saved.upToSeq!
        // JSON.parse gives plain objects, whose inherited names (`constructor`) would read as counts.
        this.#days = dictionaryOf(saved.days!, (day) => dictionaryOf(day as object))
        this.#writeOffs = dictionaryOf(saved.writeOffs!, (day) => dictionaryOf(day as object))
        this.#movements = dictionaryOf(saved.movements!, (day) => dictionaryOf(day as object))
        this.#timeZone = typeof saved.timeZone === 'string' ? saved.timeZone : 'UTC'
      }
    } catch {
      // none yet, damaged or untrusted: rebuilt from the log
    }
    this.#loaded = true
  }

  /** Counts `entries` (in seq order) above the last seq counted. */
  add(entries: readonly HistoryEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.#upToSeq) continue
      this.#upToSeq = entry.seq
      const day = shopDay(entry.at, this.#timeZone)
      if (entry.stock) {
        const moved = (this.#movements[day] ??= dictionary())
        moved[entry.stock.reason] = (moved[entry.stock.reason] ?? 0) + entry.stock.change
      }
      if (entry.stock?.reason === 'written-off') {
        const reasons = (this.#writeOffs[day] ??= dictionary())
        reasons[entry.stock.note ?? ''] = (reasons[entry.stock.note ?? ''] ?? 0) - entry.stock.change
      }
      const sale = saleKind(entry)
      if (!sale) continue
      const category = entry.sale?.category ?? entry.plant?.category ?? ''
      const counts = ((this.#days[day] ??= dictionary())[category] ??= [0, 0, 0])
      if (sale.kind === 'sale') {
        counts[0] += sale.count
        // no binary float drift over a million sales
        counts[2] = Math.round((counts[2] + (entry.sale?.price ?? 0) * sale.count) * 1e6) / 1e6
      } else counts[1] += sale.count
    }
  }

  /** Saves the aggregate durably. */
  async save(): Promise<void> {
    const file: SalesFile = {
      upToSeq: this.#upToSeq,
      timeZone: this.#timeZone,
      days: this.#days,
      writeOffs: this.#writeOffs,
      movements: this.#movements
    }
    await replaceFile(this.#file, JSON.stringify(file))
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

const isDictionaryOfObjects = (value: unknown): value is object => isObject(value) && Object.values(value).every(isObject)
