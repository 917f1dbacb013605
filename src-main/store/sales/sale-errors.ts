/** Why the store refused a sale, a refund or a day's close; nothing was changed. */
import type { FieldError } from '#shared/problem'
import { AppError } from '#shared/app-error'

/** The problem the server answers with for each way a sale, a refund or a close is refused. */
const SALE_PROBLEMS = {
  invalid: 'saleInvalid',
  short: 'paymentShort',
  beyond: 'refundBeyondSale',
  'key-reused': 'saleKeyReused',
  'day-closed': 'dayClosedAlready',
  'day-not-started': 'dayNotStarted'
} as const

/**
 * `invalid`: the basket cannot be priced as sent (a plant without a price, a discount above what it discounts,
 * payments that do not add up to the total, a refund of a line the sale does not have); `short`: the payments come
 * to less than the total; `beyond`: a refund of more than is left to refund; `key-reused`: the Idempotency-Key
 * answered another body before; `day-closed`: the close names a day that is closed already; `day-not-started`: one after
 * the day being traded. `errors` name the fields.
 */
export class SaleRefusedError extends AppError {
  constructor(
    readonly kind: keyof typeof SALE_PROBLEMS,
    readonly errors: FieldError[],
    /** What was refused, in words: "The sale was not completed", "The refund was not made". */
    readonly what: string
  ) {
    super(`${what}: ${errors.map((error) => error.message).join('; ')}`, { problemName: SALE_PROBLEMS[kind] })
    this.name = 'SaleRefusedError'
  }
}

/** A refund that would give back more than the most it may (`limit`, minor units): nothing was changed. */
export class RefundOverLimitError extends AppError {
  constructor(
    readonly total: number,
    readonly limit: number
  ) {
    super(`a refund of ${total} is over the limit of ${limit}`, { problemName: 'refundOverLimit' })
    this.name = 'RefundOverLimitError'
  }
}

/** No sale has this receipt number (or no day this number). */
export class UnknownReceiptError extends AppError {
  constructor(
    readonly receipt: number,
    readonly kind: 'sale' | 'day' = 'sale'
  ) {
    super(`no ${kind === 'sale' ? 'sale has receipt number' : 'closed day has number'} ${receipt}`, { problemName: 'receiptNotFound' })
    this.name = 'UnknownReceiptError'
  }
}
