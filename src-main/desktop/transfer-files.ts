/**
 * Export and Import through the desktop app's native file dialogs: what the
 * page may ask (a plain file name, bytes of a sane size), what the dialogs
 * offer, and the reading and writing of the file the user chose. Plain code:
 * the dialogs come in as an interface (file-dialogs.ts passes Electron's), so
 * tests drive it with a stand-in.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { OpenedFile, SavedFile } from '#shared/desktop-bridge'
import { MAX_IMPORT_BYTES } from '#shared/import-export'
import { saveDocument } from '#lib/durable-file'
import { windowsNameProblem } from '#lib/file-names'

/** A filter of a native file dialog. */
interface FileFilter {
  name: string
  extensions: string[]
}

/** The two native dialogs used, as Electron's `dialog` offers them (already bound to the app's window). */
export interface NativeFileDialogs {
  showSaveDialog(options: { title: string; defaultPath: string; filters: FileFilter[] }): Promise<{ canceled: boolean; filePath?: string }>
  showOpenDialog(options: { title: string; properties: 'openFile'[]; filters: FileFilter[] }): Promise<{ canceled: boolean; filePaths: string[] }>
}

/** Largest export the page may hand over for saving (100,000 plants as JSON are about 18 MB). */
export const MAX_SAVE_BYTES = 256 * 1024 * 1024

/** A name the Save dialog may suggest: one plain file name ending in .csv or .json, nothing that climbs or names a device. */
const SUGGESTED_NAME = /^[^\\/:*?"<>|\u0000-\u001f]{1,100}\.(csv|json)$/i

/** True for a name the page may suggest: `pattern` matched, no hidden file, nothing Windows keeps for a device (CON.csv). */
export function isPlainName(name: unknown, pattern: RegExp): name is string {
  return typeof name === 'string' && pattern.test(name) && !name.startsWith('.') && windowsNameProblem(name) === undefined
}

/** The page's save request when it is acceptable (a suggested file name and bytes), else undefined. */
export function readSaveRequest(name: unknown, data: unknown): { name: string; data: Uint8Array } | undefined {
  if (!isPlainName(name, SUGGESTED_NAME)) return undefined
  if (!(data instanceof Uint8Array) || data.byteLength > MAX_SAVE_BYTES) return undefined
  return { name, data }
}

/**
 * Shows the Save dialog with `options` and writes `data` where the user chose
 * (temp file, fsync, rename: never a half-written file), byte for byte.
 * Resolves null when cancelled, or with where and why it could not be written.
 */
export async function writeThroughSaveDialog(
  dialogs: Pick<NativeFileDialogs, 'showSaveDialog'>,
  options: Parameters<NativeFileDialogs['showSaveDialog']>[0],
  data: Uint8Array
): Promise<SavedFile | null> {
  const chosen = await dialogs.showSaveDialog(options)
  if (chosen.canceled || !chosen.filePath) return null
  try {
    await saveDocument(chosen.filePath, data)
    return { path: chosen.filePath }
  } catch (error) {
    return {
      error: `${chosen.filePath} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); choose another place`
    }
  }
}

/** Shows the Save dialog offering `name` in `defaultDir` and writes the export there (UTF-8, its byte-order mark kept); null when cancelled. */
export async function saveThroughDialog(dialogs: NativeFileDialogs, defaultDir: string, name: string, data: Uint8Array): Promise<SavedFile | null> {
  const format = path.extname(name).slice(1).toLowerCase()
  const filters = [{ name: format.toUpperCase(), extensions: [format] }]
  return writeThroughSaveDialog(dialogs, { title: 'Export plants', defaultPath: path.join(defaultDir, name), filters }, data)
}

/**
 * Shows the Open dialog for a CSV or JSON file and reads the one chosen;
 * resolves null when cancelled, or with why it cannot be imported (too big,
 * unreadable) instead of its bytes.
 */
export async function openThroughDialog(dialogs: NativeFileDialogs): Promise<OpenedFile | null> {
  const chosen = await dialogs.showOpenDialog({
    title: 'Import plants',
    properties: ['openFile'],
    filters: [
      { name: 'CSV or JSON', extensions: ['csv', 'json'] },
      { name: 'All files', extensions: ['*'] }
    ]
  })
  const file = chosen.canceled ? undefined : chosen.filePaths[0]
  if (file === undefined) return null
  const name = path.basename(file)
  try {
    const { size } = await stat(file)
    if (size > MAX_IMPORT_BYTES)
      return { name, error: `${name} is over ${MAX_IMPORT_BYTES / 1024 / 1024} MiB, the most an import takes; split it into smaller files` }
    return { name, data: new Uint8Array(await readFile(file)) }
  } catch (error) {
    return { name, error: `${name} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` }
  }
}
