/**
 * A paired till's read copy (routes/offline-reads.ts) on its disk: DATA/till-reads.jsonl, so that a till started
 * while the main computer is away still finds, prices and sells what it read before. One header line names the
 * pairing the copy belongs to; then one line per kept answer, oldest first: `[path and query, read at, headers, text]`.
 *
 * Written whole and durably (durable-file.ts: temp file, fsync, rename; mode 0600 like the rest of the folder), a
 * moment after an answer whose content changed (SAVE_DELAY_MS, so a burst of reads is one write; an answer read again
 * unchanged writes nothing), and at every stop. A kill loses at most the last moment's reads, never the file.
 * Read at start: a file of another pairing is forgotten (deleted); a damaged or foreign one (not ours, not a private
 * regular file, too large) is set aside beside it and the till starts with an empty copy, saying so in the log.
 */
import { lstat, rm } from 'node:fs/promises'
import path from 'node:path'
import { nodeFileSystem, renameFile, replaceFile } from '#lib/durable-file'
import { readTextIfPresent } from '#lib/fs-errors'
import { serialQueue } from '#lib/serial-queue'
import { ownFileProblem } from '#store'
import { ANSWER_BYTES_MAX, type Kept, type TillReadCache } from './routes/offline-reads'

/** The read copy's file name in the till's data folder. */
export const READ_COPY_FILE_NAME = 'till-reads.jsonl'

const FORMAT = 'plant-store till reads'
const VERSION = 1

/** How long after a changed answer the copy is written: the reads of one screen become one write. */
const SAVE_DELAY_MS = 2000

/**
 * Larger than any copy this till writes (the kept answers are bounded in characters; escaped once more in a line,
 * as UTF-8): a file beyond it is not ours and is set aside unread.
 */
const FILE_BYTES_MAX = 4 * ANSWER_BYTES_MAX

/**
 * What ties a copy to one pairing (a TillPairing has it; pairing.ts forgets the copy when it pairs, so this file does
 * not import it): re-paired, with this or another main computer, the copy is another's.
 */
interface PairingMark {
  origin: string
  fingerprint: string
  till: string
  pairedAt: string
}

const markOf = ({ origin, fingerprint, till, pairedAt }: PairingMark): PairingMark => ({ origin, fingerprint, till, pairedAt })

/** The disk copy of a running till: `close` writes what changed since the last write and stops writing. */
export interface ReadCopyFile {
  close(): Promise<void>
}

/** Forgets the read copy in `dataDir` (a computer that is no till any more, or is paired anew). */
export async function forgetReadCopy(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, READ_COPY_FILE_NAME), { force: true })
}

/** The file's text as lines of one copy: the whole file, written at once. */
export function readCopyText(pairing: PairingMark, answers: Iterable<[string, Kept]>): string[] {
  const lines = [`${JSON.stringify({ format: FORMAT, version: VERSION, pairing: markOf(pairing) })}\n`]
  for (const [url, { at, headers, text }] of answers) lines.push(`${JSON.stringify([url, at, headers, text])}\n`)
  return lines
}

/** The kept answer a line holds; undefined when it holds none. */
function keptAnswerOf(line: string): [string, Kept] | undefined {
  const entry = JSON.parse(line) as unknown
  if (!Array.isArray(entry) || entry.length !== 4) return undefined
  const [url, at, headers, text] = entry as unknown[]
  const isPair = (header: unknown) => Array.isArray(header) && header.length === 2 && header.every((part) => typeof part === 'string')
  if (typeof url !== 'string' || typeof at !== 'string' || typeof text !== 'string' || !Array.isArray(headers) || !headers.every(isPair))
    return undefined
  return [url, { at, text, headers: headers as [string, string][] }]
}

type Loaded = { kind: 'none' } | { kind: 'answers'; answers: [string, Kept][] } | { kind: 'other-pairing' } | { kind: 'foreign'; why: string }

/** What `file` holds for `pairing`. */
async function load(file: string, pairing: PairingMark): Promise<Loaded> {
  const info = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (!info) return { kind: 'none' }
  // Never read through a link, nor what another account could have written: the folder's rule (docs/security.md).
  const untrusted = info.isSymbolicLink() ? `${file} is a symbolic link` : ownFileProblem(file, info, 0o600)
  if (untrusted) return { kind: 'foreign', why: untrusted }
  if (info.size > FILE_BYTES_MAX) return { kind: 'foreign', why: `it is ${info.size} bytes, more than a read copy ever holds` }
  const text = await readTextIfPresent(file)
  if (text === undefined) return { kind: 'none' }
  const [head = '', ...rest] = text.split('\n')
  try {
    const header = JSON.parse(head) as { format?: unknown; version?: unknown; pairing?: unknown } | null
    if (header?.format !== FORMAT || header.version !== VERSION) return { kind: 'foreign', why: 'it is not a read copy this version writes' }
    if (JSON.stringify(header.pairing) !== JSON.stringify(markOf(pairing))) return { kind: 'other-pairing' }
    const answers: [string, Kept][] = []
    for (const line of rest) {
      if (line === '') continue
      const answer = keptAnswerOf(line)
      if (!answer) return { kind: 'foreign', why: `line ${answers.length + 2} is not a kept answer` }
      answers.push(answer)
    }
    return { kind: 'answers', answers }
  } catch {
    return { kind: 'foreign', why: 'a line of it is not JSON' }
  }
}

/**
 * Fills `cache` from the copy of `pairing` in `dataDir` and keeps that copy written as the cache changes. Never
 * throws for the file: a till without its copy still sells.
 */
export async function openReadCopy(dataDir: string, pairing: PairingMark, cache: TillReadCache): Promise<ReadCopyFile> {
  const file = path.join(dataDir, READ_COPY_FILE_NAME)
  const say = (words: string) => console.warn(`[plant-store] ${words}`)
  const loaded = await load(file, pairing).catch((error: NodeJS.ErrnoException): Loaded => ({ kind: 'foreign', why: error.code ?? error.message }))
  if (loaded.kind === 'answers') for (const [url, kept] of loaded.answers) cache.keep(url, kept)
  if (loaded.kind === 'other-pairing') {
    say(`the till's read copy ${file} belongs to another pairing: forgotten`)
    await forgetReadCopy(dataDir).catch(() => undefined)
  }
  if (loaded.kind === 'foreign') {
    const keptAs = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
    const setAside = await renameFile(nodeFileSystem, file, keptAs).then(
      () => `it was set aside as ${keptAs}`,
      (error: NodeJS.ErrnoException) => `it could not be set aside (${error.code ?? error.message})`
    )
    say(`the till's read copy ${file} is damaged or not this till's (${loaded.why}); ${setAside}, and the till starts with an empty copy`)
  }

  const inTurn = serialQueue()
  let timer: NodeJS.Timeout | undefined
  /** `content`: an answer changed since the last write; `times`: only when answers were read (written at stop). */
  let unsaved: 'none' | 'times' | 'content' = 'none'
  let failed = false
  const save = () =>
    inTurn(async () => {
      if (unsaved === 'none') return
      unsaved = 'none'
      const answers = [...cache.answers()]
      try {
        if (answers.length === 0) await forgetReadCopy(dataDir)
        else await replaceFile(file, readCopyText(pairing, answers), nodeFileSystem, path.join(dataDir, `.${READ_COPY_FILE_NAME}.tmp`))
        failed = false
      } catch (error) {
        unsaved = 'content' // tried again with the next change, or at the stop
        if (!failed)
          say(
            `could not write the till's read copy ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); it is kept in memory`
          )
        failed = true
      }
    })
  cache.onKept((changed) => {
    if (!changed) {
      if (unsaved === 'none') unsaved = 'times'
      return
    }
    unsaved = 'content'
    timer ??= setTimeout(() => {
      timer = undefined
      void save()
    }, SAVE_DELAY_MS).unref()
  })
  return {
    async close() {
      clearTimeout(timer)
      timer = undefined
      await save()
    }
  }
}
