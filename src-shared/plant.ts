/** The three states a plant can be in (contract: PlantStatus). */
export const PLANT_STATUSES = ['available', 'pending', 'sold'] as const

export type PlantStatus = (typeof PLANT_STATUSES)[number]

/**
 * A plant as the full-plant views return it (GET /v3/plant/{id}, GET /v3/plant, export, events). The store keeps
 * the price exactly, as whole cents (src-main/store/stored-plant.ts); here it is a JSON number with at most two decimals.
 */
export interface Plant {
  id: number
  name?: string
  category?: string
  tags: string[]
  status: PlantStatus
  /** In the shop's currency (GET /v3/settings/shop); absent when the plant has no price. */
  price?: number
  /**
   * Pots on hand (0 to 1,000,000) of a plant line kept in stock; absent for a single plant, whose status alone says
   * whether it is for sale. With a quantity the status follows the stock (src-shared/stock.ts). Below zero only
   * after sales made offline at a till that sold more than the primary had (then `belowZero` says which).
   */
  quantity?: number
  /** The quantity at or below which the line is low on stock (GET /v3/plant?lowStock=true); absent: only at 0. */
  reorderAt?: number
  /** Present once a sale made offline at a till took the line below zero, until the line is counted. */
  belowZero?: BelowZeroFlag
  createdAt: string
  updatedAt: string
  /**
   * Bumped by every saved change (1 when added): the plant's ETag is built from it, and a client sends it back
   * as If-Match so that a change made since it read the plant is refused instead of overwritten.
   */
  version: number
}

/**
 * A line taken below zero by a sale made offline at a till (the primary never refuses such a sale for stock): the
 * till, the receipt and when it was sold there, of the sale that took it below zero. A count clears it; pots
 * received or returned meanwhile do not (the shelf still needs counting).
 */
export interface BelowZeroFlag {
  till: string
  receipt: number
  /** When the sale was made on the till (ISO 8601). */
  soldAt: string
}

/** Body of add-plant once validated: strings trimmed, tags unique. */
export interface NewPlant {
  name?: string
  category?: string
  tags?: string[]
  status?: PlantStatus
  price?: number
  quantity?: number
  reorderAt?: number
}

/** Fields an update may remove with null (the others cannot be absent from a plant, or have a default). */
export const CLEARABLE_FIELDS = ['category', 'price', 'quantity', 'reorderAt'] as const

/** The fields of an update: those of an add, where null removes a clearable field. */
export type FieldChanges = Omit<NewPlant, (typeof CLEARABLE_FIELDS)[number]> & {
  category?: string | null
  price?: number | null
  quantity?: number | null
  reorderAt?: number | null
}

/** Body of update-plant once validated: the id plus only the fields to change. */
export interface PlantChanges extends FieldChanges {
  id: number
}

/** The contract's PlantResponse: never carries `category`. */
export interface PlantResponse {
  id: number
  name?: string
  status: PlantStatus
  tags: string[]
}

/** Narrows a stored plant to the contract's response shape. */
export function toPlantResponse(plant: Plant): PlantResponse {
  // Keys in reading order: id, name, status, tags.
  return plant.name === undefined
    ? { id: plant.id, status: plant.status, tags: plant.tags }
    : { id: plant.id, name: plant.name, status: plant.status, tags: plant.tags }
}

/** True when `value` is one of the PlantStatus values. */
export function isPlantStatus(value: unknown): value is PlantStatus {
  return (PLANT_STATUSES as readonly unknown[]).includes(value)
}
