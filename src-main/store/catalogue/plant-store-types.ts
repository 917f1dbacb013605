/** The words of ShopStore's public surface (plant-store.ts re-exports them). */
import type { NewPlant, Plant, PlantChanges, PlantStatus } from '#shared/plant'
import type { ImportSummary } from '#shared/import-export'
import type { IdempotencyScope } from '#store/file/data-file'

/** Filter of `ShopStore.find`. */
export interface PlantFilter {
  /** Keep plants in any of these states; all plants when absent or empty. */
  statuses?: readonly PlantStatus[]
}

/** A saved change, announced to listeners after it is on disk; a batch is announced once, not per plant. */
export type PlantChange = (
  | { type: 'plant.added' | 'plant.updated'; plant: Plant }
  | { type: 'import.applied'; added: number; updated: number }
  // Delete and restore (plant-edits.ts): a deleted plant as it stood when deleted (version bumped); a restored one as it is back.
  | { type: 'plant.deleted' | 'plant.restored'; plant: Plant }
  // One bulk call: the plants as they are after it, announced once.
  | { type: 'plants.changed'; change: 'updated' | 'deleted' | 'restored'; plants: Plant[] }
) & {
  /** The change log's seq of the change (of a batch: its last). */
  seq?: number
}

/** Plants to add and changes to make in one durable write (see `ShopStore.applyBatch`). */
export interface PlantBatch {
  adds: readonly NewPlant[]
  updates: readonly PlantChanges[]
  /** The catalogue version the batch was planned against: CatalogueChangedError, changing nothing, when it is not the current one. */
  basedOn?: number
}

/** An import sent with an Idempotency-Key: who sent which key, the digest of its file and choices, and its answer. */
export interface ImportOnce {
  scope: IdempotencyScope
  /** importFingerprintOf the file, its format and choices. */
  fingerprint: string
  /** The summary the import answers, kept with the key for a retry. */
  answer: ImportSummary
}

/** What `ShopStore.addOnce` did: added the plant, or found the key and answered with the plant it added before. */
export interface AddOutcome {
  plant: Plant
  replayed: boolean
}
