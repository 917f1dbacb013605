/**
 * The typed client's stock methods (extensions): a movement of one plant, many at once (a stock-take), the low-stock
 * list, the stock report and the lines below zero. Every movement carries an Idempotency-Key and is retried after a network error or a
 * 503 like an add: a sale whose answer was lost is never sold twice.
 */
import { EXTENSION_HEADERS } from './api-paths'
import { jsonOf, type SendRequest } from './api-request'
import { newIdempotencyKey, withRetries, type RetryPolicy } from './api-retry'
import { plantEtag } from './etag'
import type { Plant } from './plant'
import { STOCK_PATHS, type BulkStockAnswer, type StockAnswer, type StockLine, type StockMove, type StockReport } from './stock'

/** Options of a stock movement. */
export interface StockMoveOptions {
  /** Move the stock only if the plant is still at this version (If-Match); a 412 ApiError otherwise. */
  ifVersion?: number
  /** The movement's Idempotency-Key; a new random one by default. */
  idempotencyKey?: string
  signal?: AbortSignal
}

/** The stock operations. */
export interface StockApi {
  /** Receives, sells, returns, counts or writes off stock of one plant: `{change: -1, reason: 'sold'}`, `{count: 37, reason: 'counted'}`. */
  moveStock(id: number, move: StockMove, options?: StockMoveOptions): Promise<StockAnswer>
  /** Moves the stock of many plants, all or nothing (a stock-take, a delivery). */
  moveBulkStock(lines: readonly StockLine[], options?: Omit<StockMoveOptions, 'ifVersion'>): Promise<BulkStockAnswer>
  /** Lines kept in stock, pots on hand, low stock, and the pots written off in `month` (YYYY-MM; this month by default). */
  stockReport(month?: string, options?: { signal?: AbortSignal }): Promise<StockReport>
  /** Lines taken below zero by sales made offline at a till and not counted since, each with the sale that took it there. */
  belowZero(options?: { signal?: AbortSignal }): Promise<{ lines: Plant[] }>
}

/** The stock operations over `send`; movements are retried with `retries`. */
export function stockApi(send: SendRequest, retries?: RetryPolicy): StockApi {
  /** Sends a movement with one key for every attempt: a retry of one that did land gets its answer back. */
  const moving = <T>(path: string, body: unknown, options: StockMoveOptions, extra: Record<string, string> = {}): Promise<T> => {
    const headers = { ...extra, [EXTENSION_HEADERS.idempotencyKey]: JSON.stringify(options.idempotencyKey ?? newIdempotencyKey()) }
    return withRetries(() => jsonOf<T>(send('POST', path, body, options, headers)), retries, options.signal)
  }
  return {
    moveStock: (id, move, options = {}) =>
      moving(
        STOCK_PATHS.plantStock.replace('{id}', String(id)),
        move,
        options,
        options.ifVersion === undefined ? {} : { 'if-match': plantEtag(id, options.ifVersion) }
      ),
    moveBulkStock: (lines, options = {}) => moving(STOCK_PATHS.bulkStock, { movements: lines }, options),
    stockReport: (month, options) =>
      jsonOf<StockReport>(
        send('GET', `${STOCK_PATHS.stockReport}${month === undefined ? '' : `?month=${encodeURIComponent(month)}`}`, undefined, options)
      ),
    belowZero: (options) => jsonOf<{ lines: Plant[] }>(send('GET', STOCK_PATHS.belowZero, undefined, options))
  }
}
