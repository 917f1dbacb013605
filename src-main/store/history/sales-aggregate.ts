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
 * restoring a plant is neither. Days are UTC.
 */
import path from 'node:path'
import type { HistoryEntry } from './history-entry'
import { openHistoryFile } from './history-files'
import { replaceFile } from '#lib/durable-file'

/** Sold, returned and the total of the sales' prices, of one category on one day. */
export type Counts = [sold: number, returned: number, total: number]

/** Counts by day (YYYY-MM-DD) and category ('' for plants without one). */
export type DailySales = Record<string, Record<string, Counts>>

/** File of the aggregate in the data folder. */
export const SALES_FILE_NAME = 'history-sales.json'

interface SalesFile {
  upToSeq: number
  days: DailySales
}

/** What an entry counts as: a sale, a return, or nothing. */
export function saleKind(entry: HistoryEntry): 'sale' | 'return' | undefined {
  if (entry.type === 'plant.added') return entry.plant?.status === 'sold' && entry.by !== 'import' ? 'sale' : undefined
  if (entry.type !== 'plant.updated') return undefined
  const status = entry.changes?.status
  if (status?.to === 'sold') return 'sale'
  return status?.from === 'sold' ? 'return' : undefined
}

/** The running aggregate of one data folder. */
export class SalesAggregate {
  readonly #file: string
  #upToSeq = 0
  #days: DailySales = {}
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
      if (Number.isSafeInteger(saved.upToSeq) && typeof saved.days === 'object' && saved.days !== null) {
        this.#upToSeq = saved.upToSeq!
        this.#days = saved.days
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
      const kind = saleKind(entry)
      if (!kind) continue
      const day = entry.at.slice(0, 10)
      const category = entry.sale?.category ?? entry.plant?.category ?? ''
      const counts = ((this.#days[day] ??= {})[category] ??= [0, 0, 0])
      if (kind === 'sale') {
        counts[0]++
        counts[2] = Math.round((counts[2] + (entry.sale?.price ?? 0)) * 1e6) / 1e6 // no binary float drift over a million sales
      } else counts[1]++
    }
  }

  /** Saves the aggregate durably. */
  async save(): Promise<void> {
    await replaceFile(this.#file, JSON.stringify({ upToSeq: this.#upToSeq, days: this.#days } satisfies SalesFile))
  }
}
