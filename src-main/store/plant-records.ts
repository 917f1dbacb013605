/**
 * How a change turns into a stored record. Records are immutable: an update
 * makes a new object, so a shallow copy of the list is a consistent snapshot.
 */
import type { NewPlant, Plant, PlantChanges } from '../../src-shared/plant'

/** The record a validated add creates: defaults filled in, stamped `at`, at version 1. */
export function newPlantRecord(id: number, input: NewPlant, at: string): Plant {
  const added = { id } as Plant
  if (input.name !== undefined) added.name = input.name
  if (input.category !== undefined) added.category = input.category
  return Object.assign(added, { tags: input.tags ?? [], status: input.status ?? 'available', createdAt: at, updatedAt: at, version: 1 })
}

/** `before` with `fields` changed, stamped `at`, one version on. */
export function changedPlantRecord(before: Plant, fields: Omit<PlantChanges, 'id'>, at: string): Plant {
  return { ...before, ...fields, updatedAt: at, version: before.version + 1 }
}
