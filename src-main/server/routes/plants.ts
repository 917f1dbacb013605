/**
 * The three contract operations on /v3/plant: add, update, search by status.
 * Routes translate HTTP to store calls and the store's outcomes to the
 * contract's status codes; they never touch the data file themselves.
 */
import type { H3, H3Event } from 'h3'
import { API_BASE, API_PATHS, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '../../../src-shared/api-paths'
import { PLANT_STATUSES, isPlantStatus, toPlantResponse, type PlantStatus } from '../../../src-shared/plant'
import { validateNewPlant, validatePlantChanges } from '../../../src-shared/plant-schema'
import { PROBLEM_TYPES, type FieldError } from '../../../src-shared/problem'
import type { PlantStore } from '../../store/plant-store'
import { ApiError, invalidInput } from '../api-error'
import { SearchAnswers, plantListJson, type Answer } from '../search-cache'
import { readJsonBody } from '../read-json-body'

/** Query parameters of the search: status filter and paging. */
export interface SearchQuery {
  statuses: PlantStatus[]
  limit: number | undefined
  offset: number
}

/** Query parameters of the contract's search. */
export const SEARCH_PARAMS = ['status', 'limit', 'offset'] as const

function parseWholeNumber(params: URLSearchParams, name: string, min: number, max: number, errors: FieldError[]): number | undefined {
  const raw = params.get(name)
  if (raw === null) return undefined
  if (params.getAll(name).length > 1) {
    errors.push({ field: name, message: `${name} was given more than once; give it once (only status may repeat)` })
    return undefined
  }
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (Number.isNaN(value) || value < min || value > max) {
    errors.push({ field: name, message: `${name} must be a whole number from ${min} to ${max}; got "${raw}"` })
  }
  return value
}

/**
 * Parses `?status=…&limit=…&offset=…`. Several statuses may be given comma-separated
 * or repeated. Unknown parameters are refused so that a typo such as `stauts=sold`
 * does not silently return every plant.
 */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const errors: FieldError[] = []
  const query = readSearchQuery(params, SEARCH_PARAMS, errors)
  throwIfInvalidQuery(errors)
  return query
}

/** Throws one 400 naming every faulty query parameter, if there is any. */
export function throwIfInvalidQuery(errors: FieldError[]): void {
  if (errors.length > 0) {
    throw invalidInput(400, `The search query is not valid: ${errors.map((e) => e.message).join('; ')}.`, errors)
  }
}

/**
 * Reads status, limit and offset with the search's rules, adding a complaint to
 * `errors` for each faulty value and for each parameter not in `known`.
 */
export function readSearchQuery(params: URLSearchParams, known: readonly string[], errors: FieldError[]): SearchQuery {
  for (const name of new Set(params.keys())) {
    if (!known.includes(name)) {
      errors.push({ field: name, message: `unknown query parameter "${name}"; the parameters are ${known.join(', ')}` })
    }
  }
  const statuses = new Set<PlantStatus>()
  for (const value of params.getAll('status').flatMap((entry) => entry.split(','))) {
    const status = value.trim()
    if (isPlantStatus(status)) statuses.add(status)
    else errors.push({ field: 'status', message: `status must be one of ${PLANT_STATUSES.join(', ')}; got "${value}"` })
  }
  const limit = parseWholeNumber(params, 'limit', 1, PAGE_LIMIT_MAX, errors)
  const offset = parseWholeNumber(params, 'offset', 0, PAGE_OFFSET_MAX, errors) ?? 0
  return { statuses: [...statuses], limit, offset }
}

function searchParams(event: H3Event): URLSearchParams {
  return new URLSearchParams(event.url.search)
}

async function addPlant(event: H3Event, store: PlantStore) {
  const checked = validateNewPlant(await readJsonBody(event, 405))
  if (!checked.ok) {
    throw invalidInput(405, `The plant was not added: ${checked.errors.map((e) => e.message).join('; ')}.`, checked.errors)
  }
  return toPlantResponse(await store.add(checked.value))
}

async function updatePlant(event: H3Event, store: PlantStore) {
  const checked = validatePlantChanges(await readJsonBody(event, 400))
  if (!checked.ok) {
    const detail = `The plant was not updated: ${checked.errors.map((e) => e.message).join('; ')}.`
    if (!checked.idError) throw invalidInput(400, detail, checked.errors)
    throw new ApiError({ type: PROBLEM_TYPES.invalidId, title: 'Invalid ID supplied', status: 400, detail, errors: checked.errors })
  }
  const plant = await store.update(checked.value)
  if (!plant) {
    const id = checked.value.id
    const detail = `There is no plant with id ${id}. Search ${API_BASE}${API_PATHS.searchByStatus} to find the right id.`
    throw new ApiError({ type: PROBLEM_TYPES.notFound, title: 'Plant not found', status: 404, detail })
  }
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
