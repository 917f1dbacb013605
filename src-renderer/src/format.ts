/** Small display helpers shared by the components (pure, so they are easy to test). */
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

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' })
const full = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'medium' })

/** Short, till-friendly time: `14:05` today, `3 Mar` this year, `3 Mar 2024` before. */
export function formatUpdated(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (date.toDateString() === now.toDateString()) return time.format(date)
  if (date.getFullYear() === now.getFullYear()) return dayMonth.format(date)
  return full.format(date)
}

/** The full date and time, for a tooltip. */
export function formatExact(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : exact.format(date)
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
