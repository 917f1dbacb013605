/**
 * The plants store against the real app (_real-api.ts); its live updates, sent on cue by the fake client, are in
 * plants-store-stream.test.ts.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '#shared/api-client'
import type { PlantStatus } from '#shared/plant'
import { PAGE_SIZE, usePlantsStore } from '#renderer/stores/plants'
import { realApi } from './_real-api'

const unreachable = () => new ApiError({ type: 'about:blank', title: 'Server unreachable', status: 0, detail: 'The server did not answer' })

/** Adds plants through the API, in this order (ids 1, 2, …). */
async function add(client: ApiClient, ...plants: { name: string; status?: PlantStatus }[]): Promise<void> {
  for (const { name, status = 'available' } of plants) await client.addPlant({ name, status, tags: [] })
}

describe('usePlantsStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads a page for the current filter, search and sort, with total and counts', async () => {
    const { client } = await realApi()
    await add(client, { name: 'Fern', status: 'sold' }, { name: 'Fig' })
    const listPlants = vi.spyOn(client, 'listPlants')
    const store = usePlantsStore()
    expect(store.phase).toBe('idle')
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.plants.map((p) => p.id)).toEqual([1, 2])
    expect(store.counts).toEqual({ available: 1, pending: 0, sold: 1 })
    expect(store.allCount).toBe(2)
    await store.setFilter('sold')
    await store.setSearch('fe')
    expect(listPlants.mock.calls.at(-1)?.[0]).toEqual({ status: 'sold', q: 'fe', sort: 'name', limit: PAGE_SIZE, offset: 0 })
    expect(store.total).toBe(1)
  })

  it('keeps only the newest answer when loads overlap (typing fast)', async () => {
    const { client } = await realApi()
    await add(client, { name: 'Fern' })
    let releaseSlow!: () => void
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve))
    vi.spyOn(client, 'listPlants').mockImplementationOnce(async () => {
      await slow
      const stale = { id: 99, name: 'stale', tags: [], status: 'available' as const, createdAt: '', updatedAt: '', version: 1 }
      return { plants: [stale], total: 1, counts: { available: 1, pending: 0, sold: 0 } }
    })
    const store = usePlantsStore()
    const first = store.setSearch('f')
    await store.setSearch('fe')
    releaseSlow()
    await first
    expect(store.plants.map((p) => p.name)).toEqual(['Fern'])
  })

  it('toggles the sort direction on the same key; Updated starts newest first', async () => {
    await realApi()
    const store = usePlantsStore()
    await store.toggleSort('name')
    expect(store.sort).toEqual({ key: 'name', descending: true })
    await store.toggleSort('updatedAt')
    expect(store.sort).toEqual({ key: 'updatedAt', descending: true })
  })

  it('shows the error state when the first load fails, and a banner-level error after that', async () => {
    const { client } = await realApi()
    await add(client, { name: 'Fern' })
    const listPlants = vi.spyOn(client, 'listPlants')
    const store = usePlantsStore()
    listPlants.mockRejectedValueOnce(unreachable())
    await store.load()
    expect(store.phase).toBe('error')
    expect(store.loadError?.unreachable).toBe(true)
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.loadError).toBeNull()
    listPlants.mockRejectedValueOnce(unreachable())
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.plants).toHaveLength(1)
    expect(store.loadError?.status).toBe(0)
  })

  it('changes a status at once and puts it back when the server refuses', async () => {
    const { client } = await realApi()
    await add(client, { name: 'Fern' })
    const store = usePlantsStore()
    await store.load()
    const refusal = new ApiError({ type: 'x', title: 'Change not saved', status: 503, detail: 'disk full' })
    let refuse!: (error: unknown) => void
    vi.spyOn(client, 'savePlant').mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)))
    const change = store.setStatus(store.plants[0]!, 'sold')
    expect(store.plants[0]!.status).toBe('sold')
    refuse(refusal)
    await expect(change).rejects.toBe(refusal)
    expect(store.plants[0]!.status).toBe('available')
  })

  it('reports an empty catalogue only without a search', async () => {
    await realApi()
    const store = usePlantsStore()
    await store.load()
    expect(store.catalogueEmpty).toBe(true)
    await store.setSearch('fern')
    expect(store.catalogueEmpty).toBe(false)
  })
})
