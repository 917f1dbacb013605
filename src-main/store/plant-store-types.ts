/** The words of PlantStore's public surface (plant-store.ts re-exports them). */
import type { Plant, PlantStatus } from '../../src-shared/plant'

/** Filter of `PlantStore.find`. */
export interface PlantFilter {
  /** Keep plants in any of these states; all plants when absent or empty. */
  statuses?: readonly PlantStatus[]
}

/** A saved change, announced to listeners after it is on disk. */
export interface PlantChange {
  type: 'plant.added' | 'plant.updated'
  plant: Plant
}

/** What `PlantStore.addOnce` did: added the plant, or found the key and answered with the plant it added before. */
export interface AddOutcome {
  plant: Plant
  replayed: boolean
}
