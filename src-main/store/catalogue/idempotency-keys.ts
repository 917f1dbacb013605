/**
 * Idempotency keys of adds, stock movements and imports (the IETF httpapi Idempotency-Key
 * draft): a client that retries an add with the key it sent before gets the first
 * answer again instead of a second plant, a retried sale moves no more stock, and a
 * retried import adds no plant twice. Each key is saved in the same journal line as the
 * plant it added, so the key and the plant reach the disk together or not at
 * all, and checkpoints carry the keys of the last day into plants.json.
 */
import { createHash } from 'node:crypto'
import type { NewPlant } from '#shared/plant'
import type { StockLine } from '#shared/stock'
import type { IdempotencyRecord, IdempotencyScope } from '#store/file/data-file'
import { IdempotencyKeyReusedError } from './preconditions'

export type { IdempotencyRecord, IdempotencyScope } from '#store/file/data-file'

/** How long a key is remembered after its add: at least the day the draft asks for. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** A key that was found, and whether it belongs to the batch being written (not yet on disk). */
export interface FoundKey {
  record: IdempotencyRecord
  pending: boolean
}

/**
 * Digest of an add's validated input with its defaults filled in, keys sorted:
 * bodies that would add the same plant give the same print, whatever their
 * layout, spacing or key order.
 */
export function fingerprintOf(input: NewPlant): string {
  const filled: Record<string, unknown> = { tags: [], status: 'available', ...input }
  const canonical = JSON.stringify(
    Object.keys(filled)
      .sort()
      .map((key) => [key, filled[key]])
  )
  return createHash('sha256').update(canonical, 'utf8').digest('base64url')
}

/** Digest of a stock call's validated lines: the same movements give the same print, whatever the body's layout. */
export function stockFingerprintOf(lines: readonly StockLine[]): string {
  const canonical = JSON.stringify(['stock', lines.map((line) => Object.entries(line).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))])
  return createHash('sha256').update(canonical, 'utf8').digest('base64url')
}

/**
 * Digest of an import's input: the file's bytes, its format and the choices it is read with (sorted, so their order
 * does not count). The same file sent again with the same choices gives the same print; another file or other choices
 * another one.
 */
export function importFingerprintOf(format: string, choices: object, bytes: Uint8Array): string {
  const sorted = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.keys(value)
          .sort()
          .map((key) => [key, sorted((value as Record<string, unknown>)[key])])
      : value
  return createHash('sha256')
    .update(JSON.stringify(['import', format, sorted(choices)]), 'utf8')
    .update(bytes)
    .digest('base64url')
}

/** The refusal of a key first used for another call, saying what that call was. */
export function keyReusedError(record: IdempotencyRecord): IdempotencyKeyReusedError {
  return new IdempotencyKeyReusedError(record.key, record.plant?.id, record.import ? 'import' : record.stock ? 'stock' : 'add')
}

const scopeId = (scope: IdempotencyScope) => JSON.stringify([scope.by, scope.key])

/**
 * The remembered keys: those on disk, and those staged by the batch being
 * written, which become saved when it is (or vanish when its write fails).
 */
export class IdempotencyKeys {
  readonly #saved = new Map<string, IdempotencyRecord>()
  readonly #pending = new Map<string, IdempotencyRecord>()
  readonly #ttlMs: number

  constructor(records: readonly IdempotencyRecord[] = [], ttlMs = IDEMPOTENCY_KEY_TTL_MS) {
    this.#ttlMs = ttlMs
    for (const record of records) this.#saved.set(scopeId(record), record)
  }

  /** The record of `scope`, pending or saved, if it has not expired. */
  find(scope: IdempotencyScope, now: Date): FoundKey | undefined {
    const id = scopeId(scope)
    const pending = this.#pending.get(id)
    if (pending) return { record: pending, pending: true }
    const saved = this.#saved.get(id)
    return saved && !this.#expired(saved, now) ? { record: saved, pending: false } : undefined
  }

  /** Stages a record for the batch being written. */
  stage(record: IdempotencyRecord): IdempotencyRecord {
    this.#pending.set(scopeId(record), record)
    return record
  }

  /** The batch is on disk: its records are saved. */
  publish(): void {
    for (const [id, record] of this.#pending) this.#saved.set(id, record)
    this.#pending.clear()
  }

  /** The batch's write failed: its records never existed. */
  discard(): void {
    this.#pending.clear()
  }

  /** The saved records that have not expired (dropping the expired ones), for a snapshot. */
  live(now: Date): IdempotencyRecord[] {
    for (const [id, record] of this.#saved) if (this.#expired(record, now)) this.#saved.delete(id)
    return [...this.#saved.values()]
  }

  /** The live records plus those of the batch being written, for a snapshot that holds that batch too. */
  withPending(now: Date): IdempotencyRecord[] {
    return [...this.live(now), ...this.#pending.values()]
  }

  #expired(record: IdempotencyRecord, now: Date): boolean {
    return now.getTime() - Date.parse(record.at) > this.#ttlMs
  }
}
