/**
 * The Idempotency-Key of `plant-store import`. An import sent to a running server cannot be taken back once the
 * server has the file: a Ctrl+C (or a killed terminal, a lost connection) leaves the person not knowing whether it was
 * applied, and a plain retry would add every new row twice. So before it sends, the command writes the key with the
 * file's digest and choices into a small file in the data folder (import-retry.json), and removes it once an answer
 * came. The next import of the same file with the same choices finds it and sends the same key: the server (or the
 * folder opened in-process) imports it at most once, answering a retry with the first import's summary.
 */
import { randomUUID } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { TransferFormat } from '#shared/import-export'
import type { ImportChoices } from '#shared/import-mapping'
import { importFingerprintOf } from '#store'
import { replaceFile } from '#lib/durable-file'

/** The file, in the data folder, that holds the key of an import whose answer never came. */
export const IMPORT_RETRY_FILE = 'import-retry.json'

/** An import under way (or cut off): its key and what it sent. */
export interface PendingImport {
  key: string
  /** importFingerprintOf the format, the choices and the file's bytes: the same file read the same way. */
  digest: string
  /** The file's name as given, for the words only. */
  file: string
  /** When it was sent (ISO 8601). */
  since: string
}

/** The key to import `bytes` with: an unfinished import's when it sent the same file with the same choices, else a new one. */
export interface ImportKey {
  pending: PendingImport
  /** True when the key is that of an import whose answer never came: this run is its retry. */
  resumed: boolean
}

const retryFile = (dataDir: string) => path.join(dataDir, IMPORT_RETRY_FILE)

async function readPending(dataDir: string): Promise<PendingImport | undefined> {
  try {
    const value = JSON.parse(await readFile(retryFile(dataDir), 'utf8')) as Partial<PendingImport>
    const whole =
      typeof value.key === 'string' && typeof value.digest === 'string' && typeof value.file === 'string' && typeof value.since === 'string'
    return whole ? (value as PendingImport) : undefined
  } catch {
    return undefined // none (the usual case), or unreadable: a new key, as if none were there
  }
}

/** The key for importing `bytes` as `format` with `choices` (see {@link ImportKey}). */
export async function importKeyFor(
  dataDir: string,
  file: string,
  format: TransferFormat,
  choices: ImportChoices,
  bytes: Uint8Array,
  now = new Date()
): Promise<ImportKey> {
  const digest = importFingerprintOf(format, choices, bytes)
  const left = await readPending(dataDir)
  if (left?.digest === digest) return { pending: left, resumed: true }
  return { pending: { key: randomUUID(), digest, file, since: now.toISOString() }, resumed: false }
}

/**
 * Writes `pending` before the import is sent, so that whatever cuts the command off (Ctrl+C, a closed terminal,
 * kill -9, a lost connection) the next run finds its key. False when it could not be written (a full disk): the
 * import goes on, only its retry is not protected.
 */
export async function rememberImport(dataDir: string, pending: PendingImport): Promise<boolean> {
  return replaceFile(retryFile(dataDir), JSON.stringify(pending)).then(
    () => true,
    () => false
  )
}

/** Forgets `pending` once its import was answered (applied, refused or replayed), unless another import's key replaced it. */
export async function forgetImport(dataDir: string, pending: PendingImport): Promise<void> {
  if ((await readPending(dataDir))?.key !== pending.key) return
  await unlink(retryFile(dataDir)).catch(() => undefined)
}
