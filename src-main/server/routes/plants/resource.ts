/**
 * The plant resource at /v3/plant: the contract's three operations (add,
 * update, search by status) and the extensions on single plants (the list
 * with search, sort and counts; one plant; delete and restore). Handlers
 * translate HTTP to store calls and the store's outcomes to status codes;
 * they never touch the data file themselves. The OpenAPI description of these
 * paths is in openapi.ts beside this file, its problems in problems.ts.
 */
import type { H3Event } from 'h3'
import { API_PATHS, EXTENSION_HEADERS, EXTENSION_PATHS } from '#shared/api-paths'
import { toPlantResponse, type Plant } from '#shared/plant'
import { NEW_PLANT_BODY, PLANT_UPDATE_BODY, validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import type { ShopStore } from '#store'
import type { Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { readIfMatch, setPlantEtag } from '#server/http/conditional'
import { readIdempotencyKey } from '#server/http/idempotency-key'
import { plantIdParam } from '#server/http/path-params'
import { parseSearchQuery } from '#server/http/query'
import { NOT_A_PLANT, readJsonBody } from '#server/http/read-json-body'
import { problem } from '#server/problems/problems'
import { SearchAnswers, plantListJson, type Answer } from '#server/search-cache'
import { principalOf } from '#server/security/security'
import { requireMayEdit } from '#server/security/staff-actions'
import { defineOperation, defineResource } from '#server/routes/operation'
import { SortedViews, listPlants } from './list-view'
import { PLANT_DOCS, plantSchemas } from './openapi'

async function addPlant(event: H3Event, store: ShopStore) {
  // Extension: with an Idempotency-Key, a retried add answers as the first one did instead of adding again.
  const key = readIdempotencyKey(event)
  const checked = validateNewPlant(await readJsonBody(event, 405, undefined, NOT_A_PLANT))
  if (!checked.ok) throw problem('plantNotAdded', checked.errors)
  const { plant, replayed } =
    key === undefined
      ? { plant: await store.add(checked.value, actorIn(event)), replayed: false }
      : await store.addOnce(checked.value, { by: principalOf(event).name, key }, actorIn(event))
  if (replayed) event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
  setPlantEtag(event, plant)
  return toPlantResponse(plant)
}

async function updatePlant(event: H3Event, { store, settings }: PlantContext) {
  const checked = validatePlantChanges(await readJsonBody(event, 400, undefined, NOT_A_PLANT))
  if (!checked.ok) throw problem(checked.idError ? 'invalidId' : 'plantNotUpdated', checked.errors)
  await requireMayEdit(event, { store, settings }, [checked.value])
  // Extension: with If-Match, a plant changed since the client read it is refused (412) instead of overwritten.
  const plant = await store.update(checked.value, actorIn(event), readIfMatch(event, checked.value.id))
  if (!plant) throw problem('plantNotFound', checked.value.id)
  setPlantEtag(event, plant)
  return toPlantResponse(plant)
}

function searchByStatus(event: H3Event, store: ShopStore, answers: SearchAnswers): Uint8Array {
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

function getPlant(event: H3Event, store: ShopStore): Plant {
  const id = plantIdParam(event)
  const plant = store.get(id)
  // A tombstone says so: a till card (or a script) can tell "deleted" from "never was".
  if (!plant) throw store.edits.isDeleted(id) ? problem('plantDeleted', id) : problem('plantNotFound', id)
  setPlantEtag(event, plant)
  return plant
}

async function deletePlant(event: H3Event, store: ShopStore): Promise<null> {
  const id = plantIdParam(event)
  // If-Match as for an update: a plant changed since the client read it is not deleted (412).
  const deleted = await store.edits.delete(id, actorIn(event), readIfMatch(event, id))
  if (!deleted) throw problem('plantsNotFound', [id])
  event.res.status = 204
  return null
}

async function restorePlant(event: H3Event, store: ShopStore): Promise<Plant> {
  const plant = await store.edits.restore(plantIdParam(event), actorIn(event))
  setPlantEtag(event, plant)
  return plant
}

interface PlantContext extends Shop {
  answers: SearchAnswers
  views: SortedViews
}

/** The plant resource over the app's store (its search answers and sorted views are kept per app). */
export const plantsResource = defineResource({
  context: ({ store, settings }: Shop): PlantContext => ({ store, settings, answers: new SearchAnswers(), views: new SortedViews(store) }),
  schemas: plantSchemas,
  operations: [
    defineOperation<PlantContext>({
      method: 'POST',
      path: API_PATHS.plant,
      staff: 'add-plants',
      body: NEW_PLANT_BODY,
      openapi: PLANT_DOCS.addPlant,
      handler: (event, { store }) => addPlant(event, store)
    }),
    defineOperation<PlantContext>({
      method: 'PUT',
      path: API_PATHS.plant,
      staff: 'decided-by-body', // an edit that sets another price is a price change
      body: PLANT_UPDATE_BODY,
      openapi: PLANT_DOCS.updatePlant,
      handler: (event, context) => updatePlant(event, context)
    }),
    defineOperation<PlantContext>({
      method: 'GET',
      path: API_PATHS.searchByStatus,
      head: 'answers',
      openapi: PLANT_DOCS.searchByStatus,
      handler: (event, { store, answers }) => searchByStatus(event, store, answers)
    }),
    defineOperation<PlantContext>({
      method: 'GET',
      path: EXTENSION_PATHS.plants,
      head: 'answers',
      openapi: PLANT_DOCS.listPlants,
      handler: (event, { views }) => listPlants(event, views)
    }),
    defineOperation<PlantContext>({
      method: 'GET',
      path: EXTENSION_PATHS.plantById,
      head: 'answers',
      openapi: PLANT_DOCS.getPlant,
      handler: (event, { store }) => getPlant(event, store)
    }),
    defineOperation<PlantContext>({
      method: 'DELETE',
      path: EXTENSION_PATHS.plantById,
      staff: 'delete-plants',
      openapi: PLANT_DOCS.deletePlant,
      handler: (event, { store }) => deletePlant(event, store)
    }),
    defineOperation<PlantContext>({
      method: 'POST',
      path: EXTENSION_PATHS.plantRestore,
      staff: 'delete-plants',
      openapi: PLANT_DOCS.restorePlant,
      handler: (event, { store }) => restorePlant(event, store)
    })
  ]
})
