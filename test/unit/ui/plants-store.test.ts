// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import { useApiClient } from '#renderer/api'
import { PAGE_SIZE, REFRESH_DELAY_MS, usePlantsStore } from '#renderer/stores/plants'
import { fakeApi, plant } from './_fake-api'

const unreachable = () => new ApiError({ type: 'about:blank', title: 'Server unreachable', status: 0, detail: 'The server did not answer' })

describe('usePlantsStore', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => vi.useRealTimers())

  it('loads a page for the current filter, search and sort, with total and counts', async () => {
    const api = fakeApi([plant({ id: 1, name: 'Fern', status: 'sold' }), plant({ id: 2, name: 'Fig' })])
    useApiClient(api.client)
    const store = usePlantsStore()
    expect(store.phase).toBe('idle')
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.plants.map((p) => p.id)).toEqual([1, 2])
    expect(store.counts).toEqual({ available: 1, pending: 0, sold: 1 })
    expect(store.allCount).toBe(2)
    await store.setFilter('sold')
    await store.setSearch('fe')
    expect(api.listQueries.at(-1)).toEqual({ status: 'sold', q: 'fe', sort: 'name', limit: PAGE_SIZE, offset: 0 })
    expect(store.total).toBe(1)
  })

  it('keeps only the newest answer when loads overlap (typing fast)', async () => {
    const api = fakeApi([plant({ id: 1, name: 'Fern' })])
    let releaseSlow!: () => void
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve))
    vi.mocked(api.client.listPlants).mockImplementationOnce(async () => {
      await slow
      return { plants: [plant({ id: 99, name: 'stale' })], total: 1, counts: { available: 1, pending: 0, sold: 0 } }
    })
    useApiClient(api.client)
    const store = usePlantsStore()
    const first = store.setSearch('f')
    await store.setSearch('fe')
    releaseSlow()
    await first
    expect(store.plants.map((p) => p.name)).toEqual(['Fern'])
  })

  it('toggles the sort direction on the same key; Updated starts newest first', async () => {
    useApiClient(fakeApi().client)
    const store = usePlantsStore()
    await store.toggleSort('name')
    expect(store.sort).toEqual({ key: 'name', descending: true })
    await store.toggleSort('updatedAt')
    expect(store.sort).toEqual({ key: 'updatedAt', descending: true })
  })

  it('shows the error state when the first load fails, and a banner-level error after that', async () => {
    const api = fakeApi([plant({ id: 1, name: 'Fern' })])
    useApiClient(api.client)
    const store = usePlantsStore()
    vi.mocked(api.client.listPlants).mockRejectedValueOnce(unreachable())
    await store.load()
    expect(store.phase).toBe('error')
    expect(store.loadError?.unreachable).toBe(true)
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.loadError).toBeNull()
    vi.mocked(api.client.listPlants).mockRejectedValueOnce(unreachable())
    await store.load()
    expect(store.phase).toBe('ready')
    expect(store.plants).toHaveLength(1)
    expect(store.loadError?.status).toBe(0)
  })

  it('changes a status at once and puts it back when the server refuses', async () => {
    const api = fakeApi([plant({ id: 1, name: 'Fern' })])
    useApiClient(api.client)
    const store = usePlantsStore()
    await store.load()
    const refusal = new ApiError({ type: 'x', title: 'Change not saved', status: 503, detail: 'disk full' })
    let refuse!: (error: unknown) => void
    vi.mocked(api.client.savePlant).mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)))
    const change = store.setStatus(store.plants[0]!, 'sold')
    expect(store.plants[0]!.status).toBe('sold')
    refuse(refusal)
    await expect(change).rejects.toBe(refusal)
    expect(store.plants[0]!.status).toBe('available')
  })

  it('applies a live event to its row at once, then refreshes once for a burst', async () => {
    vi.useFakeTimers()
    const api = fakeApi([plant({ id: 1, name: 'Fern' })])
    useApiClient(api.client)
    const store = usePlantsStore()
    await store.load()
    store.connect()
    const loadsBefore = api.listQueries.length
    const changed = { ...store.plants[0]!, status: 'pending' as const }
    api.emit({ type: 'plant.updated', plant: changed })
    api.emit({ type: 'plant.added', plant: plant({ id: 2, name: 'Fig' }) })
    expect(store.plants[0]!.status).toBe('pending')
    expect(store.recent.has(1)).toBe(true)
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS + 1)
    expect(api.listQueries.length).toBe(loadsBefore + 1)
  })

  it('reloads when the stream (re)opens and reports reconnecting and a refused token', async () => {
    const api = fakeApi()
    useApiClient(api.client)
    const store = usePlantsStore()
    store.connect()
    api.streamState('open')
    await expect.poll(() => store.phase).toBe('ready')
    const loads = api.listQueries.length
    api.streamState('reconnecting', unreachable())
    expect(store.stream).toBe('reconnecting')
    api.streamState('open')
    expect(store.stream).toBe('open')
    await expect.poll(() => api.listQueries.length).toBe(loads + 1)
    api.streamState('reconnecting', new ApiError({ type: 'x', title: 'Unauthorized', status: 401, detail: 'token' }))
    expect(store.streamError?.status).toBe(401)
  })

  it('enables writes again once the stream reopens, and reloads the view when the replay ends in a reset', async () => {
    vi.useFakeTimers()
    const api = fakeApi([plant({ id: 1, name: 'Fern' })])
    useApiClient(api.client)
    const store = usePlantsStore()
    store.connect()
    api.streamState('reconnecting', unreachable())
    expect(store.offlineReason).toBeDefined()
    api.streamState('open')
    expect(store.offlineReason).toBeUndefined()
    await vi.runAllTimersAsync()
    const loads = api.listQueries.length
    api.reset()
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS)
    expect(api.listQueries.length).toBe(loads + 1)
    expect(store.offlineReason).toBeUndefined()
  })

  it('reports an empty catalogue only without a search', async () => {
    useApiClient(fakeApi().client)
    const store = usePlantsStore()
    await store.load()
    expect(store.catalogueEmpty).toBe(true)
    await store.setSearch('fern')
    expect(store.catalogueEmpty).toBe(false)
  })
})
