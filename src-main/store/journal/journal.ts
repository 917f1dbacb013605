/**
 * The write-ahead journal. Rewriting the whole catalogue for every change
 * costs time in proportion to its size (≈ 25 ms at 10k plants), so a change is
 * made durable by appending one line to `journal-NNNNNN.jsonl` and fsyncing it
 * (≈ 0.25 ms). From time to time the catalogue is folded back into
 * `plants.json` (a checkpoint) and the journals it covers are deleted; at
 * start-up the journals after the snapshot are replayed on top of it.
 *
 * A line is one saved batch: `{"nextId": N, "plants": [full plant records]}`,
 * plus `"keys": [idempotency records]` when the batch's adds came with keys,
 * and `"history": [change log entries]` (history-log.ts) for its changes, and
 * `"records": [...]` when a caller saved its own records with them.
 * Only an unterminated last fragment may be torn (a crash in the middle of
 * an append, never acknowledged); a complete line that does not parse is
 * damage, wherever it is, and is refused. A journal
 * started after a failed append opens with `{"cut": BYTES}`: the previous
 * generation is valid only up to BYTES, whatever else reached the disk.
 */
import { constants as fsConstants } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Plant } from '#shared/plant'
import { historyEntriesProblem, type HistoryEntry } from '#store/history/history-entry'
import { DataFileError, idempotencyRecordsProblem, isValidNextId, plantRecordProblem, type IdempotencyRecord } from '#store/file/data-file'
import { nodeFileSystem, syncDirectory, type FileSystem } from '#lib/durable-file'
import { jsonOnce } from './record-json'

/** One saved batch of changes. */
export interface JournalEntry {
  /** The catalogue's nextId after the batch. */
  nextId: number
  /** The changed plants, as they are after the batch. */
  plants: Plant[]
  /** Idempotency keys of the batch's adds, saved with the plants they added; absent when none. */
  keys?: IdempotencyRecord[]
  /** The change log's entries of the batch (history-entry.ts), written and fsynced with it; absent when none. */
  history?: HistoryEntry[]
  /** Records a caller saves with its changes (e.g. a sale's receipt with its stock movements); absent when none. */
  records?: JournalRecord[]
}

/**
 * A caller's own record in a journal line, beside the changes it belongs to (one write, one fsync: the record and
 * the changes reach the disk together or not at all). `kind` names what it is. Replay and checkpoints leave records
 * alone: a caller that keeps them beyond the journal collects them where the change log collects its entries.
 */
export interface JournalRecord {
  kind: string
  [field: string]: unknown
}

/**
 * The text of an entry's line, without the newline: `JSON.stringify(entry)`, except that each change log entry's
 * text is computed once (record-json.ts), since the history files take the same text at the next checkpoint.
 */
export function journalLine(entry: JournalEntry): string {
  if (entry.history === undefined) return JSON.stringify(entry)
  const { history, ...rest } = entry // `history` is the last key, as JSON.stringify(entry) writes it
  return `${JSON.stringify(rest).slice(0, -1)},"history":[${history.map(jsonOnce).join(',')}]}`
}

/** The first line of a journal started after a failed append. */
export interface JournalCut {
  /** Length of the previous generation's valid part. */
  cut: number
}

/** A journal file on disk. */
export interface JournalFile {
  gen: number
  file: string
}

const JOURNAL_NAME = /^journal-(\d{6,})\.jsonl$/

/** File name of generation `gen`. */
export function journalFileName(gen: number): string {
  return `journal-${String(gen).padStart(6, '0')}.jsonl`
}

/** The journal files in `dir`, oldest generation first. */
export async function listJournals(dir: string): Promise<JournalFile[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names
    .flatMap((name) => {
      const match = JOURNAL_NAME.exec(name)
      return match ? [{ gen: Number(match[1]), file: path.join(dir, name) }] : []
    })
    .sort((a, b) => a.gen - b.gen)
}

function entryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not an object'
  const entry = value as Record<string, unknown>
  if (!isValidNextId(entry.nextId)) return 'has no valid nextId'
  if (!Array.isArray(entry.plants)) return 'has no plants list'
  for (const [index, plant] of entry.plants.entries()) {
    const problem = plantRecordProblem(plant, `plants[${index}]`)
    if (problem) return `has a bad record (${problem})`
  }
  const keysProblem = entry.keys === undefined ? undefined : idempotencyRecordsProblem(entry.keys, 'keys')
  if (keysProblem !== undefined) return `has bad idempotency keys (${keysProblem})`
  const historyProblem = entry.history === undefined ? undefined : historyEntriesProblem(entry.history, 'history')
  if (historyProblem !== undefined) return `has bad change log entries (${historyProblem})`
  return entry.records === undefined ? undefined : journalRecordsProblem(entry.records)
}

function journalRecordsProblem(records: unknown): string | undefined {
  if (!Array.isArray(records)) return 'has a records member that is not a list'
  const bad = records.findIndex((record) => typeof record !== 'object' || record === null || typeof (record as JournalRecord).kind !== 'string')
  return bad === -1 ? undefined : `has a bad record (records[${bad}] is not an object with a kind)`
}

/** The cut a journal's text opens with, if any (see {@link JournalCut}). */
export function journalCut(text: string): number | undefined {
  if (!text.startsWith('{"cut":')) return undefined
  try {
    const cut = (JSON.parse(text.slice(0, text.indexOf('\n'))) as Partial<JournalCut>).cut
    return Number.isSafeInteger(cut) && (cut as number) >= 0 ? cut : undefined
  } catch {
    return undefined
  }
}

/** A journal file's saved batches, and the unfinished line a crash left at its end. */
export interface ReadJournal {
  entries: JournalEntry[]
  /** Bytes (UTF-8) of the unterminated last fragment that was dropped; 0 when the file ends with a newline. */
  tornBytes: number
}

/**
 * Reads a journal file's text. Every line ends with a newline when its append
 * completed, so only an unterminated last fragment can be a write cut short by
 * a crash (never acknowledged): it is dropped and reported in `tornBytes`. A
 * complete line that does not parse or validate is damage, wherever it is:
 * DataFileError naming the file and the line. Replaying past it could hand out
 * an acknowledged id again.
 */
export function readJournal(file: string, text: string): ReadJournal {
  const end = text.lastIndexOf('\n') + 1
  const lines = text.slice(0, end).split('\n')
  lines.pop() // the empty string after the last newline
  const entries: JournalEntry[] = []
  const hasCut = journalCut(text) !== undefined
  for (const [index, line] of lines.entries()) {
    if (line === '' || (index === 0 && hasCut)) continue
    let problem: string | undefined
    let value: unknown
    try {
      value = JSON.parse(line)
      problem = entryProblem(value)
    } catch {
      problem = 'is not valid JSON'
    }
    if (problem !== undefined) {
      const where =
        index === lines.length - 1
          ? 'although it is complete (it ends with a newline), so it is damage, not a write cut short'
          : 'and more lines follow it'
      throw new DataFileError(file, `line ${index + 1} of the journal ${problem}, ${where}`)
    }
    entries.push(value as JournalEntry)
  }
  return { entries, tornBytes: Buffer.byteLength(text.slice(end), 'utf8') }
}

/** The saved batches of a journal file's text (see {@link readJournal}). */
export function parseJournal(file: string, text: string): JournalEntry[] {
  return readJournal(file, text).entries
}

/** The open journal file that changes are appended to. */
export class Journal {
  readonly gen: number
  readonly file: string
  #handle: FileHandle
  #bytes = 0
  #lastLineBytes = 0
  #broken = false
  /** Device and inode of the open file, to tell whether its name still leads to it. */
  #id = { dev: -1, ino: -1 }

  private constructor(gen: number, file: string, handle: FileHandle) {
    this.gen = gen
    this.file = file
    this.#handle = handle
  }

  /**
   * Creates generation `gen` in `dir` (a new file) and makes it durable. With
   * `cutPrevious`, the file opens with a cut: replay reads the previous
   * generation only up to that many bytes.
   */
  static async create(dir: string, gen: number, fs: FileSystem = nodeFileSystem, cutPrevious?: number): Promise<Journal> {
    const file = path.join(dir, journalFileName(gen))
    // O_EXCL never follows a link (a planted one fails with EEXIST); O_NOFOLLOW says so twice.
    const flags = fsConstants.O_WRONLY | fsConstants.O_APPEND | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW
    const handle = await fs.open(file, flags, 0o600)
    const journal = new Journal(gen, file, handle)
    try {
      const info = await handle.stat()
      journal.#id = { dev: info.dev, ino: info.ino }
      if (cutPrevious !== undefined) await journal.#appendLine(JSON.stringify({ cut: cutPrevious } satisfies JournalCut))
      await syncDirectory(fs, dir)
    } catch (error) {
      await handle.close()
      await fs.unlink(file).catch(() => undefined) // so that the next attempt can create it again
      throw error
    }
    return journal
  }

  /** True after a failed append: the caller must continue in a new generation. */
  get broken(): boolean {
    return this.#broken
  }

  /** Bytes appended so far: the part of this file that holds only whole, acknowledged lines. */
  get bytes(): number {
    return this.#bytes
  }

  /**
   * True while the journal's path still leads to the open file (same device
   * and inode): false once the file or its folder was deleted, moved or
   * replaced, when appends no longer reach the catalogue on disk. One lstat;
   * rejects when the path cannot be looked at (e.g. EACCES), which proves nothing.
   */
  async inPlace(): Promise<boolean> {
    const info = await lstat(this.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
      throw error
    })
    return info !== undefined && info.dev === this.#id.dev && info.ino === this.#id.ino
  }

  /**
   * Takes back the line appended last (its batch is answered as not saved):
   * cuts it off if the disk lets us, and marks the journal broken, so the next
   * generation records where this one ends whatever reached the disk.
   */
  async revokeLast(): Promise<void> {
    this.#bytes -= this.#lastLineBytes
    this.#lastLineBytes = 0
    this.#broken = true
    await this.#handle
      .truncate(this.#bytes)
      .then(() => this.#handle.datasync())
      .catch(() => undefined)
  }

  /** Appends `entry` as one line and fsyncs it; resolves only once it is on disk. */
  async append(entry: JournalEntry): Promise<void> {
    if (this.#broken) throw new Error(`the journal ${this.file} failed before; a new one must be started`)
    try {
      await this.#appendLine(journalLine(entry))
    } catch (error) {
      // Stop appending here. Cut the failed line off if the disk lets us; the next journal also records
      // where this one ends, so a line that reached the disk anyway is never replayed.
      this.#broken = true
      await this.#handle
        .truncate(this.#bytes)
        .then(() => this.#handle.datasync())
        .catch(() => undefined)
      throw error
    }
  }

  async #appendLine(line: string): Promise<void> {
    const bytes = Buffer.from(line + '\n', 'utf8')
    let written = 0
    while (written < bytes.length) {
      const { bytesWritten } = await this.#handle.write(bytes, written, bytes.length - written)
      written += bytesWritten
    }
    await this.#handle.datasync()
    this.#bytes += bytes.length
    this.#lastLineBytes = bytes.length
  }

  /** Closes the file. */
  async close(): Promise<void> {
    await this.#handle.close().catch(() => undefined)
  }
}
