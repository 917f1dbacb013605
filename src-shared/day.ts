/**
 * The till's day: the X report (the day so far, any time) and the Z report (the day closed with the cash counted,
 * numbered, starting the next day). Amounts are whole minor units.
 */
import { leaf, named, objectOf } from './body-rules'
import { MONEY_MAX, type PaymentMethod, type Refund, type Sale, type TaxLine } from './sale'
import { taxLinesOf } from './sale-totals'

/** Paths of the day extensions, relative to API_BASE. */
export const DAY_PATHS = {
  current: '/days/current',
  close: '/days/current/close',
  day: '/days/{number}',
  /** The X report as a printable page. */
  currentReport: '/days/current/report',
  /** A closed day's Z report as a printable page. */
  dayReport: '/days/{number}/report'
} as const

/** Takings of sales and refunds: each counted once, money as net takings (the sales report's `takings`, a day's figures). */
export interface Takings {
  sales: number
  refunds: number
  /** Sales at their unit prices, before discounts. */
  gross: number
  discounts: number
  /** Money given back by refunds. */
  refunded: number
  /** Takings: what sales took minus what refunds gave back. */
  net: number
  /** Tax of sales minus tax of refunds. */
  tax: number
}

/** A day's figures: sales and refunds once each, money as net takings. */
export interface DayReport extends Takings {
  /** The day's number (the Z report's once closed). */
  day: number
  /** When the day started: the previous day's close (absent for the first day). */
  openedAt?: string
  taxRates: TaxLine[]
  /** Net takings by how they were paid (refunds subtracted from the method they went back by). */
  payments: Record<PaymentMethod, number>
  /** Cash in the drawer when the day started (the float the previous close left). */
  openingFloat: number
  /** openingFloat + cash taken − cash given back. */
  expectedCash: number
  /** Takings per staff member at the till, by name; present once a sale or refund of the day names a member. */
  staff?: (Takings & { staff: string })[]
}

/** A closed day: its Z report and the cash counted. */
export interface DayClose {
  day: number
  closedAt: string
  till: string
  /** The staff member at the till who closed it (only once staff members are set up). */
  staff?: string
  report: DayReport
  counted: number
  /** counted − expectedCash: above 0 over, below 0 short. */
  difference: number
  /** Cash left in the drawer for the next day (its opening float). */
  nextFloat: number
}

/** The body of POST /v3/days/current/close. */
export interface DayCloseRequest {
  /** Cash counted in the drawer, minor units. */
  counted: number
  /** Cash left in the drawer as the next day's opening float; 0 when absent (all banked). */
  nextFloat?: number
  /**
   * The number of the day meant (as its X report showed it): refused when that day is closed already, so two tills
   * closing at once, or one close sent twice without its key, close one day and not an empty one after it.
   */
  day?: number
}

const cash = (what: string) =>
  leaf<number>(
    (value, field, errors) => {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MONEY_MAX) return value
      errors.push({ field, message: `${what} must be a whole number of minor units from 0 (e.g. 12345 for 123.45)` })
      return undefined
    },
    { type: 'integer', minimum: 0, maximum: MONEY_MAX }
  )

const dayNumber = leaf<number>(
  (value, field, errors) => {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value
    errors.push({ field, message: 'day must be the whole number of the day being closed, from 1 (its X report says it)' })
    return undefined
  },
  { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }
)

/** The body of POST /v3/days/current/close. */
export const DAY_CLOSE_BODY = named(
  'DayClose',
  objectOf<DayCloseRequest>(
    { counted: cash('counted'), nextFloat: cash('nextFloat'), day: dayNumber },
    {
      required: ['counted'],
      notAnObject: 'the body must be a JSON object such as {"counted": 12345, "nextFloat": 5000, "day": 12}',
      unknownKey: (key) => `unknown field "${key}"; a close has counted, nextFloat and day`
    }
  )
)

const sum = <T>(list: readonly T[], pick: (item: T) => number) => list.reduce((total, item) => total + pick(item), 0)

/** The takings of `sales` and `refunds`: each counted once, money as net takings. */
export function takingsOf(sales: readonly Sale[], refunds: readonly Refund[]): Takings {
  const refunded = sum(refunds, (refund) => refund.total)
  return {
    sales: sales.length,
    refunds: refunds.length,
    gross: sum(sales, (sale) => sale.totals.gross),
    discounts: sum(sales, (sale) => sale.totals.discounts),
    refunded,
    net: sum(sales, (sale) => sale.totals.net) - refunded,
    tax: sum(sales, (sale) => sale.totals.tax) - sum(refunds, (refund) => refund.tax)
  }
}

/** The day's figures from its sales and refunds (those of day `day` only), as the X and Z reports show them. */
export function dayReportOf(
  day: number,
  opening: { openedAt?: string; openingFloat: number },
  sales: readonly Sale[],
  refunds: readonly Refund[]
): DayReport {
  const payments: Record<PaymentMethod, number> = { cash: 0, card: 0, other: 0 }
  for (const sale of sales) for (const payment of sale.payments) payments[payment.method] += payment.amount
  for (const refund of refunds) for (const payment of refund.payments) payments[payment.method] -= payment.amount
  const taxed = [
    ...sales.flatMap((sale) => sale.lines),
    ...refunds.flatMap((refund) => refund.lines.map((line) => ({ ...line, total: -line.total, tax: -line.tax })))
  ]
  return {
    day,
    ...(opening.openedAt === undefined ? {} : { openedAt: opening.openedAt }),
    ...takingsOf(sales, refunds),
    taxRates: taxLinesOf(taxed),
    payments,
    openingFloat: opening.openingFloat,
    expectedCash: opening.openingFloat + payments.cash,
    ...takingsPerStaff(sales, refunds)
  }
}

/** `{staff}`: each member's takings (those who sold first, in the order of their first sale); nothing when no record names one. */
function takingsPerStaff(sales: readonly Sale[], refunds: readonly Refund[]): { staff?: DayReport['staff'] } {
  const names = [...new Set([...sales, ...refunds].flatMap((record) => (record.staff === undefined ? [] : [record.staff])))]
  if (names.length === 0) return {}
  const by = (name: string) => (record: { staff?: string }) => record.staff === name
  return { staff: names.map((name) => ({ staff: name, ...takingsOf(sales.filter(by(name)), refunds.filter(by(name))) })) }
}
