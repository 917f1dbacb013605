/** The OpenAPI schemas of what the sale and day routes answer: sales, refunds, their lines and totals, days. */
import { ref, type JsonSchema } from '#server/openapi/parts'

const minor = (description: string): JsonSchema => ({ type: 'integer', description: `${description} In minor units (cents).` })
const count = { type: 'integer', minimum: 0 }
/** Who served: in a sale and a refund alike, optional. */
const staffName = { type: 'string', description: 'The staff member at the till; absent until staff members are set up.' }
const nullableRate = { oneOf: [ref('TaxRate'), { type: 'null' }] }
const object = (properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  properties
})

const taxLine = object({
  rateId: { type: 'string' },
  name: { type: 'string' },
  percent: { type: 'number' },
  base: minor('Taxed, tax excluded.'),
  tax: minor('')
})

const saleLine = object(
  {
    plantId: { type: 'integer' },
    name: { type: 'string' },
    quantity: count,
    unitPrice: minor('As priced (with or without tax as the sale says).'),
    priceReason: { type: 'string' },
    discount: minor("The line's own discount."),
    discountReason: { type: 'string' },
    basketDiscount: minor("The line's share of the basket discount."),
    taxRate: nullableRate,
    total: minor('What the customer pays for the line, tax included.'),
    tax: minor('The tax in total.')
  },
  ['priceReason', 'discountReason']
)

const totals = object({
  gross: minor('Lines at their unit prices, before discounts.'),
  discounts: minor('Line and basket discounts.'),
  tax: minor('All the tax.'),
  net: minor('What the customer pays.'),
  taxRates: { type: 'array', items: ref('TaxLine') }
})

const sale = object(
  {
    receipt: { type: 'integer', minimum: 1, description: 'From a gap-free sequence.' },
    at: { type: 'string', format: 'date-time' },
    madeOfflineAt: {
      type: 'string',
      format: 'date-time',
      description: 'When it was made on a till that could not reach this computer (sent later from its outbox); absent for a sale made online.'
    },
    till: { type: 'string', description: 'The token\'s name that sold it ("ui" for the staff UI).' },
    staff: staffName,
    day: { type: 'integer', minimum: 1 },
    pricesIncludeTax: { type: 'boolean' },
    lines: { type: 'array', items: ref('SaleLine') },
    basketDiscount: ref('Discount'),
    totals: ref('SaleTotals'),
    payments: { type: 'array', items: ref('Payment') },
    change: minor('Cash handed back.')
  },
  ['basketDiscount', 'madeOfflineAt', 'staff']
)

const refundLine = object({
  line: { type: 'integer', minimum: 1 },
  plantId: { type: 'integer' },
  name: { type: 'string' },
  quantity: count,
  restock: { type: 'boolean' },
  total: minor('Money back, tax included.'),
  tax: minor(''),
  taxRate: nullableRate
})

const refund = object(
  {
    refund: { type: 'integer', minimum: 1 },
    receipt: { type: 'integer', minimum: 1 },
    at: { type: 'string', format: 'date-time' },
    till: { type: 'string' },
    staff: staffName,
    day: { type: 'integer', minimum: 1 },
    reason: { type: 'string' },
    lines: { type: 'array', items: ref('RefundLine') },
    total: minor('Money back.'),
    tax: minor(''),
    taxRates: { type: 'array', items: ref('TaxLine') },
    payments: { type: 'array', items: ref('Payment') }
  },
  ['staff']
)

/** The component schemas of the answers. */
export const SALE_ANSWER_SCHEMAS: Record<string, JsonSchema> = {
  TaxLine: taxLine,
  SaleLine: saleLine,
  SaleTotals: totals,
  Sale: sale,
  RefundLine: refundLine,
  Refund: refund
}
