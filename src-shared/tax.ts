/**
 * The shop's sales settings: whether prices include tax (UK, EU: the default) or exclude it (US), the tax rates the
 * owner names ("Plants 7%", "Standard 19%"), which rate a plant's category takes (else the default rate), and what a
 * receipt prints at its head. Money is whole minor units (cents); the one rounding rule of tax is here.
 */
import { leaf, listOf, named, objectOf, type Rule } from './body-rules'
import { multiLineTextField } from './multi-line-text'
import { PLANT_LIMITS, textField } from './plant-schema'
import { groupKey } from './text-rules'

/** A tax rate the owner names. */
export interface TaxRate {
  /** Short and stable, e.g. "reduced": what sales and reports refer to. */
  id: string
  /** As printed, e.g. "Plants 7%". */
  name: string
  /** Percent, up to two decimals, e.g. 7 or 7.7. */
  percent: number
}

/** GET /v3/settings/sales. */
export interface SalesSettings {
  /** True (the default): a plant's price is what the customer pays, tax included; false: tax is added on top. */
  pricesIncludeTax: boolean
  taxRates: TaxRate[]
  /** The rate of a plant whose category has none; no tax when absent. */
  defaultTaxRate?: string
  /** Rate id by category name. */
  categoryTaxRates?: Record<string, string>
  /** The head of a receipt. */
  shopName?: string
  /** A few lines (separated by "\n"), printed under the shop name as typed. */
  shopAddress?: string
  vatNumber?: string
  /** Printed at the foot of a receipt (returns policy, opening hours, thanks): a few lines. */
  receiptFooter?: string
}

/** The settings of a folder that never set them: prices include tax, no rates. */
export const DEFAULT_SALES_SETTINGS: SalesSettings = { pricesIncludeTax: true, taxRates: [] }

/**
 * The rate id set for `category`, matched as reports group categories ("herbs" is "Herbs"): the first of the table's
 * spellings of it, so every spelling of one category takes one rate even from a settings file that holds two (the
 * API refuses that; a file edited by hand may not). Only the table's own keys count: a category named `constructor`
 * or `__proto__` must not find Object.prototype's members and go untaxed.
 */
function categoryRateId(category: string, categoryTaxRates: Readonly<Record<string, string>> | undefined): string | undefined {
  if (categoryTaxRates === undefined) return undefined
  const key = groupKey(category)
  return Object.entries(categoryTaxRates).find(([name]) => groupKey(name) === key)?.[1]
}

/** The rate `category` takes under `settings`: its own, else the default; undefined when no tax applies. */
export function taxRateOf(category: string | undefined, settings: SalesSettings): TaxRate | undefined {
  const id = (category !== undefined ? categoryRateId(category, settings.categoryTaxRates) : undefined) ?? settings.defaultTaxRate
  return settings.taxRates.find((rate) => rate.id === id)
}

/**
 * `numerator / denominator` rounded to a whole number, half away from zero (2.5 → 3, -2.5 → -3): the one rounding
 * of money. Exact at any size (BigInt), so a basket line of 1,000 pots at 9,999.99 never loses a cent to floats.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const n = BigInt(numerator)
  const d = BigInt(denominator)
  const sign = n < 0n !== d < 0n ? -1n : 1n
  const [an, ad] = [n < 0n ? -n : n, d < 0n ? -d : d]
  return Number(sign * ((2n * an + ad) / (2n * ad)))
}

/** The rate's percent in hundredths (7.7 → 770), so tax is computed on whole numbers. */
export const basisPoints = (rate: TaxRate): number => Math.round(rate.percent * 100)

/**
 * The tax in `amount` (minor units) at `rate`, rounded per line half away from zero: included in the amount
 * (amount × p / (100 + p)) or to be added to it (amount × p / 100).
 */
export function taxOf(amount: number, rate: TaxRate | undefined, included: boolean): number {
  if (!rate) return 0
  const bp = basisPoints(rate)
  return divideRounded(amount * bp, included ? 10_000 + bp : 10_000)
}

// ---------------------------------------------------------------------------------------------
// The body of PUT /v3/settings/sales.
// ---------------------------------------------------------------------------------------------

/** The most tax rates a shop names. */
export const TAX_RATES_MAX = 20

/** How long the shop's address may be: lines and characters (a receipt roll is narrow). */
export const SHOP_ADDRESS_LIMITS = { lines: 6, length: 300 }
/** How long a receipt's footer may be. */
export const RECEIPT_FOOTER_LIMITS = { lines: 6, length: 400 }

const RATE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/

const rateId = leaf<string>(
  (value, field, errors) => {
    if (typeof value === 'string' && RATE_ID.test(value)) return value
    errors.push({ field, message: 'a tax rate id is 1 to 40 small letters, digits or dashes, such as "reduced" or "standard-19"' })
    return undefined
  },
  { type: 'string', pattern: RATE_ID.source }
)

const percent = leaf<number>(
  (value, field, errors) => {
    if (typeof value === 'number' && value >= 0 && value <= 100 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) return value
    errors.push({ field, message: 'percent must be a number from 0 to 100 with at most two decimals, such as 7 or 7.7' })
    return undefined
  },
  { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 }
)

const flag = leaf<boolean>(
  (value, field, errors) => {
    if (typeof value === 'boolean') return value
    errors.push({ field, message: 'pricesIncludeTax must be true (prices include tax) or false (tax is added on top)' })
    return undefined
  },
  { type: 'boolean' }
)

const categoryRates = leaf<Record<string, string>>(
  (value, field, errors) => {
    const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined
    if (
      entries &&
      entries.length <= 1000 &&
      entries.every(([category, id]) => category.length <= PLANT_LIMITS.textMaxLength && typeof id === 'string' && RATE_ID.test(id))
    )
      return Object.fromEntries(entries) as Record<string, string>
    errors.push({ field, message: 'categoryTaxRates maps a category to a rate id, such as {"Herbs": "reduced"}' })
    return undefined
  },
  {
    type: 'object',
    maxProperties: 1000,
    propertyNames: { maxLength: PLANT_LIMITS.textMaxLength, minLength: 1 },
    additionalProperties: { type: 'string', pattern: RATE_ID.source }
  }
)

const TAX_RATE: Rule<TaxRate> = named(
  'TaxRate',
  objectOf<TaxRate>(
    { id: rateId, name: textField('As printed on receipts, e.g. "Plants 7%".'), percent },
    {
      required: ['id', 'name', 'percent'],
      notAnObject: 'a tax rate is an object such as {"id": "reduced", "name": "Plants 7%", "percent": 7}',
      unknownKey: (key) => `unknown field "${key}"; a tax rate has id, name and percent`
    }
  )
)

const SETTINGS_RULE = objectOf<SalesSettings>(
  {
    pricesIncludeTax: flag,
    taxRates: listOf(TAX_RATE, {
      minItems: 0,
      maxItems: TAX_RATES_MAX,
      notAList: 'taxRates must be a list of rates such as [{"id": "reduced", "name": "Plants 7%", "percent": 7}]',
      tooMany: `a shop names at most ${TAX_RATES_MAX} tax rates`
    }),
    defaultTaxRate: rateId,
    categoryTaxRates: categoryRates,
    shopName: textField('Printed at the head of a receipt.'),
    shopAddress: multiLineTextField(
      'shopAddress',
      SHOP_ADDRESS_LIMITS.lines,
      SHOP_ADDRESS_LIMITS.length,
      'Printed under the shop name, line by line.'
    ),
    vatNumber: textField('The VAT (tax) registration number printed on receipts.'),
    receiptFooter: multiLineTextField(
      'receiptFooter',
      RECEIPT_FOOTER_LIMITS.lines,
      RECEIPT_FOOTER_LIMITS.length,
      'Printed at the foot of every receipt, line by line (a returns policy, opening hours, thanks).'
    )
  },
  {
    required: ['pricesIncludeTax', 'taxRates'],
    notAnObject:
      'the body must be a JSON object such as {"pricesIncludeTax": true, "taxRates": [{"id": "reduced", "name": "Plants 7%", "percent": 7}]}',
    unknownKey: (key) =>
      `unknown field "${key}"; the fields are pricesIncludeTax, taxRates, defaultTaxRate, categoryTaxRates, shopName, shopAddress, vatNumber, receiptFooter`
  }
)

/** The rate ids the settings refer to that are not among their rates, as field errors' words. */
export function unknownRateProblems(settings: SalesSettings): { field: string; message: string }[] {
  const ids = new Set(settings.taxRates.map((rate) => rate.id))
  const problems: { field: string; message: string }[] = []
  const seen = new Set<string>()
  settings.taxRates.forEach((rate, index) => {
    if (seen.has(rate.id)) problems.push({ field: `taxRates[${index}].id`, message: `the id "${rate.id}" is used twice` })
    seen.add(rate.id)
  })
  if (settings.defaultTaxRate !== undefined && !ids.has(settings.defaultTaxRate))
    problems.push({ field: 'defaultTaxRate', message: `"${settings.defaultTaxRate}" is not the id of one of taxRates` })
  const categories = new Map<string, string>()
  for (const [category, id] of Object.entries(settings.categoryTaxRates ?? {})) {
    // No plant's category is blank (a blank category is none), so a rate for it would never be used.
    if (category.trim() === '') problems.push({ field: 'categoryTaxRates', message: 'a category name is blank; name the category the rate is for' })
    if (!ids.has(id)) problems.push({ field: `categoryTaxRates.${category}`, message: `"${id}" is not the id of one of taxRates` })
    // Categories match as reports group them, so two spellings of one category would leave its rate to chance.
    const other = categories.get(groupKey(category))
    if (other !== undefined)
      problems.push({ field: `categoryTaxRates.${category}`, message: `"${category}" and "${other}" are one category; give it one rate` })
    categories.set(groupKey(category), category)
  }
  return problems
}

/** The body of PUT /v3/settings/sales (the whole settings; what it leaves out is unset). */
export const SALES_SETTINGS_BODY = named('SalesSettings', SETTINGS_RULE)

/** Deepest JSON the sales settings hold: object → taxRates → rate. */
export const SALES_SETTINGS_BODY_DEPTH = 3
