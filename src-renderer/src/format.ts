/** Small display helpers shared by the components (pure, so they are easy to test). */
import { shallowRef } from 'vue'
import type { Plant, PlantStatus } from '#shared/plant'
import type { EditableField } from '#shared/plant-schema'
import { uniqueTags } from '#shared/text-rules'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import { ACCESS_EXPIRED, GENERIC_PROBLEM, hasApiWords, problemWords } from './problem-words'

export const STATUS_LABELS: Record<PlantStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold'
}

/** What the form calls each field a plant may have (the type makes a new field of the schema need its label here). */
export const FIELD_LABELS: Record<EditableField, string> = {
  name: 'Name',
  category: 'Category',
  tags: 'Tags',
  status: 'Status',
  price: 'Price',
  quantity: 'Stock',
  reorderAt: 'Reorder at'
}

/** Splits comma-separated text into tags, each kept once as the server keeps it: `indoor, shade, Indoor` → ['indoor', 'shade']. */
export function parseTags(text: string): string[] {
  return uniqueTags(
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '')
  )
}

/** What a person calls a plant, also when it has no name (`Unnamed (#7)`; searching `#7` or `PS-7` finds it). */
export function plantLabel(plant: Pick<Plant, 'id' | 'name'>): string {
  return plant.name ?? `Unnamed (#${plant.id})`
}

export { ACCESS_EXPIRED }

/**
 * A failure in words for a toast: the problem in the shop's words (problem-words.ts), never the API's paths, bodies
 * or headers; any refused token is an expired access (a revoked till's refusal has its own words: pair again).
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 && error.type !== PROBLEM_TYPES.tillRevoked ? ACCESS_EXPIRED : problemWords(error)
  const text = String(error)
  return hasApiWords(text) ? GENERIC_PROBLEM : text
}

/**
 * How the shop writes dates and times (its locale, GET /v3/settings/shop); en-GB until the shop's setting arrives.
 * A ref, so a component that wrote a date renders it again when the owner picks another locale.
 */
const dateLocale = shallowRef('en-GB')
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Dates and times are written `locale`'s way from now on (the shop store calls this when the shop's settings arrive). */
export function setDateLocale(locale: string): void {
  if (locale === dateLocale.value) return
  try {
    new Intl.DateTimeFormat(locale) // a locale Intl cannot use (a computer's "und") keeps the one before
    dateFormats.clear()
    dateLocale.value = locale
  } catch {
    // Kept as it was.
  }
}

/** A date formatter of `options` in the shop's locale (kept, as Intl's are slow to make). */
export function shopDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale.value
  const key = JSON.stringify(options)
  let format = dateFormats.get(key)
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }
const FULL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const EXACT: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'medium' }

/** A time of day the shop's way: `19:51` (en-GB), `07:51 PM` (en-US). */
export function formatClock(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : shopDateFormat(TIME).format(date)
}

/** Short, till-friendly time, the shop's way: `14:05` today, `3 Mar` this year, `3 Mar 2024` before (en-GB). */
export function formatUpdated(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (date.toDateString() === now.toDateString()) return shopDateFormat(TIME).format(date)
  if (date.getFullYear() === now.getFullYear()) return shopDateFormat(DAY_MONTH).format(date)
  return shopDateFormat(FULL).format(date)
}

/** The full date and time, for a tooltip. */
export function formatExact(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : shopDateFormat(EXACT).format(date)
}

const number = new Intl.NumberFormat('en-GB')

/** 10000 → `10,000`. */
export function formatCount(count: number): string {
  return number.format(count)
}

/** Server and schema messages start in lower case (they are written to follow a field name); a sentence starts upper case. */
export function sentence(messages: readonly string[]): string {
  return messages.map((message) => message.charAt(0).toUpperCase() + message.slice(1)).join('. ')
}
