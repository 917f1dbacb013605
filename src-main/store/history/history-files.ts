/**
 * The change log on disk: monthly, append-only `history-YYYY-MM.jsonl` files
 * in the data folder, one entry a line in seq order (history-entry.ts). They
 * are written only at checkpoints, from the journal lines about to be folded
 * away, and never read at start-up. An append is idempotent by seq (entries
 * at or below the last seq on disk are skipped), so a crash between it and
 * the fold only means the same entries are offered again.
 */
import { constants as fsConstants, type Stats } from 'node:fs'
import { open, readdir, truncate, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { effectiveUid, userName } from '#store/folder/data-folder-trust'
import { monthOf, type HistoryEntry } from './history-entry'
import { nodeFileSystem, renameFile, syncDirectory } from '#lib/durable-file'

const HISTORY_NAME = /^history-(\d{4}-\d{2})\.jsonl$/

/** One monthly file. */
export interface HistoryFile {
  month: string
  file: string
}

/** A history file that could not be used, set aside under another name. */
export interface DamagedHistoryFile {
  file: string
  keptAs: string
  problem: string
}

/** Where an appended entry's line is: for the index. */
export interface AppendedLine {
  file: string
  offset: number
  entry: HistoryEntry
}

/** File name of `month`'s history. */
export function historyFileName(month: string): string {
  return `history-${month}.jsonl`
}

/** The history files in `dir`, oldest month first. */
export async function listHistoryFiles(dir: string): Promise<HistoryFile[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names
    .flatMap((name) => {
      const match = HISTORY_NAME.exec(name)
      return match ? [{ month: match[1]!, file: path.join(dir, name) }] : []
    })
    .sort((a, b) => a.month.localeCompare(b.month))
}

/** Renames a damaged history file aside (never deleted: the owner may want it) and says so. */
export async function setAside(file: string, problem: string, now = new Date()): Promise<DamagedHistoryFile> {
  const keptAs = `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`
  await renameFile(nodeFileSystem, file, keptAs)
  console.warn(`[plant-store] the history file ${file} is damaged (${problem}); it was kept aside as ${keptAs} and the catalogue serves on`)
  return { file, keptAs, problem }
}

/**
 * Why a history file is not used although it may read well (as StrictModes, data-folder-trust.ts): another
 * account owns it or may write it, so its entries may be forged; undefined when it is this user's own file.
 */
export function untrustedHistoryFile(info: Stats): string | undefined {
  const uid = effectiveUid()
  if (!info.isFile()) return 'it is not a regular file'
  if (uid === undefined) return undefined
  if (info.uid !== uid) return `it belongs to ${userName(info.uid)}, not to ${userName(uid)} who runs Plant Store`
  if ((info.mode & 0o022) !== 0) return `other accounts can change it (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')})`
  return undefined
}

/** Opens a history file to read, refusing a link (ELOOP) and a file {@link untrustedHistoryFile} names. */
export async function openHistoryFile(file: string): Promise<FileHandle> {
  const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? new Error('it is a symbolic link, and Plant Store never follows links in its data folder') : error
  })
  const problem = untrustedHistoryFile(await handle.stat())
  if (problem === undefined) return handle
  await handle.close()
  throw new Error(problem)
}

/** The seq of a complete history line, or undefined when it is not one. */
export function seqOfLine(line: string): number | undefined {
  try {
    const seq = (JSON.parse(line) as Partial<HistoryEntry>).seq
    return Number.isSafeInteger(seq) ? seq : undefined
  } catch {
    return undefined
  }
}

/** A file's end as found before appending: its size once a torn last line is cut off, and its last seq. */
interface FileEnd {
  size: number
  lastSeq: number
}

const TAIL_BYTES = 64 * 1024

/**
 * Reads the end of `file`: an unterminated last fragment (an append cut
 * short by a crash) is cut off; a last complete line that is not an entry
 * is damage (thrown as a string naming the problem).
 */
async function readFileEnd(file: string): Promise<FileEnd> {
  const handle = await openHistoryFile(file)
  try {
    const { size } = await handle.stat()
    if (size === 0) return { size: 0, lastSeq: 0 }
    const start = Math.max(0, size - TAIL_BYTES)
    const buffer = Buffer.alloc(size - start)
    await handle.read(buffer, 0, buffer.length, start)
    const text = buffer.toString('utf8')
    const end = text.lastIndexOf('\n') + 1
    const complete = start + Buffer.byteLength(text.slice(0, end))
    if (complete < size) await truncate(file, complete)
    if (end === 0) {
      if (start === 0) return { size: 0, lastSeq: 0 }
      throw new Error(`no line ends in its last ${TAIL_BYTES} bytes`)
    }
    const lines = text.slice(0, end - 1).split('\n')
    const seq = seqOfLine(lines.at(-1)!)
    if (seq === undefined) throw new Error('its last line is not a change entry')
    return { size: complete, lastSeq: seq }
  } finally {
    await handle.close()
  }
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
    while (this.#last === undefined) {
      const newest = (await listHistoryFiles(this.#dir)).at(-1)
      if (!newest) return undefined
      try {
        this.#last = { ...newest, ...(await readFileEnd(newest.file)) }
      } catch (error) {
        this.damaged.push(await setAside(newest.file, error instanceof Error ? error.message : String(error)))
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
    const appended: AppendedLine[] = []
    let month = last?.month ?? ''
    const batch: HistoryEntry[] = []
    for (const entry of fresh) {
      const target = monthOf(entry.at) > month ? monthOf(entry.at) : month
      if (target !== month && batch.length > 0) appended.push(...(await this.#appendTo(month, batch.splice(0))))
      month = target
      batch.push(entry)
    }
    if (batch.length > 0) appended.push(...(await this.#appendTo(month, batch)))
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
        const text = JSON.stringify(entry) + '\n'
        lines.push({ file, offset: size, entry })
        size += Buffer.byteLength(text)
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
