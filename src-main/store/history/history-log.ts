/**
 * The change log of one open catalogue. Each saved change gets the
 * next `seq` when its batch is prepared, and its entry is written in the same
 * journal line as the change (one write, one fsync: no change without its
 * entry, no entry without its change). Entries of journals about to be folded
 * into plants.json are first appended to the monthly history files
 * (history-files.ts); the next seq is kept in plants.json (`nextSeq`). Start-up
 * reads only the journals; the files are read on the first query.
 */
import type { ChangeType } from '#shared/history'
import { historyEntryOf, type Actor, type HistoryEntry, type MovementCause } from './history-entry'
import type { DamagedHistoryFile } from './history-files'
import { HistoryWriter } from './history-writer'
import { HistoryIndex, type HistoryLineReader } from './history-index'
import { joinedSeqs, pagePositions, type PlantHistoryQuery } from './history-page'
import { readRestoreMark } from './history-restore-mark'
import { SalesAggregate, type DailySales, type DailyStock, type DailyWriteOffs } from './sales-aggregate'
import { toFullPlant, type StoredPlant } from '#store/catalogue/stored-plant'
import { AppError } from '#shared/app-error'

/** Entries read at a time while the sales aggregate catches up with the log. */
const CATCH_UP_PAGE = 10_000

/** Entries replayed from one journal generation at start-up. */
export interface ReplayedHistory {
  gen: number
  entries: HistoryEntry[]
}

/** `since` is older than the kept history. */
export class HistoryGoneError extends AppError {
  /** `since`: the cursor that was asked for; `oldestSeq`: the oldest seq the log keeps. */
  constructor(
    readonly since: number,
    readonly oldestSeq: number
  ) {
    super(`the change log keeps changes from seq ${oldestSeq} on`, { problemName: 'historyGone' })
    this.name = 'HistoryGoneError'
  }
}

/** The change log of one data folder. */
export class HistoryLog {
  readonly #holder: { nextSeq?: number }
  /** Saved entries not yet in the history files, with the journal generation that holds them. */
  #unflushed: { gen: number; entry: HistoryEntry }[]
  readonly #writer: HistoryWriter
  readonly #index: HistoryIndex
  readonly #sales: SalesAggregate
  readonly #dir: string
  /** The seq of the newest change on disk (every seq before the next one at open was saved or never used). */
  #lastSaved: number
  /** The first seq after the last restore (history-restore-mark.ts), read with the index. */
  #restoredAt: number | undefined
  /** File work (appends, the index's build) runs one at a time. */
  #serial: Promise<unknown> = Promise.resolve()

  /** `holder` is the catalogue's data, whose `nextSeq` is saved in plants.json; `reader` reads the files' lines (tests count its work). */
  constructor(dir: string, holder: { nextSeq?: number }, replayed: readonly ReplayedHistory[], reader?: HistoryLineReader) {
    this.#holder = holder
    this.#dir = dir
    this.#unflushed = replayed.flatMap(({ gen, entries }) => entries.map((entry) => ({ gen, entry })))
    const lastReplayed = this.#unflushed.at(-1)?.entry.seq ?? 0
    holder.nextSeq = Math.max(holder.nextSeq ?? 1, lastReplayed + 1)
    this.#lastSaved = holder.nextSeq - 1
    this.#writer = new HistoryWriter(dir)
    this.#index = new HistoryIndex(dir, this.#writer.damaged, () => this.#writer.forget(), reader)
    this.#sales = new SalesAggregate(dir)
  }

  /** History files set aside as damaged since the store opened. */
  get damaged(): readonly DamagedHistoryFile[] {
    return this.#writer.damaged
  }

  /** The seq the next change gets. */
  get nextSeq(): number {
    return this.#holder.nextSeq ?? 1
  }

  /** The seq of the newest change on disk: a reload of the catalogue now shows every change up to it. */
  get lastSavedSeq(): number {
    return this.#lastSaved
  }

  /**
   * The entry of a change being prepared, with the next seq (kept even if the batch's write fails: seqs are never
   * reused); `cause` says why a change of quantity moved the stock (a count when absent).
   */
  entryOf(type: ChangeType, by: Actor, at: string, before: StoredPlant | undefined, after: StoredPlant, cause?: MovementCause): HistoryEntry {
    // Made from the plants as readers see them: the price as a number, no tombstone mark.
    const entry = historyEntryOf(this.nextSeq, type, by, at, before && toFullPlant(before), toFullPlant(after), cause)
    this.#holder.nextSeq = entry.seq + 1
    return entry
  }

  /** A batch's entries are on disk in journal generation `gen`. */
  saved(entries: readonly HistoryEntry[], gen: number): void {
    for (const entry of entries) this.#unflushed.push({ gen, entry })
    this.#lastSaved = Math.max(this.#lastSaved, entries.at(-1)?.seq ?? 0)
  }

  #alone<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#serial.then(task, task)
    this.#serial = run.catch(() => undefined)
    return run
  }

  /**
   * Appends to the history files, durably, the entries of journal
   * generations before `gen` (and `extra`, a batch being written into a new
   * plants.json); called by a checkpoint before plants.json stops needing
   * those journals. Idempotent by seq.
   */
  flushBefore(gen: number, extra: readonly HistoryEntry[] = []): Promise<void> {
    const due = this.#unflushed.filter((item) => item.gen < gen).map((item) => item.entry)
    if (due.length + extra.length === 0) return Promise.resolve() // resolved: awaiting it lets no batch in
    return this.#alone(async () => {
      const lines = await this.#writer.append([...due, ...extra])
      this.#index.added(lines)
      if (this.#sales.loaded) {
        this.#sales.add(lines.map((line) => line.entry))
        await this.#sales.save()
      }
      const flushed = new Set(due)
      this.#unflushed = this.#unflushed.filter((item) => !flushed.has(item.entry))
    })
  }

  #ready(): Promise<void> {
    return this.#alone(async () => {
      await this.#index.build()
      this.#restoredAt ??= await readRestoreMark(this.#dir)
    })
  }

  /** Entries only in memory (not in the files yet), in seq order. */
  #memory(): HistoryEntry[] {
    const inFiles = this.#index.lastSeq()
    return this.#unflushed.map((item) => item.entry).filter((entry) => entry.seq > inFiles)
  }

  /** The oldest seq still kept (the next seq when nothing is), or the first after the last restore when that is later. */
  async oldestSeq(): Promise<number> {
    await this.#ready()
    return Math.max(this.#index.oldestSeq() ?? this.#memory()[0]?.seq ?? this.nextSeq, this.#restoredAt ?? 0)
  }

  /**
   * Up to `limit` entries after `since`, in order; HistoryGoneError when `since` is older than the kept history,
   * or newer than any seq handed out (a cursor from another copy of the catalogue, e.g. a backup restored elsewhere).
   */
  async since(since: number, limit: number): Promise<HistoryEntry[]> {
    const oldest = await this.oldestSeq()
    if ((since > 0 && since < oldest - 1) || since >= this.nextSeq) throw new HistoryGoneError(since, oldest)
    const fromFiles = await this.#index.since(since, limit)
    const fromMemory = this.#memory().filter((entry) => entry.seq > since)
    return [...fromFiles, ...fromMemory].slice(0, limit)
  }

  /**
   * A page of `plantId`'s entries, oldest first, and the seq to page on with (null at the end): found by position in
   * the plant's own list of seqs, so a page costs the same however many changes the plant has.
   */
  async ofPlant(plantId: number, query: PlantHistoryQuery): Promise<{ entries: HistoryEntry[]; next: number | null }> {
    await this.#ready()
    const inFiles = this.#index.seqsOf(plantId) // the index's own list: an append during the read below grows it
    const filed = inFiles.length
    const memory = this.#memory().filter((entry) => entry.plantId === plantId)
    const { start, end, next } = pagePositions(
      joinedSeqs(
        inFiles,
        memory.map((entry) => entry.seq)
      ),
      query
    )
    const fromFiles = await this.#index.entriesOf(inFiles.slice(start, Math.min(end, filed)))
    return { entries: [...fromFiles, ...memory.slice(Math.max(0, start - filed), Math.max(0, end - filed))], next }
  }

  /** True when `plantId` has any entry. */
  async knows(plantId: number): Promise<boolean> {
    await this.#ready()
    return this.#index.seqsOf(plantId).length > 0 || this.#memory().some((entry) => entry.plantId === plantId)
  }

  /**
   * Sales by day (a date in `timeZone`, the shop's) and category up to the newest change: the saved aggregate, caught
   * up from the history files only when they hold changes it has not counted (all of them the first time, and after
   * the shop's time zone changed), then the changes still in memory.
   */
  async dailySales(timeZone: string): Promise<Readonly<DailySales>> {
    return (await this.#aggregate(timeZone)).days
  }

  /** Pots written off by day (in `timeZone`) and reason up to the newest change (caught up as {@link dailySales} is). */
  async dailyWriteOffs(timeZone: string): Promise<Readonly<DailyWriteOffs>> {
    return (await this.#aggregate(timeZone)).writeOffs
  }

  /** The pots written off by day and reason, and moved by day and movement reason, for the stock report. */
  async dailyStock(timeZone: string): Promise<DailyStock> {
    const { writeOffs, movements } = await this.#aggregate(timeZone)
    return { writeOffs, movements }
  }

  #aggregate(timeZone: string): Promise<SalesAggregate> {
    return this.#alone(async () => {
      await this.#sales.load()
      this.#sales.useTimeZone(timeZone)
      if (this.#sales.upToSeq < (await this.#writer.lastSeq())) {
        await this.#index.build()
        const before = this.#sales.upToSeq
        for (
          let page = await this.#index.since(before, CATCH_UP_PAGE);
          page.length > 0;
          page = await this.#index.since(this.#sales.upToSeq, CATCH_UP_PAGE)
        ) {
          this.#sales.add(page)
        }
        // A report is a read: when its saved counts cannot be written (a full disk), it still answers; they are made again next time.
        if (this.#sales.upToSeq > before) await this.#sales.save().catch(logUnsavedCounts)
      }
      this.#sales.add(this.#unflushed.map((item) => item.entry)) // those counted already (seq at or below its last) are skipped
      return this.#sales
    })
  }
}

/** The sales counts a report made could not be saved: said in the log, never to the one who asked for the report. */
function logUnsavedCounts(error: unknown): void {
  console.error(`[plant-store] the sales report's counts could not be saved (they are counted again next time): ${(error as Error).message}`)
}
