/**
 * The change log's read routes (extensions, issue 14): GET /v3/changes, a
 * cursor over every saved change for scripts, and GET /v3/plant/{id}/history,
 * one plant's changes oldest first. Both read the store's HistoryLog.
 */
import type { H3, H3Event } from 'h3'
import { HISTORY_PATHS, type ChangesPage, type PlantHistoryPage } from '#shared/history'
import type { FieldError } from '#shared/problem'
import { toChangeRecord, HistoryGoneError, type PlantHistoryQuery, type PlantStore } from '#store'
import { problem } from '#server/problems/problems'
import { parseWholeNumber, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { routePattern } from '#server/urls'
import { plantIdParam } from './plant-views'

/** Largest seq a query may name (9 digits, as every other number in a query). */
const SEQ_MAX = 999_999_999
/** Page sizes when `limit` is absent. */
export const CHANGES_DEFAULT_LIMIT = 100
export const PLANT_HISTORY_DEFAULT_LIMIT = 50
const LIMIT_MAX = 1000

function paramsOf(event: H3Event): URLSearchParams {
  return new URLSearchParams(event.url.search)
}

/** GET /v3/changes?since&limit. */
async function listChanges(event: H3Event, store: PlantStore): Promise<ChangesPage> {
  const params = paramsOf(event)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['since', 'limit'], errors)
  const since = parseWholeNumber(params, 'since', 0, SEQ_MAX, errors) ?? 0
  const limit = parseWholeNumber(params, 'limit', 1, LIMIT_MAX, errors) ?? CHANGES_DEFAULT_LIMIT
  throwIfInvalid(errors)
  try {
    const entries = await store.history.since(since, limit)
    return { changes: entries.map(toChangeRecord), next: entries.at(-1)?.seq ?? since }
  } catch (error) {
    if (error instanceof HistoryGoneError) throw problem('historyGone', since, error.oldestSeq)
    throw error
  }
}

function readPlantHistoryQuery(params: URLSearchParams): PlantHistoryQuery {
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['limit', 'before', 'after'], errors)
  const limit = parseWholeNumber(params, 'limit', 1, LIMIT_MAX, errors) ?? PLANT_HISTORY_DEFAULT_LIMIT
  const before = parseWholeNumber(params, 'before', 1, SEQ_MAX, errors)
  const after = parseWholeNumber(params, 'after', 0, SEQ_MAX, errors)
  if (before !== undefined && after !== undefined) errors.push({ field: 'before', message: 'give before or after, not both' })
  throwIfInvalid(errors)
  return { limit, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }
}

/** GET /v3/plant/{id}/history?limit&before|after: also for a deleted plant; 404 for an id no plant ever had. */
async function plantHistory(event: H3Event, store: PlantStore): Promise<PlantHistoryPage> {
  const id = plantIdParam(event)
  const query = readPlantHistoryQuery(paramsOf(event))
  if (!store.get(id) && !(await store.history.knows(id))) throw problem('plantNotFound', id)
  const page = await store.history.ofPlant(id, query)
  return { changes: page.entries.map(toChangeRecord), next: page.next }
}

/** Registers the change log's read routes. */
export function registerHistoryRoutes(app: H3, store: PlantStore): void {
  app.get(routePattern(HISTORY_PATHS.changes), (event) => listChanges(event, store))
  app.get(routePattern(HISTORY_PATHS.plantHistory), (event) => plantHistory(event, store))
}
