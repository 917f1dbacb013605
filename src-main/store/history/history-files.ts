/**
 * The change log on disk: monthly, append-only `history-YYYY-MM.jsonl` files
 * in the data folder, one entry a line in seq order (history-entry.ts, each
 * line summed: history-line.ts), appended by history-writer.ts. Here: their
 * names, how one is opened to read (never a link, nor another account's
 * file), and setting a whole damaged file aside.
 */
import { constants as fsConstants, type Stats } from 'node:fs'
import { open, readdir, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { effectiveUid, userName } from '#store/folder/data-folder-trust'
import type { HistoryEntry } from './history-entry'
import { nodeFileSystem, renameFile } from '#lib/durable-file'

const HISTORY_NAME = /^history-(\d{4}-\d{2})\.jsonl$/

/** One monthly file. */
export interface HistoryFile {
  month: string
  file: string
}

/** A history file that could not be used, or its damaged lines, set aside under another name. */
export interface DamagedHistoryFile {
  file: string
  keptAs: string
  problem: string
  /** How many damaged lines were set aside (the rest of the file serves on); absent when the whole file was. */
  lines?: number
}

/** Where an appended entry's line is: for the index. */
export interface AppendedLine {
  file: string
  offset: number
  /** Where the line ends (its newline included). */
  end: number
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
