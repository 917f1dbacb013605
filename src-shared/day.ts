/**
 * The till's day: the X report (the day so far, any time) and the Z report (the day closed with the cash counted,
 * numbered, starting the next day). Amounts are whole minor units.
 */
import type { PaymentMethod, TaxLine } from './sale'

/** Paths of the day extensions, relative to API_BASE. */
export const DAY_PATHS = {
  current: '/days/current',
  close: '/days/current/close',
  day: '/days/{number}'
} as const

/** A day's figures: sales and refunds once each, money as net takings. */
export interface DayReport {
  /** The day's number (the Z report's once closed). */
  day: number
  /** When the day started: the previous day's close (absent for the first day). */
  openedAt?: string
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
  taxRates: TaxLine[]
  /** Net takings by how they were paid (refunds subtracted from the method they went back by). */
  payments: Record<PaymentMethod, number>
  /** Cash in the drawer when the day started (the float the previous close left). */
  openingFloat: number
  /** openingFloat + cash taken − cash given back. */
  expectedCash: number
}

/** A closed day: its Z report and the cash counted. */
export interface DayClose {
  day: number
  closedAt: string
  till: string
  report: DayReport
  counted: number
  /** counted − expectedCash: above 0 over, below 0 short. */
  difference: number
  /** Cash left in the drawer for the next day (its opening float). */
  nextFloat: number
}
