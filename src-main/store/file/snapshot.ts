/**
 * Serialises the catalogue for `plants.json` and for backups without
 * stalling the server: plant records are immutable (an update replaces the
 * object), so a shallow copy of the list is a consistent snapshot, and it is
 * stringified a slice at a time with the event loop free in between.
 */
import type { Plant } from '#shared/plant'
import { DATA_FILE_VERSION, type IdempotencyRecord } from './data-file'

/** A consistent view of the catalogue at one moment. */
export interface CatalogueSnapshot {
  /** File layout version (default: this build's). */
  version?: number
  nextId: number
  /** First journal generation not contained in this snapshot. */
  journalGen: number
  plants: readonly Plant[]
  /** Idempotency keys still remembered; left out of the file when there are none. */
  idempotencyKeys?: readonly IdempotencyRecord[]
  /** The change log's next seq; absent before the first change. */
  nextSeq?: number
  /**
   * A backup's record streams' lists, after the plants, each under its stream's key (the sales ledger's `ledger`:
   * every sale, refund and closed day); plants.json never holds them (the data folder keeps them in the streams' files).
   */
  lists?: readonly SnapshotList[]
}

/** A list after the plants: `"key":[items]`. */
export interface SnapshotList {
  key: string
  items: readonly unknown[]
}

/** Plants stringified per turn of the event loop: about half a millisecond of work. */
const SLICE = 500

/**
 * Compact JSON of the snapshot in the plants.json layout, in parts to be
 * written one after the other (their concatenation is the file's text), so
 * that neither stringifying nor encoding it holds the event loop for long.
 */
export async function serializeSnapshotParts(snapshot: CatalogueSnapshot): Promise<string[]> {
  const keys = snapshot.idempotencyKeys?.length ? { idempotencyKeys: snapshot.idempotencyKeys } : {}
  const seq = snapshot.nextSeq === undefined ? {} : { nextSeq: snapshot.nextSeq }
  const head = JSON.stringify({
    version: snapshot.version ?? DATA_FILE_VERSION,
    nextId: snapshot.nextId,
    journalGen: snapshot.journalGen,
    ...seq,
    ...keys
  })
  const parts = [`${head.slice(0, -1)},"plants":[`]
  await pushSliced(parts, snapshot.plants)
  for (const list of snapshot.lists ?? []) {
    parts.push(`],${JSON.stringify(list.key)}:[`)
    await pushSliced(parts, list.items)
  }
  parts.push(']}')
  return parts
}

/** The items of `list` as the inside of a JSON array, a slice per turn of the event loop. */
async function pushSliced(parts: string[], list: readonly unknown[]): Promise<void> {
  for (let start = 0; start < list.length; start += SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve))
    const slice = JSON.stringify(list.slice(start, start + SLICE))
    parts.push(start > 0 ? `,${slice.slice(1, -1)}` : slice.slice(1, -1))
  }
}

/** Compact JSON of the snapshot in the plants.json layout (see {@link serializeSnapshotParts}), as one text. */
export async function serializeSnapshot(snapshot: CatalogueSnapshot): Promise<string> {
  return (await serializeSnapshotParts(snapshot)).join('')
}
