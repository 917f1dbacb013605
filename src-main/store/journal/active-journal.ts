/**
 * The journal generation that saved batches are appended to. It moves on to a
 * new generation at each checkpoint (so the snapshot holds exactly the
 * generations before it) and after a failed append (see journal.ts, cuts).
 */
import { Journal, type JournalEntry } from './journal'
import { nodeFileSystem, type FileSystem } from '#lib/durable-file'

/** The journal being appended to. */
export class ActiveJournal {
  readonly #dir: string
  readonly #fs: FileSystem
  #current: Journal

  constructor(dir: string, first: Journal, fs: FileSystem = nodeFileSystem) {
    this.#dir = dir
    this.#fs = fs
    this.#current = first
  }

  /** The journal file of the current generation. */
  get current(): Journal {
    return this.#current
  }

  /** The current generation. */
  get gen(): number {
    return this.#current.gen
  }

  /** Bytes appended to the current generation. */
  get bytes(): number {
    return this.#current.bytes
  }

  /** The current generation's file. */
  get file(): string {
    return this.#current.file
  }

  /** True after a failed append to the current generation: the next append starts a new one. */
  get broken(): boolean {
    return this.#current.broken
  }

  /** Appends `entry` durably; resolves only once it is on disk. */
  async append(entry: JournalEntry): Promise<void> {
    // The last append failed part-way: continue in a fresh file (that tells replay where the old one ends).
    if (this.#current.broken) await this.next()
    await this.#current.append(entry)
  }

  /**
   * Starts the next generation and returns its number; later appends go
   * there. After a failed append, the new file opens with a cut: replay reads
   * the current one only up to its last acknowledged line, whatever of the
   * failed line reached the disk. That holds whether a save or a checkpoint
   * moves on, and also when that checkpoint's own write then fails.
   */
  async next(): Promise<number> {
    const cut = this.#current.broken ? this.#current.bytes : undefined
    const next = await Journal.create(this.#dir, this.#current.gen + 1, this.#fs, cut)
    await this.#current.close()
    this.#current = next
    return next.gen
  }

  /** Closes the current generation's file. */
  close(): Promise<void> {
    return this.#current.close()
  }
}
