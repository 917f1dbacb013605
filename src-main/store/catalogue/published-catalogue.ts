/**
 * The catalogue in memory: the plants readers see (lowdb's `data`: only
 * changes already on disk, ordered by id), and the records prepared by
 * the batch being saved, which join them only once the batch is on disk.
 */
import type { Low } from 'lowdb'
import type { Plant } from '#shared/plant'
import type { PlantFile } from '#store/file/data-file'
import type { IdempotencyKeys } from './idempotency-keys'
import { LivePlants, positionOf } from './live-plants'
import type { PlantFilter } from './plant-store-types'
import type { CatalogueSnapshot } from '#store/file/snapshot'
import { toFullPlant, type StoredPlant } from './stored-plant'

/** The published catalogue and the batch being saved. */
export class PublishedCatalogue {
  readonly #db: Low<PlantFile>
  readonly #keys: IdempotencyKeys
  /** Records prepared by the batch being saved, by id. */
  readonly #pending = new Map<number, StoredPlant>()
  /** What readers see: full plants, tombstones left out. */
  readonly #live = new LivePlants()
  #version = 0

  constructor(db: Low<PlantFile>, keys: IdempotencyKeys) {
    this.#db = db
    this.#keys = keys
    this.#recount()
  }

  #recount(): void {
    this.#live.reset(this.#db.data.plants)
  }

  /**
   * Position of the published plant `id` in db.data.plants, found by halving: the list is ordered by id (checked
   * when read, kept so by adds, which take the highest id), so no index of 100k entries needs building at start.
   */
  #positionOf(id: number): number | undefined {
    const plants = this.#db.data.plants
    const position = positionOf(plants, id)
    return plants[position]?.id === id ? position : undefined
  }

  /** Bumped whenever published plants change, so readers can cache what they derive from them. */
  get version(): number {
    return this.#version
  }

  /** Number of plants, tombstones left out. */
  get size(): number {
    return this.#db.data.plants.length - this.#live.deleted
  }

  /** The stored record of `id`, a tombstone too. */
  record(id: number): StoredPlant | undefined {
    const position = this.#positionOf(id)
    return position === undefined ? undefined : this.#db.data.plants[position]
  }

  /** The full plant `id`; undefined when there is none or it is deleted. */
  get(id: number): Plant | undefined {
    const record = this.record(id)
    return record === undefined || record.deletedAt !== undefined ? undefined : toFullPlant(record)
  }

  find(filter: PlantFilter): readonly Plant[] {
    const plants = this.#live.plants(this.#db.data.plants)
    const statuses = filter.statuses
    if (!statuses || statuses.length === 0) return plants
    return plants.filter((plant) => statuses.includes(plant.status))
  }

  /** True while changes are staged but not yet published. */
  get staging(): boolean {
    return this.#pending.size > 0
  }

  /** The record of `id` prepared by the batch being saved, if any. */
  pending(id: number): StoredPlant | undefined {
    return this.#pending.get(id)
  }

  /** The record of `id` as the batch being prepared sees it: its own change, else the published one (tombstones too). */
  latest(id: number): StoredPlant | undefined {
    return this.#pending.get(id) ?? this.record(id)
  }

  /** As {@link latest}, but undefined for a tombstone: the record a change may start from. */
  live(id: number): StoredPlant | undefined {
    const record = this.latest(id)
    return record?.deletedAt === undefined ? record : undefined
  }

  /** Prepares `plant` for the batch being saved. */
  stage(plant: StoredPlant): void {
    this.#pending.set(plant.id, plant)
  }

  /** The batch's write failed: its records and keys never existed. */
  discard(): void {
    this.#pending.clear()
    this.#keys.discard()
  }

  /** The batch is on disk: readers see it from now on. */
  publish(): void {
    const plants = this.#db.data.plants
    for (const [id, plant] of this.#pending) {
      const position = this.#positionOf(id)
      this.#live.replaced(position === undefined ? undefined : plants[position], plant)
      // New ids are the highest so far and were prepared in increasing order, so the list stays sorted.
      if (position !== undefined) plants[position] = plant
      else plants.push(plant)
    }
    this.#pending.clear()
    this.#keys.publish()
    this.#version++
  }

  /** Drops tombstones deleted before `before` (ISO 8601) for good; returns how many. Only between batches. */
  purgeDeletedBefore(before: string): number {
    const plants = this.#db.data.plants
    const kept = plants.filter((plant) => plant.deletedAt === undefined || plant.deletedAt >= before)
    if (kept.length === plants.length) return 0
    this.#db.data.plants = kept
    this.#recount()
    this.#version++
    return plants.length - kept.length
  }

  /** The published catalogue as it is now, for a backup. */
  snapshot(journalGen: number, now: Date): CatalogueSnapshot {
    const { version, nextId, plants, nextSeq } = this.#db.data
    return { version, nextId, journalGen, plants: plants.slice(), idempotencyKeys: this.#keys.live(now), nextSeq }
  }

  /**
   * Fills in what plants.json records beside the plants, just before lowdb
   * writes db.data: which journals follow it, and the keys still remembered
   * (they live in IdempotencyKeys; db.data holds a copy only for the write).
   */
  stampForWrite(journalGen: number, now: Date): void {
    this.#db.data.journalGen = journalGen
    this.#db.data.idempotencyKeys = this.#keys.live(now)
  }

  /** plants.json's content with the batch being saved (not yet published) in it. */
  withPending(journalGen: number, now: Date): PlantFile {
    const plants = this.#db.data.plants.slice()
    for (const [id, plant] of this.#pending) {
      const position = this.#positionOf(id)
      if (position !== undefined) plants[position] = plant
      else plants.push(plant) // new ids were prepared in increasing order, above every published one
    }
    return { ...this.#db.data, journalGen, plants, idempotencyKeys: this.#keys.withPending(now) }
  }
}
