/**
 * What readers of the catalogue see: the full plants (price as a number), with
 * tombstones (deleted plants) left out. While no record has a price or a
 * tombstone, that is the stored list itself; otherwise a list of its own,
 * built once and then kept up to date change by change (a saved batch costs
 * its own changes, not a pass over the whole catalogue).
 */
import type { Plant } from '#shared/plant'
import { toFullPlant, type StoredPlant } from './stored-plant'

/** The readers' list of one catalogue, and its count of tombstones. */
export class LivePlants {
  /** Records that are tombstones. */
  deleted = 0
  /** Records that differ from their full plant (a price or a tombstone). */
  #special = 0
  /** The readers' list while there are special records, ordered by id; undefined until first asked for. */
  #list: Plant[] | undefined

  /** Counts afresh over `records`. */
  reset(records: readonly StoredPlant[]): void {
    this.deleted = 0
    this.#special = 0
    this.#list = undefined
    for (const record of records) this.replaced(undefined, record)
  }

  /** `before` (absent for an add) was replaced by `after`. */
  replaced(before: StoredPlant | undefined, after: StoredPlant): void {
    if (before) {
      if (before.deletedAt !== undefined) this.deleted--
      if (isSpecial(before)) this.#special--
    }
    if (after.deletedAt !== undefined) this.deleted++
    if (isSpecial(after)) this.#special++
    if (this.#list) this.#follow(this.#list, before, after)
  }

  /** The full plants of `records`, tombstones left out, ordered by id. Read-only: it changes as batches are saved. */
  plants(records: readonly StoredPlant[]): readonly Plant[] {
    if (this.#special === 0) {
      this.#list = undefined // built again from the records if a price or tombstone comes back
      return records as readonly Plant[]
    }
    this.#list ??= records.filter((record) => record.deletedAt === undefined).map(toFullPlant)
    return this.#list
  }

  /** Applies one change to the readers' list: an update in place, an add at the end, a delete or restore in a new list. */
  #follow(list: Plant[], before: StoredPlant | undefined, after: StoredPlant): void {
    const wasLive = before !== undefined && before.deletedAt === undefined
    const isLive = after.deletedAt === undefined
    if (!wasLive && !isLive) return
    if (before === undefined && (list.at(-1)?.id ?? 0) < after.id) {
      list.push(toFullPlant(after)) // an add: the highest id so far
      return
    }
    const at = positionOf(list, after.id)
    if (wasLive && isLive) list[at] = toFullPlant(after)
    // Rare: a new list, so that a reader still going through the old one (an export) sees no plant twice or never.
    else this.#list = wasLive ? [...list.slice(0, at), ...list.slice(at + 1)] : [...list.slice(0, at), toFullPlant(after), ...list.slice(at)]
  }
}

/** Where the plant `id` is in `list` (ordered by id), or where it would go. */
export function positionOf(list: readonly { id: number }[], id: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]!.id < id) low = middle + 1
    else high = middle
  }
  return low
}

const isSpecial = (record: StoredPlant): boolean => record.priceCents !== undefined || record.deletedAt !== undefined
