import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient, type FetchLike } from '#shared/api-client'
import { faultyFs } from '#setup/faulty-fs'
import { TEST_TOKEN, clientFetch, createTestApp, type TestApp } from '#setup/in-process'

/** A fetch that calls the app, recording each request's method and headers. */
function recordingFetch(test: TestApp, seen: { method: string; headers: Record<string, string> }[] = []): FetchLike {
  const fetch = clientFetch(test)
  return (url, init) => {
    seen.push({ method: init.method ?? 'GET', headers: { host: `127.0.0.1:${test.port}`, ...(init.headers as Record<string, string>) } })
    return fetch(url, init)
  }
}

const fast = { initialDelayMs: 1, maxDelayMs: 5 }

function clientOver(test: TestApp, fetch: FetchLike, attempts?: number) {
  return createApiClient({ baseUrl: `${test.origin}/v3`, token: TEST_TOKEN, fetch, addRetries: { ...fast, attempts } })
}

describe('the typed client: adds that never double-add', () => {
  it('sends a new Idempotency-Key with every add, so two adds of the same plant are two plants', async () => {
    const test = await createTestApp()
    const seen: { method: string; headers: Record<string, string> }[] = []
    const client = clientOver(test, recordingFetch(test, seen))
    await client.addPlant({ name: 'Fern' })
    await client.addPlant({ name: 'Fern' })
    const keys = seen.map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^"[0-9a-f-]{32,36}"$/)
    expect(keys[0]).not.toBe(keys[1])
    expect(test.store.size).toBe(2)
  })

  it('retries an add whose answer was lost on the way back, and gets the plant the first attempt added', async () => {
    const test = await createTestApp()
    const inProcess = recordingFetch(test)
    let calls = 0
    const losesFirstAnswer: FetchLike = async (url, init) => {
      const response = await inProcess(url, init)
      if (++calls === 1) throw new TypeError('fetch failed: socket hang up') // the server saved it; the client never hears
      return response
    }
    const added = await clientOver(test, losesFirstAnswer).addPlant({ name: 'Fern' })
    expect(added).toEqual({ id: 1, name: 'Fern', status: 'available', tags: [] })
    expect(calls).toBe(2)
    expect(test.store.size).toBe(1)
  })

  it('retries after a 503 (the disk refused the write) and adds once the disk works again', async () => {
    const { fs, faults } = faultyFs()
    const test = await createTestApp({ fs })
    const inProcess = recordingFetch(test)
    faults.failWith = 'ENOSPC'
    let statuses: number[] = []
    const healsAfterFirst: FetchLike = async (url, init) => {
      const response = await inProcess(url, init)
      statuses = [...statuses, response.status]
      faults.failWith = undefined
      return response
    }
    expect(await clientOver(test, healsAfterFirst).addPlant({ name: 'Fern' })).toMatchObject({ name: 'Fern' })
    expect(statuses).toEqual([503, 200])
    expect(test.store.size).toBe(1)
  })

  it('gives up after a bounded number of attempts, with the last error', async () => {
    let calls = 0
    const down: FetchLike = () => {
      calls++
      return Promise.reject(new TypeError('fetch failed'))
    }
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/v3', fetch: down, addRetries: { ...fast, attempts: 3 } })
    const error = await client.addPlant({ name: 'Fern' }).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).unreachable).toBe(true)
    expect(calls).toBe(3)
  })

  it('does not retry what a retry cannot cure (invalid input), nor anything but adds', async () => {
    const test = await createTestApp()
    const seen: { method: string; headers: Record<string, string> }[] = []
    const client = clientOver(test, recordingFetch(test, seen))
    await expect(client.addPlant({ name: ' ' })).rejects.toMatchObject({ status: 405 })
    await expect(client.updatePlant({ id: 9, status: 'sold' })).rejects.toMatchObject({ status: 404 })
    expect(seen.map((request) => request.method)).toEqual(['POST', 'PUT'])
  })

  it('takes a caller-chosen key, so a script re-run after a crash does not add again', async () => {
    const test = await createTestApp()
    const client = clientOver(test, recordingFetch(test))
    const first = await client.addPlant({ name: 'Fern' }, { idempotencyKey: 'order-1042-line-1' })
    expect(await client.addPlant({ name: 'Fern' }, { idempotencyKey: 'order-1042-line-1' })).toEqual(first)
    expect(test.store.size).toBe(1)
  })
})

describe('the typed client: conditional updates', () => {
  it('answers with the new version, and refuses with a 412 conflict when the plant changed since', async () => {
    const test = await createTestApp()
    const client = clientOver(test, recordingFetch(test))
    await client.addPlant({ name: 'Fern' })
    const saved = await client.savePlant({ id: 1, status: 'sold' }, { ifVersion: 1 })
    expect(saved).toEqual({ plant: { id: 1, name: 'Fern', status: 'sold', tags: [] }, version: 2 })
    const stale = await client.savePlant({ id: 1, status: 'available' }, { ifVersion: 1 }).catch((failure: unknown) => failure)
    expect(stale).toBeInstanceOf(ApiError)
    expect((stale as ApiError).conflict).toBe(true)
    expect((await client.getPlant(1)).status).toBe('sold')
  })
})

describe('the typed client: named tokens', () => {
  it('creates, lists and revokes them', async () => {
    const test = await createTestApp()
    const client = clientOver(test, recordingFetch(test))
    const created = await client.createToken('till-1', 'read-only')
    expect(created).toMatchObject({ name: 'till-1', scope: 'read-only', token: expect.any(String) })
    expect(await client.listTokens()).toEqual([{ name: 'till-1', scope: 'read-only', createdAt: created.createdAt }])
    await client.revokeToken('till-1')
    expect(await client.listTokens()).toEqual([])
  })
})
