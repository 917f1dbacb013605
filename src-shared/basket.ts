/**
 * The till's open basket, kept in the data folder so it survives a reload of the window and a restart of the server
 * (one per till window, by the window's basket id). It holds what the till needs to price it with sale-totals.ts
 * before the sale is sent: each line's plant, name, price and category as scanned, and the basket's Idempotency-Key,
 * so that a Complete sale retried after a reload still sells once. Bodies are described once with body-rules.ts.
 */
import { leaf, listOf, named, objectOf } from './body-rules'
import type { Cents } from './money'
import { PLANT_ID, PLANT_LIMITS, textField } from './plant-schema'
import { DISCOUNT, SALE_LINES_MAX, money, reason, wholeNumber, type Discount, type NewSale } from './sale'

/** Paths of the basket extension, relative to API_BASE. */
export const BASKET_PATHS = { basket: '/baskets/{basketId}' } as const

/** A basket id: what a till window names its basket by (letters, digits and dashes, e.g. a UUID). */
export const BASKET_ID = /^[A-Za-z0-9-]{1,64}$/

/** A line of the basket: the plant as scanned, how many, and any price override or discount. */
export interface BasketLine {
  plantId: number
  name: string
  /** A single plant (no stock kept): one pot, scanned once. */
  single: boolean
  quantity: number
  /** The plant's price when scanned (whole cents); absent when it has none. */
  price?: Cents
  /** The plant's category when scanned: it decides the tax rate. */
  category?: string
  unitPrice?: number
  priceReason?: string
  discount?: Discount
}

/** The body of PUT /v3/baskets/{basketId}, and what GET answers. */
export interface Basket {
  /** The Idempotency-Key its Complete sale sends: one per basket. */
  idempotencyKey: string
  lines: BasketLine[]
  discount?: Discount
}

/** The Complete sale of `basket` paid by `payments`: the body of POST /v3/sales. */
export function saleOfBasket(basket: Basket, payments: NewSale['payments']): NewSale {
  return {
    lines: basket.lines.map((line) => ({
      plantId: line.plantId,
      quantity: line.quantity,
      ...(line.unitPrice === undefined ? {} : { unitPrice: line.unitPrice, priceReason: line.priceReason ?? '' }),
      ...(line.discount === undefined ? {} : { discount: line.discount })
    })),
    ...(basket.discount === undefined ? {} : { discount: basket.discount }),
    payments
  }
}

const KEY = /^[!-~]{1,200}$/

const idempotencyKey = leaf<string>(
  (value, field, errors) => {
    if (typeof value === 'string' && KEY.test(value)) return value
    errors.push({ field, message: 'idempotencyKey is 1 to 200 visible ASCII characters, such as a UUID' })
    return undefined
  },
  { type: 'string', pattern: KEY.source, description: 'The Idempotency-Key its Complete sale sends.' }
)

const single = leaf<boolean>(
  (value, field, errors) => {
    if (typeof value === 'boolean') return value
    errors.push({ field, message: 'single must be true (a single plant, scanned once) or false (a plant kept in stock)' })
    return undefined
  },
  { type: 'boolean' }
)

const BASKET_LINE = named(
  'BasketLine',
  objectOf<BasketLine>(
    {
      plantId: PLANT_ID,
      name: textField("The plant's name as scanned."),
      single,
      quantity: wholeNumber(1, PLANT_LIMITS.quantityMax, 'quantity (pots)'),
      price: money('price'),
      category: textField("The plant's category as scanned."),
      unitPrice: money('unitPrice'),
      priceReason: reason,
      discount: DISCOUNT
    },
    {
      required: ['plantId', 'name', 'single', 'quantity'],
      notAnObject: 'each line is an object such as {"plantId": 7, "name": "Fern", "single": false, "quantity": 2, "price": 450}',
      unknownKey: (key) =>
        `unknown field "${key}"; a basket line has plantId, name, single, quantity, price, category, unitPrice, priceReason and discount`
    }
  )
)

/** The body of PUT /v3/baskets/{basketId}. */
export const BASKET_BODY = named(
  'Basket',
  objectOf<Basket>(
    {
      idempotencyKey,
      lines: listOf(BASKET_LINE, {
        minItems: 0,
        maxItems: SALE_LINES_MAX,
        notAList: 'lines must be a list such as [{"plantId": 7, "name": "Fern", "single": false, "quantity": 1}]',
        tooMany: `a basket holds at most ${SALE_LINES_MAX} lines`
      }),
      discount: DISCOUNT
    },
    {
      required: ['idempotencyKey', 'lines'],
      notAnObject: 'the body must be a JSON object such as {"idempotencyKey": "…", "lines": []}',
      unknownKey: (key) => `unknown field "${key}"; a basket has idempotencyKey, lines and discount`
    }
  )
)

/** Deepest JSON a basket holds: object → lines → line → discount. */
export const BASKET_BODY_DEPTH = 4
