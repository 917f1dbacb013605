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
