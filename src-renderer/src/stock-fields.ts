/**
 * The fields that hold pots: the plant form's Stock and Reorder-at, their text read back into what an add or edit
 * sends (a whole number, null to stop keeping stock, or nothing when unchanged) and their messages in the words of
 * the form; and a stock-take's count, checked for a change too big to be likely.
 */
import { PLANT_LIMITS } from '#shared/plant-schema'
import type { FieldError } from '#shared/problem'
import { formatCount } from './format'

/** The form fields that hold a number of pots, with what they are called in the form. */
export const POT_FIELDS = { quantity: 'Stock', reorderAt: 'Reorder at' } as const

export type PotField = keyof typeof POT_FIELDS

/** A field's text for a value: '40', or '' for none. */
export function potsFieldText(value: number | undefined): string {
  return value === undefined ? '' : String(value)
}

/**
 * What an add or edit sends for a pots field's text: a number, null to remove it ('' on a plant that had one), nothing
 * when unchanged; text that is not a whole number goes as text, so the shared validation names the field.
 */
export function potsChange(field: PotField, text: string, previous: number | undefined): Record<string, number | null | string> {
  const trimmed = text.trim()
  const value = trimmed === '' ? null : /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed
  if (value === (previous ?? null)) return {}
  return { [field]: value }
}

/** The validation's messages for the pots fields in the form's words ("Stock must be a whole number of pots, like 40"). */
export function withPotsMessages<R extends { ok: true } | { ok: false; errors: FieldError[] }>(result: R): R {
  if (result.ok) return result
  const errors = result.errors.map((error) =>
    error.field in POT_FIELDS
      ? { field: error.field, message: `${POT_FIELDS[error.field as PotField]} must be a whole number of pots from 0 to 1,000,000, like 40` }
      : error
  )
  return { ...result, errors }
}

/**
 * How far a count may move a line's stock before it is asked about: more than half of what it had AND more than 20
 * pots (both, so a line of 2 counted at 5 or a line of 400 counted at 380 pass quietly). A leftover digit in the
 * field ("9" then "20" typed: 920) is the slip this catches.
 */
export const BIG_CHANGE = { share: 0.5, pots: 20 } as const

/** True when counting `after` pots on a line that had `before` changes it by more than {@link BIG_CHANGE}. */
export function isBigChange(before: number, after: number): boolean {
  const change = Math.abs(after - before)
  return change > BIG_CHANGE.pots && change > BIG_CHANGE.share * before
}

/** "+3", "−2", "±0": the difference a count makes. */
export function differenceText(before: number, after: number): string {
  const change = after - before
  return change > 0 ? `+${formatCount(change)}` : change < 0 ? `−${formatCount(-change)}` : '±0'
}

/** "22 → 920 (+898)". */
export function changeText(before: number, after: number): string {
  return `${formatCount(before)} → ${formatCount(after)} (${differenceText(before, after)})`
}

/**
 * Pots typed into a stock field (the Stock view's, the till's Count it): digits only, from `least` to the most a line
 * holds; undefined for anything else ("1e3", "12.5", "-1", a million and one).
 */
export function readPotsText(text: string, least: number): number | undefined {
  const trimmed = text.trim()
  const pots = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN
  return Number.isNaN(pots) || pots < least || pots > PLANT_LIMITS.quantityMax ? undefined : pots
}
