/**
 * The typed client's sale and day methods (extensions): complete a sale, refund it, read sales, the X report and the
 * close of the day (Z report). A sale and a refund carry an Idempotency-Key (one per basket: every attempt sends the
 * same), so a retry never sells or refunds twice.
 */
import { EXTENSION_HEADERS } from './api-paths'
import { jsonOf, type RequestOptions, type SendRequest } from './api-request'
import { newIdempotencyKey } from './api-retry'
import { DAY_PATHS, type DayClose, type DayCloseRequest, type DayReport } from './day'
import { SALE_PATHS, type NewRefund, type NewSale, type Refund, type Sale } from './sale'

/** Options of a sale or a refund. */
export interface SaleOptions extends RequestOptions {
  /** The basket's Idempotency-Key; a new random one by default. */
  idempotencyKey?: string
}

/** The sale and day operations. */
export interface SalesApi {
  completeSale(sale: NewSale, options?: SaleOptions): Promise<Sale>
  refundSale(receipt: number, refund: NewRefund, options?: SaleOptions): Promise<Refund>
  getSale(receipt: number, options?: RequestOptions): Promise<Sale>
  /** The sales and refunds of a UTC day (YYYY-MM-DD; today by default). */
  listSales(day?: string, options?: RequestOptions): Promise<{ day: string; sales: Sale[]; refunds: Refund[] }>
  /** The X report of the day being traded. */
  currentDay(options?: RequestOptions): Promise<DayReport>
  /** Closes the day being traded with the cash counted: its Z report (with an Idempotency-Key: a retry never closes two days). */
  closeDay(close: DayCloseRequest, options?: SaleOptions): Promise<DayClose>
  getDay(day: number, options?: RequestOptions): Promise<DayClose>
}

/** The sale and day operations over `send`. */
export function salesApi(send: SendRequest): SalesApi {
  const keyed = (options: SaleOptions) => ({ [EXTENSION_HEADERS.idempotencyKey]: JSON.stringify(options.idempotencyKey ?? newIdempotencyKey()) })
  return {
    completeSale: async (sale, options = {}) => jsonOf<Sale>(await send('POST', SALE_PATHS.sales, sale, options, keyed(options))),
    refundSale: async (receipt, refund, options = {}) =>
      jsonOf<Refund>(await send('POST', SALE_PATHS.refunds.replace('{receipt}', String(receipt)), refund, options, keyed(options))),
    getSale: async (receipt, options) => jsonOf<Sale>(await send('GET', SALE_PATHS.sale.replace('{receipt}', String(receipt)), undefined, options)),
    listSales: async (day, options) =>
      jsonOf(await send('GET', `${SALE_PATHS.sales}${day === undefined ? '' : `?day=${encodeURIComponent(day)}`}`, undefined, options)),
    currentDay: async (options) => jsonOf<DayReport>(await send('GET', DAY_PATHS.current, undefined, options)),
    closeDay: async (close, options = {}) => jsonOf<DayClose>(await send('POST', DAY_PATHS.close, close, options, keyed(options))),
    getDay: async (day, options) => jsonOf<DayClose>(await send('GET', DAY_PATHS.day.replace('{number}', String(day)), undefined, options))
  }
}
