// @vitest-environment happy-dom
/**
 * The plants store's live updates: events and stream states the fake client sends on cue (the real stream's own tests:
 * test/api/events*.test.ts). The rest of the store runs against the real app: plants-store.test.ts.
 */
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import { useApiClient } from '#renderer/api'
import { REFRESH_DELAY_MS, usePlantsStore } from '#renderer/stores/plants'
import { fakeApi, plant } from './_fake-api'

const unreachable = () => new ApiError({ type: 'about:blank', title: 'Server unreachable', status: 0, detail: 'The server did not answer' })

describe('usePlantsStore: the live stream', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => vi.useRealTimers())
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
})
