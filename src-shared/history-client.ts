/**
 * The change log's part of the typed client (extensions): the change feed, a plant's history, the sales report and
 * the catalogue's health. createApiClient includes it; it shares the client's request function.
 */
import { jsonOf, type RequestOptions, type SendRequest } from './api-request'
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

/** The change log's operations over `send`. */
export function historyApi(send: SendRequest): HistoryClient {
  const get = <T>(path: string, requestOptions?: RequestOptions) => jsonOf<T>(send('GET', path, undefined, requestOptions))
  return {
    changes: (since, limit, requestOptions) => get(HISTORY_PATHS.changes + query({ since, limit }), requestOptions),
    plantHistory: (id, { limit, before, after, ...requestOptions } = {}) =>
      get(HISTORY_PATHS.plantHistory.replace('{id}', String(id)) + query({ limit, before, after }), requestOptions),
    salesReport: ({ from, to, groupBy, ...requestOptions }) => get(HISTORY_PATHS.salesReport + query({ from, to, groupBy }), requestOptions),
    health: (requestOptions) => get(HISTORY_PATHS.health, requestOptions)
  }
}
