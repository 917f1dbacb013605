/** The three states a plant can be in (contract: PlantStatus). */
export const PLANT_STATUSES = ['available', 'pending', 'sold'] as const

export type PlantStatus = (typeof PLANT_STATUSES)[number]

/** A plant as the store keeps it (and as the full-plant views return it). */
export interface Plant {
  id: number
  name?: string
  category?: string
  tags: string[]
  status: PlantStatus
  createdAt: string
  updatedAt: string
  /**
   * Bumped by every saved change (1 when added): the plant's ETag is built from it, and a client sends it back
   * as If-Match so that a change made since it read the plant is refused instead of overwritten.
   */
  version: number
}

/** Body of add-plant once validated: strings trimmed, tags unique. */
export interface NewPlant {
  name?: string
  category?: string
  tags?: string[]
  status?: PlantStatus
}

/** Body of update-plant once validated: the id plus only the fields to change. */
export interface PlantChanges extends NewPlant {
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
