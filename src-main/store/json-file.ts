/**
 * A durable lowdb adapter. lowdb's stock adapter (steno) renames without
 * fsync, writes big files in chunks across event-loop turns and can report a
 * later write's failure to an earlier caller; this one writes the whole file in
 * one call, fsyncs it, renames it over the target and fsyncs the directory, so
 * a resolved write() means the content survives a power cut.
 */
import { constants as fsConstants } from 'node:fs'
import * as fsp from 'node:fs/promises'
import path from 'node:path'
import type { Adapter } from 'lowdb'

/** The file-system calls the adapter makes; tests replace them to inject faults (ENOSPC, EIO). */
export interface FileSystem {
  open: typeof fsp.open
  rename: typeof fsp.rename
  readFile: (file: string, encoding: 'utf8') => Promise<string>
  unlink: typeof fsp.unlink
}

/** The real file system. */
export const nodeFileSystem: FileSystem = {
  open: fsp.open,
  rename: fsp.rename,
  readFile: (file, encoding) => fsp.readFile(file, encoding),
  unlink: fsp.unlink
}

/** Options of {@link DurableJsonFile}. */
export interface DurableJsonFileOptions<T> {
  /** Turns the file's text into data, throwing when the text is not acceptable. */
  parse: (text: string) => T
  fs?: FileSystem
}

/** Writes `bytes` to a new file at `file` and fsyncs it before closing. */
async function writeAndSync(fs: FileSystem, file: string, bytes: Uint8Array): Promise<void> {
  const handle = await fs.open(file, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600)
  try {
    let written = 0
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
      written += bytesWritten
    }
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Flushes a directory entry change (a rename or a new file) to disk. */
export async function syncDirectory(fs: FileSystem, dir: string): Promise<void> {
  const handle = await fs.open(dir, fsConstants.O_RDONLY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** lowdb adapter over one JSON file with atomic, durable writes. */
export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string
  readonly #tempFile: string
  readonly #parse: (text: string) => T
  readonly #fs: FileSystem

  constructor(file: string, options: DurableJsonFileOptions<T>) {
    this.#file = file
    this.#tempFile = path.join(path.dirname(file), `.${path.basename(file)}.tmp`)
    this.#parse = options.parse
    this.#fs = options.fs ?? nodeFileSystem
  }

  /** Returns the parsed file, or null when the file does not exist yet. */
  async read(): Promise<T | null> {
    let text: string
    try {
      text = await this.#fs.readFile(this.#file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    return this.#parse(text)
  }

  /** Serialises `data` once (compact JSON) and replaces the file atomically and durably. */
  async write(data: T): Promise<void> {
    await this.writeText(JSON.stringify(data))
  }

  /** Replaces the file with `text` atomically and durably. */
  async writeText(text: string): Promise<void> {
    try {
      await writeAndSync(this.#fs, this.#tempFile, Buffer.from(text, 'utf8'))
      await this.#fs.rename(this.#tempFile, this.#file)
    } catch (error) {
      // Leave no half-written temp file behind; the real file is untouched.
      await this.#fs.unlink(this.#tempFile).catch(() => undefined)
      throw error
    }
    await syncDirectory(this.#fs, path.dirname(this.#file))
  }
}
