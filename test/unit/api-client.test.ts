import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, parseStatusCounts, type FetchLike, type PlantEvent, type StreamState } from '#shared/api-client'
import { TEST_TOKEN, clientFetch, createTestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

async function clientFor(token: string | undefined = TEST_TOKEN) {
  const test = await createTestApp()
  const client = createApiClient({ baseUrl: `${test.origin}/v3/`, token, fetch: clientFetch(test) })
  return { test, client }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('createApiClient', () => {
  it('adds, updates, gets, lists and searches with the token', async () => {
    const { client } = await clientFor()
    expect(await client.addPlant({ name: 'Fern', category: 'Ferns', tags: ['shade'] })).toEqual({
      id: 1,
      name: 'Fern',
      status: 'available',
      tags: ['shade']
    })
    await client.addPlant({ name: 'Fig', status: 'sold' })
    expect(await client.updatePlant({ id: 1, status: 'pending' })).toMatchObject({ id: 1, status: 'pending' })
    expect(await client.getPlant(1)).toMatchObject({ id: 1, category: 'Ferns', createdAt: expect.any(String) })
    const list = await client.listPlants({ q: 'f', sort: '-name', limit: 1 })
    expect(list).toMatchObject({ total: 2, counts: { available: 0, pending: 1, sold: 1 } })
    expect(list.plants.map((p) => p.name)).toEqual(['Fig'])
    expect(await client.searchByStatus({ status: ['sold'] })).toEqual({ total: 1, plants: [{ id: 2, name: 'Fig', status: 'sold', tags: [] }] })
  })

  it('turns problem+json into a typed ApiError with errors[] by field', async () => {
    const { client } = await clientFor()
    const invalid = await rejection(client.addPlant({ name: 'x'.repeat(201), tags: ['ok', ' '] }))
    expect(invalid).toMatchObject({ status: 405, title: 'Invalid input', type: 'urn:plant-store:problem:invalid-input' })
    expect(invalid.byField()).toEqual({ name: [expect.stringContaining('201 characters')], tags: ['tag 2 must not be blank'] })
    expect((await rejection(client.updatePlant({ id: 99, status: 'sold' }))).status).toBe(404)
    expect((await rejection(client.getPlant(0))).title).toBe('Invalid ID supplied')
  })

  it('reports a refused token as 401 and an unreachable server as status 0', async () => {
    const { client } = await clientFor('wrong-token-wrong-token-wrong-token')
    expect((await rejection(client.listPlants())).status).toBe(401)
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:9/v3', fetch: () => Promise.reject(new TypeError('fetch failed')) })
    const error = await rejection(offline.listPlants())
    expect(error.unreachable).toBe(true)
    expect(error.detail).toMatch(/did not answer/)
  })

  it('passes an abort through untouched (a newer search replaced this one)', async () => {
    const aborting: FetchLike = (_url, init) =>
      init.signal?.aborted ? Promise.reject(new DOMException('The operation was aborted.', 'AbortError')) : Promise.reject(new Error('not aborted'))
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:7420/v3', fetch: aborting })
    const controller = new AbortController()
    controller.abort()
    const error = await client.listPlants({}, { signal: controller.signal }).catch((failure: unknown) => failure)
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('parses the status counts header', () => {
    expect(parseStatusCounts('available=3, pending=1, sold=2')).toEqual({ available: 3, pending: 1, sold: 2 })
    expect(parseStatusCounts(null)).toEqual({ available: 0, pending: 0, sold: 0 })
  })
})

describe('ApiClient.subscribe', () => {
  it('delivers saved changes from the event stream, with the token in the header', async () => {
    const { test, client } = await clientFor()
    const events: PlantEvent[] = []
    const states: StreamState[] = []
    const stop = client.subscribe({ onEvent: (event) => events.push(event), onState: (state) => states.push(state) })
    await expect.poll(() => states).toEqual(['connecting', 'open'])
    await client.addPlant({ name: 'Fern' })
    await test.store.update({ id: 1, status: 'sold' }, CLI_ACTOR)
    await expect.poll(() => events.map((e) => `${e.type} ${e.plant.status}`)).toEqual(['plant.added available', 'plant.updated sold'])
    stop()
  })

  it('reconnects with growing back-off while the server is away, then opens again', async () => {
    const { test } = await clientFor()
    let down = 3
    const fetch: FetchLike = (url, init) => (down-- > 0 ? Promise.reject(new TypeError('connect ECONNREFUSED')) : clientFetch(test)(url, init))
    const client = createApiClient({ baseUrl: `${test.origin}/v3`, token: TEST_TOKEN, fetch })
    const delays: number[] = []
    const states: StreamState[] = []
    const events: PlantEvent[] = []
    const stop = client.subscribe({
      initialDelayMs: 10,
      onEvent: (event) => events.push(event),
      onState: (state, info) => {
        states.push(state)
        if (info.delayMs !== undefined) delays.push(info.delayMs)
        if (state === 'reconnecting') expect((info.error as ApiError).unreachable).toBe(true)
      }
    })
    await expect.poll(() => states.at(-1)).toBe('open')
    expect(states).toEqual(['connecting', 'reconnecting', 'reconnecting', 'reconnecting', 'open'])
    expect(delays[1]!).toBeGreaterThan(delays[0]!)
    expect(delays[2]!).toBeGreaterThan(delays[1]!)
    await test.store.add({ name: 'after the outage' }, CLI_ACTOR)
    await expect.poll(() => events).toHaveLength(1)
    stop()
  })

  it('reopens a stream that falls silent (no heartbeat) and stops for good when told', async () => {
    vi.useFakeTimers()
    try {
      const signals: (AbortSignal | undefined)[] = []
      const silent: FetchLike = async (_url, init) => {
        signals.push(init.signal ?? undefined)
        return new Response(new ReadableStream({ start() {} }), { headers: { 'content-type': 'text/event-stream' } })
      }
      const client = createApiClient({ baseUrl: 'http://127.0.0.1:7420/v3', fetch: silent })
      const stop = client.subscribe({ idleTimeoutMs: 30, initialDelayMs: 5, onEvent: () => undefined })
      await vi.advanceTimersByTimeAsync(1)
      expect(signals).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(50) // silent for the idle timeout (30 ms), then the first back-off (4-6 ms)
      expect(signals).toHaveLength(2)
      expect(signals[0]?.aborted).toBe(true) // the silent stream was given up, not left open beside the new one
      stop()
      expect(signals[1]?.aborted).toBe(true)
      await vi.advanceTimersByTimeAsync(60_000) // far past every timeout and back-off: nothing opens again
      expect(signals).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
