/**
 * Where each line of the history files is, by seq and by plant, so that a
 * page of changes or of one plant's history is read with a few small reads
 * instead of a scan: each plant has its own list of seqs, so a page of its
 * history is found by position without looking at any other line. Built lazily (the first query scans the files once,
 * reading only each line's seq and plantId; never at start-up) and kept up to
 * date by each append. Damaged lines are set aside and reported
 * (history-scan.ts), a file that cannot be used at all likewise; the rest serves on.
 */
import { constants as fsConstants } from 'node:fs'
import { open } from 'node:fs/promises'
import type { HistoryEntry } from './history-entry'
import { listHistoryFiles, setAside, type AppendedLine, type DamagedHistoryFile } from './history-files'
import { entryOfLine } from './history-line'
import { scanHistoryFile, type FileLines } from './history-scan'

export type { FileLines } from './history-scan'

/** A line to read: which file, from where to where. */
export interface LineRef {
  lines: FileLines
  index: number
}

/** Reads the lines `refs` point at (grouped by file; a run of neighbouring lines in one read). */
async function readLines(refs: readonly LineRef[]): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = []
  let index = 0
  while (index < refs.length) {
    const { lines } = refs[index]!
    const handle = await open(lines.file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW)
    try {
      while (index < refs.length && refs[index]!.lines === lines) {
        let last = index
        while (last + 1 < refs.length && refs[last + 1]!.lines === lines && refs[last + 1]!.index === refs[last]!.index + 1) last++
        const start = lines.offsets[refs[index]!.index]!
        const end = lines.offsets[refs[last]!.index + 1] ?? lines.size
        const buffer = Buffer.alloc(end - start)
        await handle.read(buffer, 0, buffer.length, start)
        for (const line of buffer.toString('utf8').split('\n')) if (line !== '') entries.push(entryOfLine(line))
        index = last + 1
      }
    } finally {
      await handle.close()
    }
  }
  return entries
}

/** How the index reads the files: each file's line table once, then the lines a query wants. */
export interface HistoryLineReader {
  /** The file's sound lines; damaged ones are set aside and added to `damaged`. */
  scan(file: string, damaged: DamagedHistoryFile[]): Promise<FileLines>
  read(refs: readonly LineRef[]): Promise<HistoryEntry[]>
}

/** Reads the history files themselves. */
export const HISTORY_FILE_READER: HistoryLineReader = { scan: scanHistoryFile, read: readLines }

/** The index of one data folder's history files. */
export class HistoryIndex {
  readonly #dir: string
  readonly #damaged: DamagedHistoryFile[]
  readonly #forget: () => void
  readonly #reader: HistoryLineReader
  #files: FileLines[] | undefined
  /** Each plant's seqs in the files, oldest first. */
  readonly #plants = new Map<number, number[]>()

  /**
   * `damaged` collects files set aside; `forget` tells the writer to read the newest file's end again; `reader`
   * reads the files (the files themselves unless a test counts the work).
   */
  constructor(dir: string, damaged: DamagedHistoryFile[], forget: () => void, reader: HistoryLineReader = HISTORY_FILE_READER) {
    this.#dir = dir
    this.#damaged = damaged
    this.#forget = forget
    this.#reader = reader
  }

  /** Scans the files unless done; the caller runs it alone (no append meanwhile). */
  async build(): Promise<void> {
    if (this.#files) return
    const files: FileLines[] = []
    for (const { file } of await listHistoryFiles(this.#dir)) {
      try {
        const setAsideBefore = this.#damaged.length
        const lines = await this.#reader.scan(file, this.#damaged)
        if (this.#damaged.length > setAsideBefore) this.#forget() // damaged lines left the file: its end moved
        if (lines.seqs.length > 0 && lines.seqs[0]! <= (files.at(-1)?.seqs.at(-1) ?? 0)) throw new Error('its seqs overlap the previous month')
        files.push(lines)
      } catch (error) {
        this.#damaged.push(await setAside(file, error instanceof Error ? error.message : String(error)))
        this.#forget()
      }
    }
    for (const lines of files) for (let index = 0; index < lines.seqs.length; index++) this.#addToPlant(lines.plantIds[index]!, lines.seqs[index]!)
    this.#files = files
  }

  #addToPlant(plantId: number, seq: number): void {
    const seqs = this.#plants.get(plantId)
    if (seqs) seqs.push(seq)
    else this.#plants.set(plantId, [seq])
  }

  /** Records appended lines (when the index is built; else the build finds them). */
  added(appended: readonly AppendedLine[]): void {
    if (!this.#files) return
    for (const { file, offset, end, entry } of appended) {
      let lines = this.#files.at(-1)
      if (lines?.file !== file) this.#files.push((lines = { file, seqs: [], plantIds: [], offsets: [], size: offset }))
      lines.seqs.push(entry.seq)
      lines.plantIds.push(entry.plantId)
      lines.offsets.push(offset)
      lines.size = end
      this.#addToPlant(entry.plantId, entry.seq)
    }
  }

  #built(): FileLines[] {
    if (!this.#files) throw new Error('the history index is read before it is built')
    return this.#files
  }

  /** The oldest seq in the files, or undefined when they hold none. */
  oldestSeq(): number | undefined {
    return this.#built().find((lines) => lines.seqs.length > 0)?.seqs[0]
  }

  /** The newest seq in the files (0 when none). */
  lastSeq(): number {
    return (
      this.#built()
        .findLast((lines) => lines.seqs.length > 0)
        ?.seqs.at(-1) ?? 0
    )
  }

  /** Up to `limit` entries with seq above `since`, in order. */
  since(since: number, limit: number): Promise<HistoryEntry[]> {
    const refs: LineRef[] = []
    for (const lines of this.#built()) {
      if ((lines.seqs.at(-1) ?? 0) <= since) continue
      let low = 0
      let high = lines.seqs.length
      while (low < high) {
        const middle = (low + high) >>> 1
        if (lines.seqs[middle]! <= since) low = middle + 1
        else high = middle
      }
      for (let index = low; index < lines.seqs.length && refs.length < limit; index++) refs.push({ lines, index })
      if (refs.length >= limit) break
    }
    return this.#reader.read(refs)
  }

  /** Seqs of `plantId`'s entries in the files, oldest first (the index's own list: not to be changed). */
  seqsOf(plantId: number): readonly number[] {
    this.#built()
    return this.#plants.get(plantId) ?? []
  }

  /** Where the line of `seq` is (binary searches: by the files' last seqs, then in its file). */
  #locate(seq: number): LineRef {
    const files = this.#built()
    let low = 0
    let high = files.length - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((files[middle]!.seqs.at(-1) ?? 0) < seq) low = middle + 1
      else high = middle
    }
    const lines = files[low]!
    low = 0
    high = lines.seqs.length - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if (lines.seqs[middle]! < seq) low = middle + 1
      else high = middle
    }
    if (lines.seqs[low] !== seq) throw new Error(`the history index has no line for seq ${seq}`)
    return { lines, index: low }
  }

  /** The entries with `seqs` (in seq order; each a seq {@link seqsOf} gave). */
  entriesOf(seqs: readonly number[]): Promise<HistoryEntry[]> {
    return this.#reader.read(seqs.map((seq) => this.#locate(seq)))
  }
}
