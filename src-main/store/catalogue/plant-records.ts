/**
 * How a change turns into a stored record. Records are immutable: an update
 * makes a new object, so a shallow copy of the list is a consistent snapshot.
 */
import type { FieldChanges, NewPlant } from '#shared/plant'
import { PLANT_ID_MAX } from '#store/file/data-file'
import { WriteRefusedError } from '#store/folder/folder-guard'
import { withFieldChanges } from './record-fields'
import type { StoredPlant } from './stored-plant'

/** The record a validated add creates: defaults filled in, stamped `at`, at version 1. */
export function newPlantRecord(id: number, input: NewPlant, at: string): StoredPlant {
  const added = { id } as StoredPlant
  if (input.name !== undefined) added.name = input.name
  if (input.category !== undefined) added.category = input.category
  Object.assign(added, { tags: input.tags ?? [], status: input.status ?? 'available' })
  return withFieldChanges(added, { price: input.price }, { createdAt: at, updatedAt: at, version: 1 })
}

/** `before` with `fields` changed (null removes a field), stamped `at`, one version on. */
export function changedPlantRecord(before: StoredPlant, fields: FieldChanges, at: string): StoredPlant {
  return withFieldChanges(before, fields, { updatedAt: at, version: before.version + 1 })
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
