/**
 * The three contract operations on /v3/plant: add, update, search by status.
 * Routes translate HTTP to store calls and the store's outcomes to the
 * contract's status codes; they never touch the data file themselves.
 */
import type { H3, H3Event } from 'h3'
import { API_BASE, API_PATHS, EXTENSION_HEADERS } from '#shared/api-paths'
import { toPlantResponse } from '#shared/plant'
import { validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import type { PlantStore } from '#store'
import { readIfMatch, setPlantEtag } from '#server/http/conditional'
import { readIdempotencyKey } from '#server/http/idempotency-key'
import { problem } from '#server/problems/problems'
import { parseSearchQuery } from '#server/http/query'
import { readJsonBody } from '#server/http/read-json-body'
import { SearchAnswers, plantListJson, type Answer } from '#server/search-cache'
import { principalOf } from '#server/security/security'

function searchParams(event: H3Event): URLSearchParams {
  return new URLSearchParams(event.url.search)
}

async function addPlant(event: H3Event, store: PlantStore) {
  // Extension: with an Idempotency-Key, a retried add answers as the first one did instead of adding again.
  const key = readIdempotencyKey(event)
  const checked = validateNewPlant(await readJsonBody(event, 405))
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
  const checked = validatePlantChanges(await readJsonBody(event, 400))
  if (!checked.ok) throw problem(checked.idError ? 'invalidId' : 'plantNotUpdated', checked.errors)
  // Extension: with If-Match, a plant changed since the client read it is refused (412) instead of overwritten.
  const plant = await store.update(checked.value, readIfMatch(event, checked.value.id))
  if (!plant) throw problem('plantNotFound', checked.value.id)
  setPlantEtag(event, plant)
  return toPlantResponse(plant)
}

function searchByStatus(event: H3Event, store: PlantStore, answers: SearchAnswers): Uint8Array {
  const query = parseSearchQuery(searchParams(event))
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

/** Registers the contract's plant routes on `app`. */
export function registerPlantRoutes(app: H3, store: PlantStore): void {
  const answers = new SearchAnswers()
  const search = (event: H3Event) => searchByStatus(event, store, answers)
  app.post(API_BASE + API_PATHS.plant, (event) => addPlant(event, store))
  app.put(API_BASE + API_PATHS.plant, (event) => updatePlant(event, store))
  app.get(API_BASE + API_PATHS.searchByStatus, search)
  app.on('HEAD', API_BASE + API_PATHS.searchByStatus, search)
}
