/** How the fields of an add or update land in a stored record: the price as whole cents, null removes a field. */
import type { FieldChanges } from '#shared/plant'
import { centsOf } from '#shared/money'
import type { StoredPlant } from './stored-plant'

/** A copy of `record` with `fields` applied (undefined leaves a field, null removes it) and then `stamp`. */
export function withFieldChanges(record: StoredPlant, fields: FieldChanges, stamp: Partial<StoredPlant>): StoredPlant {
  const { price, ...rest } = fields
  const next: StoredPlant = { ...record }
  for (const [field, value] of Object.entries(rest)) {
    if (value === null) delete (next as unknown as Record<string, unknown>)[field]
    else if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value
  }
  if (price === null) delete next.priceCents
  else if (price !== undefined) next.priceCents = centsOf(price)
  return Object.assign(next, stamp)
}
