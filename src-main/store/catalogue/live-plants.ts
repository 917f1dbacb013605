/**
 * What readers of the catalogue see: the full plants (price as a number), with
 * tombstones (deleted plants) left out. While no record has a price or a
 * tombstone, that is the stored list itself; otherwise a list built once per
 * published version.
 */
import type { Plant } from '#shared/plant'
import { toFullPlant, type StoredPlant } from './stored-plant'

/** The readers' list of one catalogue, and its count of tombstones. */
export class LivePlants {
  /** Records that are tombstones. */
  deleted = 0
  /** Records that differ from their full plant (a price or a tombstone). */
  #special = 0
  #cached: { version: number; plants: readonly Plant[] } | undefined

  /** Counts afresh over `records`. */
  reset(records: readonly StoredPlant[]): void {
    this.deleted = 0
    this.#special = 0
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
    this.#cached = undefined
  }

  /** The full plants of `records` (published at `version`), tombstones left out, ordered by id. */
  plants(records: readonly StoredPlant[], version: number): readonly Plant[] {
    if (this.#special === 0) return records as readonly Plant[]
    if (this.#cached?.version !== version) {
      const plants: Plant[] = []
      for (const record of records) if (record.deletedAt === undefined) plants.push(toFullPlant(record))
      this.#cached = { version, plants }
    }
    return this.#cached.plants
  }
}

const isSpecial = (record: StoredPlant): boolean => record.priceCents !== undefined || record.deletedAt !== undefined
