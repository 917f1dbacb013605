/**
 * The till's writes for the fake client of component tests: delete and
 * restore (with tombstones), bulk update/delete/restore, shop settings. Like
 * the server, a bulk call with an unknown id changes nothing.
 */
import { vi } from 'vitest'
import { ApiError } from '#shared/api-errors'
import type { Plant } from '#shared/plant'
import type { FakeApi } from './_fake-api'

export interface FakeTillApi {
  deleted: Map<number, Plant>
}

export function addTillApi(fake: FakeApi): FakeTillApi {
  const deleted = new Map<number, Plant>()
  const index = (id: number): number => {
    const at = fake.plants.findIndex((plant) => plant.id === id)
    if (at === -1) throw new ApiError({ type: 'x', title: 'Plant not found', status: 404, detail: `There is no plant with id ${id}.` })
    return at
  }
  const change = (id: number, fields: Partial<Plant>): Plant => {
    const at = index(id)
    const next = { ...fake.plants[at]!, ...fields, version: fake.plants[at]!.version + 1 }
    fake.plants[at] = next
    return next
  }
  const remove = (ids: readonly number[]): number[] => {
    ids.forEach(index)
    for (const id of ids) {
      deleted.set(id, fake.plants[index(id)]!)
      fake.plants.splice(index(id), 1)
    }
    return [...ids]
  }
  const restore = (ids: readonly number[]): Plant[] =>
    ids.map((id) => {
      const plant = { ...deleted.get(id)! }
      deleted.delete(id)
      fake.plants.push(plant)
      fake.plants.sort((a, b) => a.id - b.id)
      return plant
    })
  Object.assign(fake.client, {
    deletePlant: vi.fn(async (id: number) => void remove([id])),
    restorePlant: vi.fn(async (id: number) => restore([id])[0]),
    bulkDelete: vi.fn(async (ids: number[]) => remove(ids)),
    bulkRestore: vi.fn(async (ids: number[]) => restore(ids)),
    bulkUpdate: vi.fn(async (body: { ids: number[]; changes: Partial<Plant> } | { updates: (Partial<Plant> & { id: number })[] }) => {
      const updates = 'ids' in body ? body.ids.map((id) => ({ ...body.changes, id })) : body.updates
      updates.forEach(({ id }) => index(id))
      return updates.map(({ id, ...fields }) => change(id, fields))
    }),
    shopSettings: vi.fn(async () => ({ currency: 'GBP', locale: 'en-GB' }))
  })
  return { deleted }
}
