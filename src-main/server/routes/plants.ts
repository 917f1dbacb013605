/**
 * The plant resource at /v3/plant: the contract's three operations (add,
 * update, search by status) and the extensions on single plants (the list
 * with search, sort and counts; one plant; delete and restore). Handlers
 * translate HTTP to store calls and the store's outcomes to status codes;
 * they never touch the data file themselves. The OpenAPI description of these
 * paths is in plants/openapi.ts.
 */
import type { H3, H3Event } from 'h3'
import { API_BASE, API_PATHS, EXTENSION_HEADERS, EXTENSION_PATHS } from '#shared/api-paths'
import { toPlantResponse, type Plant } from '#shared/plant'
import { validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import type { PlantStore } from '#store'
import { readIfMatch, setPlantEtag } from '#server/http/conditional'
import { readIdempotencyKey } from '#server/http/idempotency-key'
import { plantIdParam } from '#server/http/path-params'
import { parseSearchQuery } from '#server/http/query'
import { NOT_A_PLANT, readJsonBody } from '#server/http/read-json-body'
import { problem } from '#server/problems/problems'
import { SearchAnswers, plantListJson, type Answer } from '#server/search-cache'
import { principalOf } from '#server/security/security'
import { requireMayEdit } from '#server/security/staff-actions'
import { routePattern } from '#server/urls'
import { SortedViews, listPlants } from './plants/list-view'

export { plantPaths, plantSchemas } from './plants/openapi'

async function addPlant(event: H3Event, store: PlantStore) {
  // Extension: with an Idempotency-Key, a retried add answers as the first one did instead of adding again.
  const key = readIdempotencyKey(event)
  const checked = validateNewPlant(await readJsonBody(event, 405, undefined, NOT_A_PLANT))
  if (!checked.ok) throw problem('plantNotAdded', checked.errors)
  const { plant, replayed } =
    key === undefined
      ? { plant: await store.add(checked.value), replayed: false }
      : await store.addOnce(checked.value, { by: principalOf(event).name, key })
  if (replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  setPlantEtag(event, plant)
  return toPlantResponse(plant)
}

async function updatePlant(event: H3Event, store: PlantStore) {
  const checked = validatePlantChanges(await readJsonBody(event, 400, undefined, NOT_A_PLANT))
  if (!checked.ok) throw problem(checked.idError ? 'invalidId' : 'plantNotUpdated', checked.errors)
  requireMayEdit(event, store, [checked.value])
  // Extension: with If-Match, a plant changed since the client read it is refused (412) instead of overwritten.
  const plant = await store.update(checked.value, readIfMatch(event, checked.value.id))
  if (!plant) throw problem('plantNotFound', checked.value.id)
  setPlantEtag(event, plant)
  return toPlantResponse(plant)
}

function searchByStatus(event: H3Event, store: PlantStore, answers: SearchAnswers): Uint8Array {
  const query = parseSearchQuery(new URLSearchParams(event.url.search))
  let answer: Answer
  if (query.offset === 0 && query.limit === undefined) {
    answer = answers.answer(store.find(), store.version, query.statuses)
  } else {
    // A page is small: build it directly rather than keep every page of every filter.
    const matches = store.find({ statuses: query.statuses })
    const end = query.limit === undefined ? undefined : query.offset + query.limit
    answer = { body: Buffer.from(plantListJson(matches.slice(query.offset, end)), 'utf8'), total: matches.length }
  }
  event.res.headers.set('x-total-count', String(answer.total))
  event.res.headers.set('content-type', 'application/json;charset=UTF-8')
  return answer.body
}

function getPlant(event: H3Event, store: PlantStore): Plant {
  const id = plantIdParam(event)
  const plant = store.get(id)
  // A tombstone says so: a till card (or a script) can tell "deleted" from "never was".
  if (!plant) throw store.edits.isDeleted(id) ? problem('plantDeleted', id) : problem('plantNotFound', id)
  setPlantEtag(event, plant)
  return plant
}

async function deletePlant(event: H3Event, store: PlantStore): Promise<null> {
  const id = plantIdParam(event)
  // If-Match as for an update: a plant changed since the client read it is not deleted (412).
  const deleted = await store.edits.delete(id, readIfMatch(event, id))
  if (!deleted) throw problem('plantsNotFound', [id])
  event.res.status = 204
  return null
}

async function restorePlant(event: H3Event, store: PlantStore): Promise<Plant> {
  const plant = await store.edits.restore(plantIdParam(event))
  setPlantEtag(event, plant)
  return plant
}

/** Registers the plant routes on `app`: /plant, /plant/search/status, /plant/{id} and /plant/{id}/restore. */
export function registerPlantRoutes(app: H3, store: PlantStore): void {
  const answers = new SearchAnswers()
  const views = new SortedViews(store)
  const search = (event: H3Event) => searchByStatus(event, store, answers)
  app.post(API_BASE + API_PATHS.plant, (event) => addPlant(event, store))
  app.put(API_BASE + API_PATHS.plant, (event) => updatePlant(event, store))
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, API_BASE + API_PATHS.searchByStatus, search)
    app.on(method, routePattern(EXTENSION_PATHS.plants), (event) => listPlants(event, views))
    app.on(method, routePattern(EXTENSION_PATHS.plantById), (event) => getPlant(event, store))
  }
  app.delete(routePattern(EXTENSION_PATHS.plantById), (event) => deletePlant(event, store))
  app.post(routePattern(EXTENSION_PATHS.plantRestore), (event) => restorePlant(event, store))
}
