/**
 * Amounts the till types and shows in minor units (a sale's money): read through the one money parser
 * (src-shared/money.ts) with the shop's decimal mark, and written back for a field.
 */
import { asCents, centsFieldText, decimalMarkOf, moneyProblemText, readMoney, type Cents } from '#shared/money'

export type MinorReading = { ok: true; minor: Cents | null } | { ok: false; message: string }

/** `12,50` or `12.50` → 1250; '' → null; anything else refused in words naming `what`. */
export function readMinor(text: string, locale: string, what: string, currency?: string): MinorReading {
  const mark = decimalMarkOf(locale)
  const reading = readMoney(text, { localeMark: mark, ...(currency === undefined ? {} : { currency }) })
  if (reading.ok) return { ok: true, minor: reading.cents }
  return { ok: false, message: `${what} ${moneyProblemText(reading.problem, mark)}` }
}

/** 1250 → `12.50` (the locale's decimal mark, no currency), for a field to edit. */
export function minorFieldText(minor: number, locale: string): string {
  return centsFieldText(asCents(minor), locale)
}
