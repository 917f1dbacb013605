/**
 * A plant record as the store keeps it (plants.json, journal lines): the price
 * as whole cents, so 19.99 is stored exactly, and a deleted plant kept as a
 * tombstone with the time it was deleted. Readers get {@link toFullPlant}:
 * the price as a JSON number, and never a tombstone.
 */
import { PRICE_MAX_CENTS, toDecimal, type Cents } from '#shared/money'
import type { Plant } from '#shared/plant'
import type { PlantCount } from '#shared/words'

/** A stored plant record. */
export interface StoredPlant extends Omit<Plant, 'price'> {
  /** The price in whole cents (minor units); absent when the plant has no price. */
  priceCents?: Cents
  /** When the plant was deleted (ISO 8601): the record is a tombstone that restore brings back. */
  deletedAt?: string
}

/** Highest stored price, in cents (PLANT_LIMITS.priceMax). */
export const PRICE_CENTS_MAX = PRICE_MAX_CENTS

/** Full plants of records, one object per record, so views and caches keyed by plant stay stable. */
const views = new WeakMap<StoredPlant, Plant>()

/** The full plant of `record` (the same object when it has no price). */
export function toFullPlant(record: StoredPlant): Plant {
  if (record.priceCents === undefined && record.deletedAt === undefined) return record
  let view = views.get(record)
  if (!view) {
    const { priceCents, deletedAt: _deletedAt, ...rest } = record
    view = priceCents === undefined ? rest : { ...rest, price: toDecimal(priceCents) }
    views.set(record, view)
  }
  return view
}

/** True for a tombstone. */
export const isDeleted = (record: StoredPlant): boolean => record.deletedAt !== undefined

/** How many of `records` the shop sees, and how many are tombstones (deleted, restorable): a backup's or a restore's count. */
export function countPlants(records: readonly StoredPlant[]): PlantCount {
  let deletedCount = 0
  for (const record of records) if (isDeleted(record)) deletedCount++
  return { plantCount: records.length - deletedCount, deletedCount }
}
