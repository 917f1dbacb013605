/**
 * The query strings of the read operations: the contract's search
 * (`?status&limit&offset`) and the staff UI's list, which adds `q` and `sort`.
 * Every faulty parameter is named in one 400; unknown parameters are refused,
 * so a typo such as `stauts=sold` never silently returns every plant.
 */
import { PAGE_LIMIT_MAX, PAGE_OFFSET_MAX, PLANT_SORT_KEYS, QUERY_TEXT_MAX, type PlantSortKey } from '#shared/api-paths'
import { PLANT_STATUSES, isPlantStatus, type PlantStatus } from '#shared/plant'
import type { FieldError } from '#shared/problem'
import { problem } from '#server/problems/problems'

/** Query parameters of the search: status filter and paging. */
export interface SearchQuery {
  statuses: PlantStatus[]
  limit: number | undefined
  offset: number
}

/** Query of GET /v3/plant: the search's status/limit/offset plus text and sort. */
export interface ListQuery extends SearchQuery {
  /** Lower-cased words of `q`; a plant matches when every word occurs in its name, category or a tag. */
  words: string[]
  /** Only lines low on stock (src-shared/stock.ts, isLowStock). */
  lowStock: boolean
  /** Only plant lines kept in stock (with a quantity). */
  stocked: boolean
  sort: { key: PlantSortKey; descending: boolean }
}

/** Query parameters of the contract's search. */
export const SEARCH_PARAMS = ['status', 'limit', 'offset'] as const
const LIST_PARAMS = [...SEARCH_PARAMS, 'q', 'sort', 'lowStock', 'stocked']

/** Reads whole number `name` from `params` (undefined when absent), adding a complaint to `errors` when it is not one from `min` to `max`. */
export function parseWholeNumber(params: URLSearchParams, name: string, min: number, max: number, errors: FieldError[]): number | undefined {
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
 * Reads status, limit and offset with the search's rules, adding a complaint to
 * `errors` for each faulty value and for each parameter not in `known`.
 * Several statuses may be given comma-separated or repeated.
 */
function readSearchQuery(params: URLSearchParams, known: readonly string[], errors: FieldError[]): SearchQuery {
  refuseUnknownParams(params, known, errors)
  const statuses = readStatuses(params, errors)
  const limit = parseWholeNumber(params, 'limit', 1, PAGE_LIMIT_MAX, errors)
  const offset = parseWholeNumber(params, 'offset', 0, PAGE_OFFSET_MAX, errors) ?? 0
  return { statuses, limit, offset }
}

/** Reads `status` (comma-separated or repeated), adding a complaint to `errors` for each value outside the enum. */
export function readStatuses(params: URLSearchParams, errors: FieldError[]): PlantStatus[] {
  const statuses = new Set<PlantStatus>()
  for (const value of params.getAll('status').flatMap((entry) => entry.split(','))) {
    const status = value.trim()
    if (isPlantStatus(status)) statuses.add(status)
    else errors.push({ field: 'status', message: `status must be one of ${PLANT_STATUSES.join(', ')}; got "${value}"` })
  }
  return [...statuses]
}

/** Adds a complaint to `errors` for each parameter of `params` not in `known`. */
export function refuseUnknownParams(params: URLSearchParams, known: readonly string[], errors: FieldError[]): void {
  for (const name of new Set(params.keys())) {
    if (!known.includes(name)) {
      errors.push({ field: name, message: `unknown query parameter "${name}"; the parameters are ${known.join(', ')}` })
    }
  }
}

/** Throws one 400 naming every faulty query parameter, if there is any. */
export function throwIfInvalid(errors: FieldError[]): void {
  if (errors.length > 0) throw problem('invalidQuery', errors)
}

/** Parses `?status=…&limit=…&offset=…` of the contract's search. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const errors: FieldError[] = []
  const query = readSearchQuery(params, SEARCH_PARAMS, errors)
  throwIfInvalid(errors)
  return query
}

function isSortKey(value: string): value is PlantSortKey {
  return (PLANT_SORT_KEYS as readonly string[]).includes(value)
}

/** Reads `name=true|false` (false when absent), adding a complaint to `errors` for any other value. */
function readFlag(params: URLSearchParams, name: string, errors: FieldError[]): boolean {
  const value = params.get(name) ?? 'false'
  if (value !== 'true' && value !== 'false') errors.push({ field: name, message: `${name} must be true or false; got "${value}"` })
  return value === 'true'
}

/** Parses `?status&q&sort&limit&offset`; status, limit and offset follow the search's rules exactly. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const errors: FieldError[] = []
  const base = readSearchQuery(params, LIST_PARAMS, errors)
  const q = params.get('q') ?? ''
  if ([...q].length > QUERY_TEXT_MAX) {
    errors.push({ field: 'q', message: `q is longer than ${QUERY_TEXT_MAX} characters` })
  }
  const rawSort = params.get('sort') ?? 'id'
  const descending = rawSort.startsWith('-')
  const key = descending ? rawSort.slice(1) : rawSort
  if (!isSortKey(key)) {
    errors.push({
      field: 'sort',
      message: `sort must be one of ${PLANT_SORT_KEYS.join(', ')}, optionally prefixed with - for descending; got "${rawSort}"`
    })
  }
  const lowStock = readFlag(params, 'lowStock', errors)
  const stocked = readFlag(params, 'stocked', errors)
  throwIfInvalid(errors)
  // The same word typed two ways (é as one letter, or e and a combining accent) is one word, as it is stored.
  const words = q
    .toLowerCase()
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => word !== '')
  return { ...base, words, lowStock, stocked, sort: { key: key as PlantSortKey, descending } }
}
