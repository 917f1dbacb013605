/**
 * The list queries of the typed client and how their answers are read: the
 * query string of a search or list, the per-status counts header. Runs in Node
 * and in browsers.
 */
import type { PlantSortKey } from './api-paths'
import { PLANT_STATUSES, type Plant, type PlantResponse, type PlantStatus } from './plant'

export type { PlantSortKey }
/** A sort key, `-` prefixed for descending. */
export type PlantSort = PlantSortKey | `-${PlantSortKey}`

/** Query of `ApiClient.listPlants`. */
export interface PlantListQuery {
  status?: PlantStatus | readonly PlantStatus[]
  q?: string
  sort?: PlantSort
  /** Only lines low on stock. */
  lowStock?: boolean
  /** Only plant lines kept in stock (with a quantity). */
  stocked?: boolean
  limit?: number
  offset?: number
}

/** Plants in each state. */
export type StatusCounts = Record<PlantStatus, number>

/** One page of the full-plant list. */
export interface PlantList {
  plants: Plant[]
  /** Matches before paging. */
  total: number
  /** Plants matching `q` in each state, whatever the status filter. */
  counts: StatusCounts
}

/** One page of the contract's search. */
export interface SearchPage {
  plants: PlantResponse[]
  total: number
}

/** Parses `available=3, pending=1, sold=2`; a missing state counts 0. */
export function parseStatusCounts(header: string | null): StatusCounts {
  const counts: StatusCounts = { available: 0, pending: 0, sold: 0 }
  for (const part of (header ?? '').split(',')) {
    const [name = '', value = ''] = part.split('=').map((text) => text.trim())
    if ((PLANT_STATUSES as readonly string[]).includes(name)) counts[name as PlantStatus] = Number(value) || 0
  }
  return counts
}

/** `?status=…&q=…&sort=…&limit=…&offset=…` with only the parts given, or '' for none. */
export function queryString(query: PlantListQuery): string {
  const params = new URLSearchParams()
  const statuses = query.status === undefined ? [] : typeof query.status === 'string' ? [query.status] : query.status
  if (statuses.length > 0) params.set('status', statuses.join(','))
  if (query.q !== undefined && query.q.trim() !== '') params.set('q', query.q)
  if (query.sort !== undefined) params.set('sort', query.sort)
  if (query.lowStock) params.set('lowStock', 'true')
  if (query.stocked) params.set('stocked', 'true')
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  if (query.offset) params.set('offset', String(query.offset))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
