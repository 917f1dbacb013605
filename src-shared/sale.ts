/**
 * The sale: a basket completed and paid, saved as one durable record with a receipt number, and its refunds. Here:
 * the paths, the records as the API answers them, and the request bodies (each described once with body-rules.ts,
 * so the OpenAPI document agrees). Every amount is whole minor units (cents); the arithmetic is sale-totals.ts.
 */
import { fieldPath, isPlainObject, leaf, listOf, named, objectOf, oneOfValues, type Rule } from './body-rules'
import { PLANT_ID, PLANT_LIMITS, textField } from './plant-schema'
import type { Cents } from './money'
import type { TaxRate } from './tax'

/** Paths of the sale extensions, relative to API_BASE. */
export const SALE_PATHS = {
  sales: '/sales',
  sale: '/sales/{receipt}',
  receipt: '/sales/{receipt}/receipt',
  refunds: '/sales/{receipt}/refunds',
  /** A refund's slip to hand the customer: a printable page, as the receipt. */
  refundSlip: '/sales/{receipt}/refunds/{refund}/slip'
} as const

/** The papers a receipt prints on: an 80 mm or 58 mm roll, or A5. */
export const RECEIPT_PAPERS = ['80mm', '58mm', 'a5'] as const
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number]

/** How a customer pays: cash (given → change), card (on the shop's own terminal: only recorded), or other (voucher, transfer). */
export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The largest amount of one line, payment or sale, in minor units (ten million in the shop's currency). */
export const MONEY_MAX = 1_000_000_000
/** The most lines a basket holds. */
export const SALE_LINES_MAX = 200
/** The most payments a sale is split into. */
export const PAYMENTS_MAX = 10

/** A discount and why it was given. */
export interface Discount {
  /** Minor units taken off. */
  amount: number
  reason: string
}

/** A basket line as the till sends it. */
export interface NewSaleLine {
  plantId: number
  /** Pots (a single plant: 1). */
  quantity: number
  /** A price other than the plant's (minor units), with priceReason. */
  unitPrice?: number
  priceReason?: string
  discount?: Discount
}

/** One payment: `amount` goes to the sale; cash may say what was `given` (the change is given minus amount). */
export interface Payment {
  method: PaymentMethod
  amount: number
  given?: number
}

/** The body of POST /v3/sales. */
export interface NewSale {
  lines: NewSaleLine[]
  /** A discount on the whole basket, shared over the lines (docs/api.md, rounding). */
  discount?: Discount
  payments: Payment[]
}

/** A saved sale line: what was sold, at what price, with which tax. */
export interface SaleLine {
  plantId: number
  name: string
  quantity: number
  /** Minor units, as priced (with or without tax as the sale's pricesIncludeTax says). */
  unitPrice: number
  priceReason?: string
  /** The line's own discount, minor units (0 when none). */
  discount: number
  discountReason?: string
  /** The line's share of the basket discount. */
  basketDiscount: number
  /** The rate the line was taxed at; null when no tax applies. */
  taxRate: TaxRate | null
  /** What the customer pays for the line, tax included. */
  total: number
  /** The tax in `total`. */
  tax: number
}

/** Tax of one rate. */
export interface TaxLine {
  rateId: string
  name: string
  percent: number
  /** The amount taxed, tax excluded. */
  base: number
  tax: number
}

/** A sale's or a day's money. */
export interface SaleTotals {
  /** The lines at their unit prices, before discounts. */
  gross: number
  /** Line and basket discounts. */
  discounts: number
  /** All the tax (included in the prices, or added to them). */
  tax: number
  /** What the customer pays: gross − discounts (+ tax when prices exclude it). */
  net: number
  /** Tax per rate, by rate id. */
  taxRates: TaxLine[]
}

/** A completed sale (GET /v3/sales/{receipt}); never edited afterwards: corrections are refunds. */
export interface Sale {
  /** From a gap-free sequence: 1, 2, 3, … */
  receipt: number
  /** When it was completed (ISO 8601, UTC): saved on this computer. */
  at: string
  /**
   * When it was made on a till that could not reach the main computer (ISO 8601), for a sale sent later from the
   * till's outbox; absent for a sale made online. Such a sale is never refused for stock.
   */
  madeOfflineAt?: string
  /** The token's name that sold it ("ui" for the staff UI's). */
  till: string
  /** The staff member at the till who sold it (only once staff members are set up). */
  staff?: string
  /** The day (Z report number) it belongs to. */
  day: number
  pricesIncludeTax: boolean
  lines: SaleLine[]
  basketDiscount?: Discount
  totals: SaleTotals
  payments: Payment[]
  /** Cash handed back: the sum over cash payments of given − amount. */
  change: number
}

// ---------------------------------------------------------------------------------------------
// The request bodies.
// ---------------------------------------------------------------------------------------------

/**
 * Whether a sale sells below or above the plants' own prices: a line's `unitPrice`, or a discount on a line or the basket
 * (a discount of all but a cent sells below price as surely as an override). Only those who may change prices may.
 */
export function saleChangesPrices(sale: NewSale): boolean {
  return sale.discount !== undefined || sale.lines.some((line) => line.unitPrice !== undefined || line.discount !== undefined)
}

/** Deepest JSON a sale body holds: object → lines → line → discount. */
export const SALE_BODY_DEPTH = 4

/** A whole number from `min` to `max`, refused in words naming `what`. */
export function wholeNumber(min: number, max: number, what: string): Rule<number> {
  return leaf<number>(
    (value, field, errors) => {
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value
      errors.push({ field, message: `${what} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}` })
      return undefined
    },
    { type: 'integer', minimum: min, maximum: max }
  )
}

/** An amount of money in minor units, from 0 to MONEY_MAX: whole cents once checked. */
export const money = (what: string) => wholeNumber(0, MONEY_MAX, `${what} (in minor units, e.g. 1250 for 12.50)`) as Rule<Cents>
/** Why a price or a discount, in the shop's words. */
export const reason = textField('Why, in the shop\'s words (e.g. "damaged leaf", "regular customer"); printed on the receipt.')

/** `rule`, refusing an object that has `key` without `needs` (published as dependentRequired). */
function needsWith<T>(rule: Rule<T>, key: string, needs: string, message: string): Rule<T> {
  return {
    check(value, field, errors) {
      const checked = rule.check(value, field, errors)
      if (!isPlainObject(value) || !Object.hasOwn(value, key) || Object.hasOwn(value, needs)) return checked
      errors.push({ field: fieldPath(field, needs), message })
      return undefined
    },
    schema: { ...rule.schema, dependentRequired: { [key]: [needs] } },
    components: rule.components
  }
}

/** A discount and its reason. */
export const DISCOUNT = named(
  'Discount',
  objectOf<Discount>(
    { amount: money('a discount'), reason },
    {
      required: ['amount', 'reason'],
      notAnObject: 'a discount is an object such as {"amount": 200, "reason": "regular customer"}',
      unknownKey: (key) => `unknown field "${key}"; a discount has amount and reason`
    }
  )
)

const SALE_LINE = named(
  'NewSaleLine',
  needsWith(
    objectOf<NewSaleLine>(
      {
        plantId: PLANT_ID,
        quantity: wholeNumber(1, PLANT_LIMITS.quantityMax, 'quantity (pots)'),
        unitPrice: money('unitPrice'),
        priceReason: reason,
        discount: DISCOUNT
      },
      {
        required: ['plantId', 'quantity'],
        notAnObject: 'each line is an object such as {"plantId": 7, "quantity": 2}',
        unknownKey: (key) => `unknown field "${key}"; a line has plantId, quantity, unitPrice, priceReason and discount`
      }
    ),
    'unitPrice',
    'priceReason',
    'a price other than the plant\'s needs priceReason, e.g. "price match"'
  )
)

const PAYMENT = named(
  'Payment',
  objectOf<Payment>(
    {
      method: oneOfValues(PAYMENT_METHODS, (shown) => `method must be cash, card or other; got ${shown}`),
      amount: money('amount'),
      given: money('given')
    },
    {
      required: ['method', 'amount'],
      notAnObject: 'a payment is an object such as {"method": "cash", "amount": 2350, "given": 3000}',
      unknownKey: (key) => `unknown field "${key}"; a payment has method, amount and given (cash only)`
    }
  )
)

/** The payments of a sale or a refund. */
export const PAYMENTS = listOf(PAYMENT, {
  minItems: 0,
  maxItems: PAYMENTS_MAX,
  notAList: 'payments must be a list such as [{"method": "card", "amount": 2350}]',
  tooMany: `a sale is split into at most ${PAYMENTS_MAX} payments`
})

/** The body of POST /v3/sales. */
export const NEW_SALE_BODY = named(
  'NewSale',
  objectOf<NewSale>(
    {
      lines: listOf(SALE_LINE, {
        minItems: 1,
        maxItems: SALE_LINES_MAX,
        notAList: 'lines must list at least one plant, such as [{"plantId": 7, "quantity": 1}]',
        tooMany: `a basket holds at most ${SALE_LINES_MAX} lines`
      }),
      discount: DISCOUNT,
      payments: PAYMENTS
    },
    {
      required: ['lines', 'payments'],
      notAnObject:
        'the body must be a JSON object such as {"lines": [{"plantId": 7, "quantity": 1}], "payments": [{"method": "cash", "amount": 450}]}',
      unknownKey: (key) => `unknown field "${key}"; a sale has lines, discount and payments`
    }
  )
)

/** A date written YYYY-MM-DD. */
export const DAY_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/

/** A line of a refund: which sale line, how many pots, whether they go back into stock, and the money back. */
export interface RefundLine {
  /** The sale line's number on the receipt (1 for the first). */
  line: number
  plantId: number
  name: string
  quantity: number
  /** True: the pots go back into stock (reason returned); false: they do not (a plant that died). */
  restock: boolean
  /** Money back for these pots, tax included: their share of the line's total. */
  total: number
  tax: number
  taxRate: TaxRate | null
}

/** A refund (POST /v3/sales/{receipt}/refunds): its own record, referring to the sale; never more than was sold. */
export interface Refund {
  /** From its own gap-free sequence. */
  refund: number
  /** The sale's receipt number. */
  receipt: number
  at: string
  till: string
  /** The staff member at the till who gave it (only once staff members are set up). */
  staff?: string
  day: number
  reason: string
  lines: RefundLine[]
  /** Money back, tax included. */
  total: number
  tax: number
  taxRates: TaxLine[]
  payments: Payment[]
}

/** A line to refund: the sale line's number (1 for the first), how many pots, and whether they go back into stock. */
export interface NewRefundLine {
  line: number
  quantity: number
  restock: boolean
}

/** The body of POST /v3/sales/{receipt}/refunds. */
export interface NewRefund {
  lines: NewRefundLine[]
  reason: string
  /** How the money goes back; by the sale's first payment method when absent. */
  payments?: Payment[]
}

const REFUND_LINE = named(
  'NewRefundLine',
  objectOf<NewRefundLine>(
    {
      line: wholeNumber(1, SALE_LINES_MAX, "line (the sale line's number, 1 for the first)"),
      quantity: wholeNumber(1, PLANT_LIMITS.quantityMax, 'quantity (pots)'),
      restock: leaf<boolean>(
        (value, field, errors) => {
          if (typeof value === 'boolean') return value
          errors.push({ field, message: 'restock must be true (the pots go back into stock) or false (they do not: a plant that died)' })
          return undefined
        },
        { type: 'boolean' }
      )
    },
    {
      required: ['line', 'quantity', 'restock'],
      notAnObject: 'each line is an object such as {"line": 1, "quantity": 1, "restock": true}',
      unknownKey: (key) => `unknown field "${key}"; a refund line has line, quantity and restock`
    }
  )
)

/** The body of POST /v3/sales/{receipt}/refunds. */
export const NEW_REFUND_BODY = named(
  'NewRefund',
  objectOf<NewRefund>(
    {
      lines: listOf(REFUND_LINE, {
        minItems: 1,
        maxItems: SALE_LINES_MAX,
        notAList: 'lines must name at least one sale line, such as [{"line": 1, "quantity": 1, "restock": true}]',
        tooMany: `a refund names at most ${SALE_LINES_MAX} lines`
      }),
      reason,
      payments: PAYMENTS
    },
    {
      required: ['lines', 'reason'],
      notAnObject: 'the body must be a JSON object such as {"lines": [{"line": 1, "quantity": 1, "restock": false}], "reason": "died within a week"}',
      unknownKey: (key) => `unknown field "${key}"; a refund has lines, reason and payments`
    }
  )
)
