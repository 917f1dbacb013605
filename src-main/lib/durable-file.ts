/**
 * Files written whole: replaced durably (the lowdb adapter of plants.json,
 * backups, the token) or created once (the lock, the first token). lowdb's
 * stock adapter (steno) renames without fsync, writes big files in chunks
 * across event-loop turns and can report a later write's failure to an
 * earlier caller; here the whole file is written in one call, fsynced, renamed
 * over the target and the directory fsynced, so a resolved write means the
 * content survives a power cut.
 */
import { randomBytes } from 'node:crypto'
import { constants as fsConstants, readFileSync } from 'node:fs'
import * as fsp from 'node:fs/promises'
import path from 'node:path'
import type { Adapter } from 'lowdb'
import { hostPlatform } from './platform'

/** The file-system calls the adapter makes; tests replace them to inject faults (ENOSPC, EIO). */
export interface FileSystem {
  open: typeof fsp.open
  rename: typeof fsp.rename
  readFile: (file: string, encoding: 'utf8') => Promise<string>
  /**
   * Reads a small file without a trip through the thread pool; used, when
   * present, for the many small journal files at start-up (2,000 of them in
   * 15 ms instead of 150 ms). Fault-injecting test file systems leave it out.
   */
  readFileSync?: (file: string, encoding: 'utf8') => string
  unlink: typeof fsp.unlink
  /** The system whose rules these calls follow (folder fsync, rename retries); default {@link hostPlatform}. */
  platform?: NodeJS.Platform
}

/** The real file system. */
export const nodeFileSystem: FileSystem = {
  open: fsp.open,
  rename: fsp.rename,
  readFile: (file, encoding) => fsp.readFile(file, encoding),
  readFileSync: (file, encoding) => readFileSync(file, encoding),
  unlink: fsp.unlink
}

/** Options of {@link DurableJsonFile}. */
export interface DurableJsonFileOptions<T> {
  /** Turns the file's text into data for lowdb's read(), throwing when the text is not acceptable (default JSON.parse). */
  parse?: (text: string) => T
  /**
   * Turns data into the file's text for lowdb's write() (default JSON.stringify), whole or in parts written one
   * after the other. It is called before write() first yields, so it sees the data as it was when write() was
   * called; it may then take turns of the event loop.
   */
  serialize?: (data: T) => FileText | Promise<FileText>
  fs?: FileSystem
}

// A new file only, never through a link: O_EXCL fails on any existing name, a planted symbolic link included
// (which O_TRUNC would follow, overwriting the file it points to); O_NOFOLLOW says so twice.
const EXCLUSIVE = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW

/** A temp or draft name beside `file` that no other writer uses. */
function uniqueSibling(file: string, suffix: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.${suffix}`)
}

/** The mode a new file gets: `create` when it is opened (the umask applies), then exactly `exact` when given. */
interface NewFileMode {
  create: number
  exact?: number
}

/** The data folder's files: readable and writable by their owner only. */
const PRIVATE_FILE: NewFileMode = { create: 0o600 }

/**
 * What a whole file holds: text, bytes, or text in parts (a large catalogue), which are encoded and written a
 * few at a time, so that no single step encodes the whole file while requests wait.
 */
export type FileText = string | Uint8Array | readonly string[]

/** Bytes encoded from text parts before they are written. */
const WRITE_BYTES = 1024 * 1024

/** The content as byte blocks of about {@link WRITE_BYTES}, each encoded only when the one before is written. */
function* blocksOf(content: FileText): Generator<Uint8Array> {
  if (typeof content === 'string') yield Buffer.from(content, 'utf8')
  else if (content instanceof Uint8Array) yield content
  else {
    let pending: Buffer[] = []
    let size = 0
    for (const part of content) {
      const bytes = Buffer.from(part, 'utf8')
      pending.push(bytes)
      size += bytes.length
      if (size >= WRITE_BYTES) {
        yield Buffer.concat(pending, size)
        pending = []
        size = 0
      }
    }
    if (size > 0) yield Buffer.concat(pending, size)
  }
}

/** Length of `content` in characters (in bytes for bytes): what the caller measures a file's size in. */
function lengthOf(content: FileText): number {
  if (typeof content === 'string' || content instanceof Uint8Array) return content.length
  return content.reduce((sum, part) => sum + part.length, 0)
}

/**
 * Creates `file` (with `mode`, never through a link), writes `content` and
 * fsyncs it before closing. A file it created but could not complete (a full
 * disk) is removed again.
 */
async function writeAndSync(fs: FileSystem, file: string, content: FileText, mode: NewFileMode = PRIVATE_FILE): Promise<void> {
  const handle = await fs.open(file, EXCLUSIVE, mode.create)
  try {
    if (mode.exact !== undefined) await handle.chmod(mode.exact)
    for (const bytes of blocksOf(content)) {
      let written = 0
      while (written < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
        written += bytesWritten
      }
    }
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await fs.unlink(file).catch(() => undefined)
    throw error
  }
  await handle.close()
}

/**
 * Flushes a directory entry change (a rename or a new file) to disk. Not on
 * Windows: FlushFileBuffers needs a handle opened for writing, which a folder
 * never gets, so the fsync fails with EPERM (nodejs/node#3879), and NTFS
 * journals the rename itself.
 */
export async function syncDirectory(fs: FileSystem, dir: string): Promise<void> {
  if ((fs.platform ?? hostPlatform()) === 'win32') return
  const handle = await fs.open(dir, fsConstants.O_RDONLY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Errors of a Windows rename that pass once the antivirus, the indexer or a reader lets go of the file. */
const BRIEFLY_HELD = new Set(['EPERM', 'EACCES', 'EBUSY'])

/** How long a Windows rename keeps trying (graceful-fs does the same, for up to a minute). */
export const RENAME_RETRY_MS = 5_000

/**
 * Renames `from` over `to`. On Windows a file that an antivirus scanner or the
 * search indexer has just opened cannot be renamed or replaced for a moment
 * (EPERM, EACCES or EBUSY): those are tried again with a growing pause, for up
 * to {@link RENAME_RETRY_MS}. Elsewhere these errors are final at once.
 */
export async function renameFile(fs: Pick<FileSystem, 'rename' | 'platform'>, from: string, to: string): Promise<void> {
  if ((fs.platform ?? hostPlatform()) !== 'win32') return fs.rename(from, to)
  const started = Date.now()
  for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
    try {
      return await fs.rename(from, to)
    } catch (error) {
      if (!BRIEFLY_HELD.has((error as NodeJS.ErrnoException).code ?? '') || Date.now() - started >= RENAME_RETRY_MS) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
}

/**
 * Replaces `file` with `text` (or bytes) atomically and durably (temp file, fsync, rename,
 * directory fsync), as a private file (0600). `tempFile` defaults to a name of its own, so concurrent
 * writers never share one; a single writer may pass a fixed one, so that a
 * crash leaves at most one temp file behind.
 */
export function replaceFile(file: string, text: FileText, fs: FileSystem = nodeFileSystem, tempFile = uniqueSibling(file, 'tmp')): Promise<void> {
  return replaceWith(file, text, fs, tempFile, PRIVATE_FILE)
}

/**
 * Saves a document in a place the person chose (an export, a PDF of labels)
 * as atomically and durably as {@link replaceFile}, but with the mode any
 * program gives a document there: a new file gets 0666 less the user's umask
 * (usually 0644), a file of the user's own it replaces keeps its own permission
 * bits, as an editor keeps them; one another account owns (planted 0666 in a
 * shared folder) does not pass its mode on: the new file gets the usual one.
 * A link at that name is replaced by the file, never followed. The data
 * folder's own files stay private (replaceFile).
 */
export async function saveDocument(file: string, data: string | Uint8Array, fs: FileSystem = nodeFileSystem): Promise<void> {
  const existing = await fsp.lstat(file).catch(() => undefined)
  const own = existing?.isFile() === true && existing.uid === (process.getuid?.() ?? existing.uid)
  const keep = own && (fs.platform ?? hostPlatform()) !== 'win32' ? existing.mode & 0o777 : undefined
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  await replaceWith(file, bytes, fs, uniqueSibling(file, 'tmp'), { create: 0o666, exact: keep })
}

/**
 * Replaces `file` with a program's text (a launcher script) as {@link replaceFile}
 * does, executable by everyone (0755). A link at that name is replaced by the
 * file, never written through.
 */
export function replaceExecutable(file: string, text: string, fs: FileSystem = nodeFileSystem): Promise<void> {
  return replaceWith(file, Buffer.from(text, 'utf8'), fs, uniqueSibling(file, 'tmp'), { create: 0o755, exact: 0o755 })
}

async function replaceWith(file: string, content: FileText, fs: FileSystem, tempFile: string, mode: NewFileMode): Promise<void> {
  try {
    await writeAndSync(fs, tempFile, content, mode).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
      // A fixed temp name left by a crash (or a link planted there): unlink removes the name, never what it points to.
      await fs.unlink(tempFile)
      await writeAndSync(fs, tempFile, content, mode)
    })
    await renameFile(fs, tempFile, file)
  } catch (error) {
    // Leave no half-written temp file behind; the real file is untouched.
    await fs.unlink(tempFile).catch(() => undefined)
    throw error
  }
  await syncDirectory(fs, path.dirname(file))
}

/**
 * Creates `file` holding `text` unless it exists (then false). The file appears
 * complete in one step: a draft is written and fsynced aside, then hard-linked
 * into place, which fails with EEXIST instead of replacing anything, so no
 * reader ever sees it empty. File systems without hard links (FAT on a USB
 * stick) get an exclusive create instead.
 */
export async function createFileOnce(file: string, text: string, fs: FileSystem = nodeFileSystem): Promise<boolean> {
  const draft = uniqueSibling(file, 'draft')
  await writeAndSync(fs, draft, Buffer.from(text, 'utf8'))
  try {
    await fsp.link(draft, file)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error
    return fsp.writeFile(file, text, { flag: 'wx', mode: 0o600 }).then(
      () => true,
      (fallbackError: NodeJS.ErrnoException) => {
        if (fallbackError.code === 'EEXIST') return false
        throw fallbackError
      }
    )
  } finally {
    await fs.unlink(draft).catch(() => undefined)
  }
}

/** lowdb adapter over one JSON file with atomic, durable writes. */
export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string
  readonly #tempFile: string
  readonly #parse: (text: string) => T
  readonly #serialize: (data: T) => FileText | Promise<FileText>
  readonly #fs: FileSystem
  #size = 0

  constructor(file: string, options: DurableJsonFileOptions<T> = {}) {
    this.#file = file
    // One writer per file (the data folder's lock), so one fixed temp name.
    this.#tempFile = path.join(path.dirname(file), `.${path.basename(file)}.tmp`)
    this.#parse = options.parse ?? ((text) => JSON.parse(text) as T)
    this.#serialize = options.serialize ?? ((data) => JSON.stringify(data))
    this.#fs = options.fs ?? nodeFileSystem
  }

  /** Length (in characters) of the text last read or written; 0 before either. */
  get size(): number {
    return this.#size
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
    const data = this.#parse(text)
    this.#size = text.length
    return data
  }

  /** Serialises `data` and replaces the file atomically and durably; resolves once the content survives a power cut. */
  async write(data: T): Promise<void> {
    const text = await this.#serialize(data)
    await replaceFile(this.#file, text, this.#fs, this.#tempFile)
    this.#size = lengthOf(text)
  }
}
