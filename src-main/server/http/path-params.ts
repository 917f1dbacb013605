/** The parameters in a request's path (`/plant/{id}`, `/tokens/{name}`), read strictly. */
import type { H3Event } from 'h3'
import { invalidIdMessage, isPlantId } from '#shared/plant-schema'
import { problem } from '#server/problems/problems'

/** The plant id in the path (`{id}`); 400 when it is not one. */
export function plantIdParam(event: H3Event): number {
  const raw = event.context.params?.id ?? ''
  // Digits only: Number() would also take " 7", "0x7" or "7e0".
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!isPlantId(id)) throw problem('invalidId', [{ field: 'id', message: invalidIdMessage(raw) }])
  return id
}

/** The path's `{name}` segment, %-decoded (h3 refuses a malformed escape before routing; this never throws all the same). */
export function nameParam(event: H3Event): string {
  const raw = event.context.params?.name ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** The largest receipt or day number a path takes: 15 digits, well within what a number holds exactly. */
export const NUMBER_PARAM_MAX = 999_999_999_999_999

/** A receipt or day number in the path (`{receipt}`, `{number}`); 400 when it is not a whole number from 1. */
export function numberParam(event: H3Event, name: 'receipt' | 'refund' | 'number'): number {
  const raw = event.context.params?.[name] ?? ''
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  if (value < 1)
    throw problem('invalidNumber', [{ field: name, message: `${name} must be a whole number from 1, such as 42; got "${raw.slice(0, 20)}"` }])
  return value
}
