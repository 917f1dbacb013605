/**
 * Delete, restore and bulk changes (issue 15; extensions, not part of the
 * contract). A delete keeps a tombstone for 30 days, so restore (and the UI's
 * Undo) brings the plant back with the same id. Every call is all or nothing
 * and one durable write; the store decides which plants it may change.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { BULK_BODY_DEPTH, validateBulkIds, validateBulkUpdate } from '#shared/plant-bulk'
import type { PlantStore } from '#store'
import { readIfMatch, setPlantEtag } from '#server/http/conditional'
import { problem } from '#server/problems/problems'
import { readJsonBody } from '#server/http/read-json-body'
import { routePattern } from '#server/urls'
import { plantIdParam } from './plant-views'

async function deletePlant(event: H3Event, store: PlantStore): Promise<null> {
  const id = plantIdParam(event)
  // If-Match as for an update: a plant changed since the client read it is not deleted (412).
  const deleted = await store.edits.delete(id, readIfMatch(event, id))
  if (!deleted) throw problem('plantsNotFound', [id])
  event.res.status = 204
  return null
}

async function restorePlant(event: H3Event, store: PlantStore) {
  const plant = await store.edits.restore(plantIdParam(event))
  setPlantEtag(event, plant)
  return plant
}

async function bulkIds(event: H3Event): Promise<number[]> {
  const checked = validateBulkIds(await readJsonBody(event, 400))
  if (!checked.ok) throw problem('bulkNotChanged', checked.errors)
  return checked.value
}

/** Registers DELETE /v3/plant/{id}, POST /v3/plant/{id}/restore and the bulk routes. */
export function registerPlantEditRoutes(app: H3, store: PlantStore): void {
  app.delete(routePattern(EXTENSION_PATHS.plantById), (event) => deletePlant(event, store))
  app.post(routePattern(EXTENSION_PATHS.plantRestore), (event) => restorePlant(event, store))
  app.post(routePattern(EXTENSION_PATHS.bulk), async (event) => {
    const checked = validateBulkUpdate(await readJsonBody(event, 400, BULK_BODY_DEPTH))
    if (!checked.ok) throw problem('bulkNotChanged', checked.errors)
    return { plants: await store.edits.bulkUpdate(checked.value) }
  })
  app.post(routePattern(EXTENSION_PATHS.bulkDelete), async (event) => {
    const deleted = await store.edits.bulkDelete(await bulkIds(event))
    return { deleted: deleted.map((plant) => plant.id) }
  })
  app.post(routePattern(EXTENSION_PATHS.bulkRestore), async (event) => ({ plants: await store.edits.bulkRestore(await bulkIds(event)) }))
}
