/**
 * A save over a change made elsewhere, in the plants store against the real app (_real-api.ts): the server's If-Match
 * refuses it. The dialogs that show and settle such a conflict: plant-conflicts.test.ts.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import { usePlantsStore } from '#renderer/stores/plants'
import { realApi } from './_real-api'

let client: ApiClient
let id: number

beforeEach(async () => {
  setActivePinia(createPinia())
  ;({ client } = await realApi())
  ;({ id } = await client.addPlant({ name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'available' }))
})

/** Someone else (a script, another window) changes the plant behind the UI's back. */
async function changedElsewhere(changes: Record<string, unknown>) {
  await client.savePlant({ id, ...changes })
}

describe('a save over a change made elsewhere', () => {
  it('is refused, kept, and offered as a choice instead of overwriting (status from the row)', async () => {
    const store = usePlantsStore()
    await store.load()
    const shown = store.plants[0]!
    await changedElsewhere({ status: 'sold' })
    await expect(store.setStatus(shown, 'pending')).rejects.toMatchObject({ status: 412 })
    expect(store.conflict).toEqual({ mine: { id, status: 'pending' }, theirs: expect.objectContaining({ status: 'sold', version: 2 }) })
    expect(await client.getPlant(id)).toMatchObject({ status: 'sold' })
  })

  it('Undo after someone else changed the plant does not set it back silently', async () => {
    const store = usePlantsStore()
    await store.load()
    const version = await store.setStatus(store.plants[0]!, 'sold') // our change: version 2
    await changedElsewhere({ status: 'pending' }) // a script: version 3
    await expect(store.setStatus({ ...store.plants[0]!, status: 'sold', version }, 'available')).rejects.toMatchObject({ status: 412 })
    expect(await client.getPlant(id)).toMatchObject({ status: 'pending', version: 3 })
    expect(store.conflict?.theirs.status).toBe('pending')
  })

  it('a change elsewhere while deciding brings the newer values back instead of overwriting them', async () => {
    const store = usePlantsStore()
    await store.load()
    await changedElsewhere({ status: 'sold' })
    await store.setStatus(store.plants[0]!, 'pending').catch(() => undefined)
    await changedElsewhere({ name: 'Moss' }) // version 3, while the dialog shows version 2
    await expect(store.resolveConflict('mine')).rejects.toMatchObject({ status: 412 })
    expect(store.conflict?.theirs).toMatchObject({ name: 'Moss', version: 3 })
    await store.resolveConflict('mine')
    expect(await client.getPlant(id)).toMatchObject({ name: 'Moss', status: 'pending', version: 4 })
  })
})
