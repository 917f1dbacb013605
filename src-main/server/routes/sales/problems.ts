/** Rows of the problem table (problems.ts) for sales, refunds and days. */
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { fieldErrorsRow, listedWithFields, row } from '#server/problems/problem-row'

/** A refusal of a sale, a refund or a close: `what` was not done, and each field's fault. */
const refused = (type: string, title: string, status: number) =>
  row({
    type,
    title,
    status,
    detail: (what: string, errors: FieldError[]) => `${what}: ${listedWithFields(errors)}. Nothing was changed.`,
    errors: (_what, errors) => errors
  })

export const SALE_PROBLEMS = {
  /** A receipt or day number in the path that is not one (the plant id's problem type, in words about numbers). */
  invalidNumber: fieldErrorsRow('The number in the address is not valid', { type: PROBLEM_TYPES.invalidId, title: 'Invalid ID supplied' }),
  saleInvalid: refused(PROBLEM_TYPES.invalidInput, 'Invalid input', 400),
  paymentShort: refused(PROBLEM_TYPES.paymentShort, 'Payment short', 409),
  refundBeyondSale: refused(PROBLEM_TYPES.refundBeyondSale, 'Refund beyond the sale', 409),
  dayClosedAlready: refused(PROBLEM_TYPES.dayClosedAlready, 'Day closed already', 409),
  dayNotStarted: refused(PROBLEM_TYPES.dayNotStarted, 'Not the day being traded', 409),
  saleKeyReused: refused(PROBLEM_TYPES.idempotencyKeyReused, 'Idempotency-Key reused', 422),
  salesLedgerDamaged: row({
    type: PROBLEM_TYPES.salesLedgerDamaged,
    title: 'Sales ledger damaged',
    status: 503,
    detail: (file: string, fault: string) =>
      `The sales ledger ${file} cannot be read: ${fault}. Nothing was sold, refunded or closed, and no sale was read. ` +
      'The catalogue works as before. Mend that line (or move the file aside and restore the latest backup, which carries the sales), then restart.'
  }),
  tillOnly: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: (name: string) =>
      `Only a paired till's token may send sales made offline; this request came with the token "${name}". ` +
      'A sale made here goes to POST /v3/sales, where it is checked against the stock.'
  }),
  outboxOnly: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: () =>
      "Sales made offline reach the shop's main computer only from this till's own outbox, never from a caller of the " +
      'till: sell with POST /v3/sales here, which keeps the sale while the main computer is away and sends it itself.'
  }),
  receiptNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Not found',
    status: 404,
    detail: (number: number, kind: 'sale' | 'refund' | 'day', receipt?: number) => {
      if (kind === 'sale') return `No sale has receipt number ${number}.`
      if (kind === 'refund') return `Receipt ${receipt} has no refund number ${number}; GET /v3/sales/${receipt}/refunds lists its refunds.`
      return `No closed day has number ${number}; GET /v3/days/current is the day being traded.`
    }
  })
}
