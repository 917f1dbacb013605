/**
 * Appends to the monthly history files. They are written only at checkpoints,
 * from the journal lines about to be folded away, and never read at start-up.
 * An append is idempotent by seq (entries at or below the last seq on disk are
 * skipped), so a crash between it and the fold only means the same entries are
 * offered again.
 */
import { constants as fsConstants } from 'node:fs'
import { open, truncate } from 'node:fs/promises'
import path from 'node:path'
import { monthOf, type HistoryEntry } from './history-entry'
import {
  historyFileName,
  listHistoryFiles,
  openHistoryFile,
  setAside,
  type AppendedLine,
  type DamagedHistoryFile,
  type HistoryFile
} from './history-files'
import { entryOfLine, historyLine, historyLineProblem } from './history-line'
import { scanHistoryFile } from './history-scan'
import { nodeFileSystem, syncDirectory } from '#lib/durable-file'
import { pushAll } from '#shared/arrays'
import { AppError } from '#shared/app-error'

/** A file's end as found before appending: its size once a torn last line is cut off, and its last seq. */
interface FileEnd {
  size: number
  lastSeq: number
}

const TAIL_BYTES = 64 * 1024

/** The last complete line of `file` is damaged: its damaged lines are to be set aside (history-scan.ts). */
class DamagedLastLine extends AppError {}

/**
 * Reads the end of `file`: an unterminated last fragment (an append cut
 * short by a crash) is cut off; a last complete line that is not a sound entry
 * is DamagedLastLine; a file that cannot be read so is thrown, naming the problem.
 */
async function readFileEnd(file: string): Promise<FileEnd> {
  const handle = await openHistoryFile(file)
  try {
    const { size } = await handle.stat()
    if (size === 0) return { size: 0, lastSeq: 0 }
    const start = Math.max(0, size - TAIL_BYTES - 1) // one byte more: the newline before a last line of TAIL_BYTES
    const buffer = Buffer.alloc(size - start)
    await handle.read(buffer, 0, buffer.length, start)
    const end = buffer.lastIndexOf(10) + 1 // bytes of complete lines in the buffer
    const complete = start + end
    if (complete < size) await truncate(file, complete)
    if (end === 0) {
      if (start === 0) return { size: 0, lastSeq: 0 }
      throw new Error(`no line ends in its last ${TAIL_BYTES} bytes`)
    }
    const lastStart = end >= 2 ? buffer.lastIndexOf(10, end - 2) + 1 : 0
    if (lastStart === 0 && start > 0) throw new Error(`its last line is longer than ${TAIL_BYTES} bytes`)
    if (historyLineProblem(buffer, lastStart, end - 1) !== undefined) throw new DamagedLastLine()
    return { size: complete, lastSeq: entryOfLine(buffer.toString('utf8', lastStart, end - 1)).seq }
  } finally {
    await handle.close()
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Appends to the history files of one data folder. */
export class HistoryWriter {
  readonly #dir: string
  /** Newest file and its end, read once at the first append (never at start-up). */
  #last: (HistoryFile & FileEnd) | undefined
  readonly damaged: DamagedHistoryFile[] = []

  constructor(dir: string) {
    this.#dir = dir
  }

  /** Reads the newest file's end again before the next append (it was set aside or changed under us). */
  forget(): void {
    this.#last = undefined
  }

  /** The highest seq on disk (0 when none); reads the newest file's end the first time. */
  async lastSeq(): Promise<number> {
    return (await this.#newest())?.lastSeq ?? 0
  }

  async #newest(): Promise<(HistoryFile & FileEnd) | undefined> {
    let repaired: string | undefined
    while (this.#last === undefined) {
      const newest = (await listHistoryFiles(this.#dir)).at(-1)
      if (!newest) return undefined
      try {
        this.#last = { ...newest, ...(await readFileEnd(newest.file)) }
      } catch (error) {
        if (error instanceof DamagedLastLine && repaired !== newest.file) {
          repaired = newest.file
          // Sets the damaged lines aside; the rest of the file serves on.
          await scanHistoryFile(newest.file, this.damaged).catch(async (scanError: unknown) => {
            this.damaged.push(await setAside(newest.file, messageOf(scanError)))
          })
        } else {
          this.damaged.push(await setAside(newest.file, error instanceof DamagedLastLine ? 'its last line stays damaged' : messageOf(error)))
        }
      }
    }
    return this.#last
  }

  /**
   * Appends those of `entries` (in seq order) above the last seq on disk and
   * fsyncs them. An entry goes to its month's file, or to the newest file's
   * month if that is later (a clock set back never reorders the files).
   */
  async append(entries: readonly HistoryEntry[]): Promise<AppendedLine[]> {
    const last = await this.#newest()
    const fresh = entries.filter((entry) => entry.seq > (last?.lastSeq ?? 0))
    // pushAll, never push(...lines): a large import's lines overflow the stack as arguments.
    const appended: AppendedLine[] = []
    let month = last?.month ?? ''
    const batch: HistoryEntry[] = []
    for (const entry of fresh) {
      const target = monthOf(entry.at) > month ? monthOf(entry.at) : month
      if (target !== month && batch.length > 0) pushAll(appended, await this.#appendTo(month, batch.splice(0)))
      month = target
      batch.push(entry)
    }
    if (batch.length > 0) pushAll(appended, await this.#appendTo(month, batch))
    return appended
  }

  async #appendTo(month: string, entries: HistoryEntry[]): Promise<AppendedLine[]> {
    const file = path.join(this.#dir, historyFileName(month))
    const known = this.#last?.month === month ? this.#last : undefined
    const flags = fsConstants.O_WRONLY | fsConstants.O_APPEND | fsConstants.O_CREAT | fsConstants.O_NOFOLLOW
    const handle = await open(file, flags, 0o600)
    let size = known?.size ?? 0
    const lines: AppendedLine[] = []
    try {
      const parts = entries.map((entry) => {
        const text = historyLine(entry)
        const offset = size
        size += Buffer.byteLength(text)
        lines.push({ file, offset, end: size, entry })
        return text
      })
      await handle.write(parts.join(''))
      await handle.datasync()
    } catch (error) {
      this.#last = undefined // read the file's end again next time: a torn line is cut off then
      throw error
    } finally {
      await handle.close()
    }
    if (!known) await syncDirectory(nodeFileSystem, this.#dir)
    this.#last = { month, file, size, lastSeq: entries.at(-1)!.seq }
    return lines
  }
}
