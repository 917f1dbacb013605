/**
 * How a change turns into a stored record. Records are immutable: an update
 * makes a new object, so a shallow copy of the list is a consistent snapshot.
 */
import { sameFieldValue } from '#shared/arrays'
import type { BelowZeroFlag, FieldChanges, NewPlant } from '#shared/plant'
import { statusFollowingStock } from '#shared/stock'
import { PLANT_ID_MAX } from '#store/file/data-file'
import { WriteRefusedError } from '#store/folder/folder-guard'
import { withFieldChanges } from './record-fields'
import type { StoredPlant } from './stored-plant'

/** The record a validated add creates: defaults filled in (a line added with 0 pots is sold), stamped `at`, at version 1. */
export function newPlantRecord(id: number, input: NewPlant, at: string): StoredPlant {
  const added = { id } as StoredPlant
  if (input.name !== undefined) added.name = input.name
  if (input.category !== undefined) added.category = input.category
  const status = input.status ?? (input.quantity === undefined ? 'available' : statusFollowingStock('available', input.quantity))
  Object.assign(added, { tags: input.tags ?? [], status })
  const { price, quantity, reorderAt } = input
  return withFieldChanges(added, { price, quantity, reorderAt }, { createdAt: at, updatedAt: at, version: 1 })
}

/**
 * `before` with `fields` changed (null removes a field), stamped `at`, one version on. A change of quantity moves
 * the status with it (statusFollowingStock) unless the change sets the status itself, which is then as asked.
 * Setting the quantity is a count (an update, a bulk change, an import, a stock count): it clears the flag of a line
 * that went below zero (of a single plant sold twice: setting its status).
 */
export function changedPlantRecord(before: StoredPlant, fields: FieldChanges, at: string): StoredPlant {
  const after = withFieldChanges(before, fields, { updatedAt: at, version: before.version + 1 })
  if (fields.status === undefined && typeof fields.quantity === 'number' && fields.quantity !== before.quantity) {
    after.status = statusFollowingStock(after.status, fields.quantity, before.quantity ?? 0)
  }
  // A single plant (no quantity) sold twice is settled by setting its status: there is nothing to count.
  if (fields.quantity !== undefined || (after.quantity === undefined && fields.status !== undefined)) delete after.belowZero
  return after
}

/**
 * `before` with its quantity moved to `quantity` by pots received, sold, returned or written off (not a count): the
 * status follows the stock, and a flag of stock below zero stays (the shelf still needs counting), or is set by
 * `flag` when this movement takes the line below zero.
 */
export function movedPlantRecord(before: StoredPlant, quantity: number, at: string, flag?: BelowZeroFlag): StoredPlant {
  const after = withFieldChanges(before, { quantity }, { updatedAt: at, version: before.version + 1 })
  if (quantity !== before.quantity) after.status = statusFollowingStock(after.status, quantity, before.quantity ?? 0)
  if (flag && quantity < 0 && !before.belowZero) after.belowZero = flag
  return after
}

/** True when `after` holds what `before` holds, its stamp (version, updatedAt) aside: a change that changes nothing is not a change. */
export function sameFields(before: StoredPlant, after: StoredPlant): boolean {
  const fieldsOf = ({ version: _version, updatedAt: _updatedAt, ...fields }: StoredPlant) => fields as Record<string, unknown>
  const [was, is] = [fieldsOf(before), fieldsOf(after)]
  const keys = new Set([...Object.keys(was), ...Object.keys(is)])
  return [...keys].every((key) => sameFieldValue(was[key], is[key]))
}

/** Throws WriteRefusedError unless `count` more ids, from `nextId` on, stay within PLANT_ID_MAX. */
export function checkIdsLeft(nextId: number, count: number): void {
  if (nextId + count - 1 > PLANT_ID_MAX) {
    throw new WriteRefusedError(
      `every plant id up to ${PLANT_ID_MAX}, the highest Plant Store hands out, has been used, so no plant can be added. ` +
        'Existing plants can still be changed; to add more, start a new catalogue in another data folder (--data)'
    )
  }
}
