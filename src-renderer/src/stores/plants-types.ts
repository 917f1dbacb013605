/** The words of the plants store (plants.ts re-exports them): paging, filters, sort, load phase, conflicts. */
import type { PlantSortKey } from '#shared/api-client'
import type { Plant, PlantChanges, PlantStatus } from '#shared/plant'

/** Rows per page: more than a tall screen shows, few enough to redraw well within 100 ms on a slow till PC. */
export const PAGE_SIZE = 50

/** How long after a change announcement the view is refreshed; coalesces a script's burst of changes. */
export const REFRESH_DELAY_MS = 80

export type StatusFilter = 'all' | PlantStatus

export interface SortOrder {
  key: PlantSortKey
  descending: boolean
}

/** Where the list stands: nothing asked yet, first load running, shown, or the first load failed. */
export type LoadPhase = 'idle' | 'loading' | 'ready' | 'error'

/** A save refused because the plant was changed elsewhere since it was shown (412): what we sent, and the plant now. */
export interface PlantConflict {
  mine: PlantChanges
  theirs: Plant
}
