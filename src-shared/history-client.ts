/**
 * The typed client of the change log's extensions (issue 14): the change
 * feed, a plant's history and the sales report. Kept beside api-client.ts
 * (same options, same ApiError), so that the UI, scripts and tests share it:
 * `createHistoryClient(options)` or `{ ...createApiClient(o), ...createHistoryClient(o) }`.
 */
import type { ApiClientOptions, FetchLike, RequestOptions } from './api-client'
import { toApiError, unreachable } from './api-errors'
import { HISTORY_PATHS, type ChangesPage, type Health, type PlantHistoryPage, type SalesGrouping, type SalesReport } from './history'

/** Paging of {@link HistoryClient.plantHistory}: `before` or `after` a seq. */
export interface PlantHistoryOptions extends RequestOptions {
  limit?: number
  before?: number
  after?: number
}

/** Period and grouping of {@link HistoryClient.salesReport} (dates as YYYY-MM-DD, both included). */
export interface SalesReportOptions extends RequestOptions {
  from: string
  to: string
  groupBy?: SalesGrouping
}

/** The change log's operations. */
export interface HistoryClient {
  /** Changes after `since` (0: from the oldest kept); ApiError 410 with `oldestSeq` in its body when too old. */
  changes(since: number, limit?: number, options?: RequestOptions): Promise<ChangesPage>
  /** A page of one plant's changes, oldest first. */
  plantHistory(id: number, options?: PlantHistoryOptions): Promise<PlantHistoryPage>
  /** The sales report of a period. */
  salesReport(options: SalesReportOptions): Promise<SalesReport>
  /** The catalogue's health: `degraded`, with the problems, while a damaged history file is set aside. */
  health(options?: RequestOptions): Promise<Health>
}

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** Creates the change log's client for the API at `options.baseUrl` (ending in /v3, as for createApiClient). */
export function createHistoryClient(options: ApiClientOptions): HistoryClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const headers: Record<string, string> = { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) }
  async function get<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    let response: Response
    try {
      response = await doFetch(baseUrl + path, { method: 'GET', headers, signal: requestOptions.signal })
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error
      throw unreachable(error)
    }
    if (!response.ok) throw await toApiError(response)
    return (await response.json()) as T
  }
  return {
    changes: (since, limit, requestOptions) => get(HISTORY_PATHS.changes + query({ since, limit }), requestOptions),
    plantHistory: (id, { limit, before, after, ...requestOptions } = {}) =>
      get(HISTORY_PATHS.plantHistory.replace('{id}', String(id)) + query({ limit, before, after }), requestOptions),
    salesReport: ({ from, to, groupBy, ...requestOptions }) => get(HISTORY_PATHS.salesReport + query({ from, to, groupBy }), requestOptions),
    health: (requestOptions) => get(HISTORY_PATHS.health, requestOptions)
  }
}
