/**
 * Sales made offline at a paired till: kept in the till's outbox while the main computer could not be reached, and
 * sent to it in order, many in one call, once it is back (POST /v3/offline-sales, till tokens only). Each keeps its
 * Idempotency-Key, so a sale whose answer was lost is answered again from the ledger, never sold twice; each says
 * when it was made on the till; none is refused for stock (the pots were handed over already): a line taken below
 * zero is flagged for a count (GET /v3/stock/below-zero). Here: the path, the body (described once with
 * body-rules.ts) and the answer.
 */
import { leafOf, listOf, named, objectOf } from './body-rules'
import { STAFF_NAME } from './staff'
import type { Problem } from './problem'
import { NEW_SALE_BODY, SALE_BODY_DEPTH, type NewSale, type Sale } from './sale'

/** Path of the offline sales extension, relative to API_BASE. */
export const OFFLINE_SALES_PATH = '/offline-sales'

/** The most sales one call sends. */
export const OFFLINE_SALES_MAX = 100

/** Deepest JSON the body holds: object → sales → one sale → its sale body (object → lines → line → discount). */
export const OFFLINE_SALES_BODY_DEPTH = SALE_BODY_DEPTH + 3

/** Longest Idempotency-Key (as the header's, src-main/server/http/idempotency-key.ts). */
const KEY_MAX = 255

/** One sale made offline: its Idempotency-Key (unquoted), when it was made on the till, and the sale's body as POST /v3/sales takes it. */
export interface OfflineSale {
  key: string
  madeAt: string
  sale: NewSale
  /** The member signed in at the till when it was made, as the till knew them (no session could be checked offline). */
  staff?: string
}

/** The body of POST /v3/offline-sales: the sales in the order they were made. */
export interface OfflineSales {
  sales: OfflineSale[]
}

/** What became of one sale sent: saved (201, or its earlier answer again: replayed), or refused with the problem a single sale would get. */
export type OfflineSaleResult = { key: string; status: 201; sale: Sale; replayed: boolean } | { key: string; status: number; problem: Problem }

/** The answer of POST /v3/offline-sales: one result per sale, in the order sent. */
export interface OfflineSalesAnswer {
  results: OfflineSaleResult[]
}

const KEY_PATTERN = `^[ -~]{1,${KEY_MAX}}$`
const BLANK_PATTERN = '^ *$'
// UTC as Date.prototype.toISOString writes it (the fraction of a second optional).
const MADE_AT_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,3})?Z$'

const KEY = leafOf<string>(
  (value) =>
    typeof value === 'string' && new RegExp(KEY_PATTERN).test(value) && !new RegExp(BLANK_PATTERN).test(value)
      ? undefined
      : `key must be the sale's Idempotency-Key without its quotes: 1 to ${KEY_MAX} visible ASCII characters, not only spaces`,
  { type: 'string', pattern: KEY_PATTERN, not: { pattern: BLANK_PATTERN } }
)

const MADE_AT = leafOf<string>(
  (value) =>
    typeof value === 'string' && new RegExp(MADE_AT_PATTERN).test(value)
      ? undefined
      : 'madeAt must be when the sale was made on the till, in UTC as 2026-11-28T09:30:00.000Z',
  { type: 'string', pattern: MADE_AT_PATTERN }
)

const OFFLINE_SALE = named(
  'OfflineSale',
  objectOf<OfflineSale>(
    { key: KEY, madeAt: MADE_AT, sale: NEW_SALE_BODY, staff: STAFF_NAME },
    {
      required: ['key', 'madeAt', 'sale'],
      notAnObject: 'each sale is an object such as {"key": "8e03978e-…", "madeAt": "2026-11-28T09:30:00.000Z", "sale": {…}, "staff": "Anna"}',
      unknownKey: (key) => `unknown field "${key}"; an offline sale has key, madeAt, sale and staff`
    }
  )
)

/** The body of POST /v3/offline-sales. */
export const OFFLINE_SALES_BODY = named(
  'OfflineSales',
  objectOf<OfflineSales>(
    {
      sales: listOf(OFFLINE_SALE, {
        minItems: 1,
        maxItems: OFFLINE_SALES_MAX,
        notAList: 'sales must list at least one sale made offline, oldest first',
        tooMany: `at most ${OFFLINE_SALES_MAX} sales per call; send the rest in the next`
      })
    },
    {
      required: ['sales'],
      notAnObject: 'the body must be a JSON object such as {"sales": [{"key": "…", "madeAt": "…", "sale": {…}}]}',
      unknownKey: (key) => `unknown field "${key}"; the only field is sales`
    }
  )
)
