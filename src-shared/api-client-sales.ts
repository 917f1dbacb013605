/**
 * The typed client's sale and day methods (extensions): complete a sale, refund it, read sales, the X report and the
 * close of the day (Z report). A sale and a refund carry an Idempotency-Key (one per basket: every attempt sends the
 * same), so a retry never sells or refunds twice.
 */
import type { KeptSaleAnswer } from './lan'
import { EXTENSION_HEADERS, EXTENSION_PATHS } from './api-paths'
import { ApiError } from './api-errors'
import { BASKET_PATHS, type Basket } from './basket'
import type { SalesSettings } from './tax'
import { jsonOf, type RequestOptions, type SendRequest } from './api-request'
import { newIdempotencyKey } from './api-retry'
import { DAY_PATHS, type DayClose, type DayCloseRequest, type DayReport } from './day'
import { SALE_PATHS, type NewRefund, type ReceiptPaper, type NewSale, type Refund, type Sale } from './sale'

/** Options of a sale or a refund. */
export interface SaleOptions extends RequestOptions {
  /** The basket's Idempotency-Key; a new random one by default. */
  idempotencyKey?: string
}

/** The sale and day operations. */
export interface SalesApi {
  /** The sale (201); on a paired till while the main computer is away, the till's word that it kept it (202). */
  completeSale(sale: NewSale, options?: SaleOptions): Promise<Sale | KeptSaleAnswer>
  refundSale(receipt: number, refund: NewRefund, options?: SaleOptions): Promise<Refund>
  getSale(receipt: number, options?: RequestOptions): Promise<Sale>
  /** The refunds made of a sale so far. */
  saleRefunds(receipt: number, options?: RequestOptions): Promise<Refund[]>
  /** The sales and refunds of a UTC day (YYYY-MM-DD; today by default). */
  listSales(day?: string, options?: RequestOptions): Promise<{ day: string; sales: Sale[]; refunds: Refund[] }>
  /** The X report of the day being traded. */
  currentDay(options?: RequestOptions): Promise<DayReport>
  /** Closes the day being traded with the cash counted: its Z report (with an Idempotency-Key: a retry never closes two days). */
  closeDay(close: DayCloseRequest, options?: SaleOptions): Promise<DayClose>
  getDay(day: number, options?: RequestOptions): Promise<DayClose>
  /** A till window's open basket; undefined when none is kept. */
  getBasket(basketId: string, options?: RequestOptions): Promise<Basket | undefined>
  /** Keeps a till window's open basket, replacing the one before. */
  putBasket(basketId: string, basket: Basket, options?: RequestOptions): Promise<Basket>
  /** Forgets a till window's basket (sold or emptied); none kept is no fault. */
  deleteBasket(basketId: string, options?: RequestOptions): Promise<void>
  /** Prices with or without tax, the tax rates, a receipt's head. */
  salesSettings(options?: RequestOptions): Promise<SalesSettings>
  /** Replaces the sales settings (the owner's token only); answers them as kept. */
  setSalesSettings(settings: SalesSettings, options?: RequestOptions): Promise<SalesSettings>
  /** The printable receipt of a sale (HTML) on `paper`. */
  receiptHtml(receipt: number, paper: ReceiptPaper, options?: RequestOptions): Promise<string>
  /** The printable slip of refund `refund` of a sale (HTML) on `paper`, to hand the customer. */
  refundSlipHtml(receipt: number, refund: number, paper: ReceiptPaper, options?: RequestOptions): Promise<string>
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

const basketPath = (basketId: string) => BASKET_PATHS.basket.replace('{basketId}', encodeURIComponent(basketId))

/** The sale and day operations over `send`. */
export function salesApi(send: SendRequest): SalesApi {
  const keyed = (options: SaleOptions) => ({ [EXTENSION_HEADERS.idempotencyKey]: JSON.stringify(options.idempotencyKey ?? newIdempotencyKey()) })
  return {
    completeSale: async (sale, options = {}) => jsonOf<Sale | KeptSaleAnswer>(await send('POST', SALE_PATHS.sales, sale, options, keyed(options))),
    refundSale: async (receipt, refund, options = {}) =>
      jsonOf<Refund>(await send('POST', SALE_PATHS.refunds.replace('{receipt}', String(receipt)), refund, options, keyed(options))),
    getSale: async (receipt, options) => jsonOf<Sale>(await send('GET', SALE_PATHS.sale.replace('{receipt}', String(receipt)), undefined, options)),
    saleRefunds: async (receipt, options) =>
      (await jsonOf<{ refunds: Refund[] }>(send('GET', SALE_PATHS.refunds.replace('{receipt}', String(receipt)), undefined, options))).refunds,
    listSales: async (day, options) =>
      jsonOf(await send('GET', `${SALE_PATHS.sales}${day === undefined ? '' : `?day=${encodeURIComponent(day)}`}`, undefined, options)),
    currentDay: async (options) => jsonOf<DayReport>(await send('GET', DAY_PATHS.current, undefined, options)),
    closeDay: async (close, options = {}) => jsonOf<DayClose>(await send('POST', DAY_PATHS.close, close, options, keyed(options))),
    getDay: async (day, options) => jsonOf<DayClose>(await send('GET', DAY_PATHS.day.replace('{number}', String(day)), undefined, options)),
    getBasket: (basketId, options) =>
      jsonOf<Basket>(send('GET', basketPath(basketId), undefined, options)).catch((error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      }),
    putBasket: (basketId, basket, options) => jsonOf<Basket>(send('PUT', basketPath(basketId), basket, options)),
    deleteBasket: async (basketId, options) => {
      await send('DELETE', basketPath(basketId), undefined, options).catch((error: unknown) => {
        if (!isNotFound(error)) throw error
      })
    },
    receiptHtml: async (receipt, paper, options) =>
      (await send('GET', `${SALE_PATHS.receipt.replace('{receipt}', String(receipt))}?paper=${paper}`, undefined, options)).text(),
    refundSlipHtml: async (receipt, refund, paper, options) => {
      const path = SALE_PATHS.refundSlip.replace('{receipt}', String(receipt)).replace('{refund}', String(refund))
      return (await send('GET', `${path}?paper=${paper}`, undefined, options)).text()
    },
    salesSettings: (options) => jsonOf<SalesSettings>(send('GET', EXTENSION_PATHS.salesSettings, undefined, options)),
    setSalesSettings: (settings, options) => jsonOf<SalesSettings>(send('PUT', EXTENSION_PATHS.salesSettings, settings, options))
  }
}
