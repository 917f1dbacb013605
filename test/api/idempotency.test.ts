import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp, type TestApp } from '#setup/in-process'

const add = (app: TestApp, body: unknown, key?: string, headers: Record<string, string> = {}) =>
  app.call('POST', '/v3/plant', body, key === undefined ? headers : { 'idempotency-key': key, ...headers })

async function answerOf(response: Response) {
  return { status: response.status, etag: response.headers.get('etag'), body: await response.json() }
}

describe('Idempotency-Key on POST /v3/plant (extension)', () => {
  it('adds once: the same key and body again gets an identical answer and no second plant', async () => {
    const app = await createTestApp()
    const first = await add(app, { name: 'Fern', tags: ['shade'] }, '"key-1"')
    const again = await add(app, { name: 'Fern', tags: ['shade'] }, '"key-1"')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await answerOf(again)).toEqual(await answerOf(first))
    expect(app.store.size).toBe(1)
  })

  it('answers a repeat with the first answer even after the plant changed', async () => {
    const app = await createTestApp()
    const first = await answerOf(await add(app, { name: 'Fern' }, '"key-1"'))
    await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    expect(await answerOf(await add(app, { name: 'Fern' }, '"key-1"'))).toEqual(first)
  })

  it('refuses the same key with a different body: 422, nothing added', async () => {
    const app = await createTestApp()
    await add(app, { name: 'Fern' }, '"key-1"')
    const response = await add(app, { name: 'Moss' }, '"key-1"')
    expect(response.status).toBe(422)
    const problem = await response.json()
    expect(problem).toMatchObject({ type: PROBLEM_TYPES.idempotencyKeyReused, status: 422 })
    expect(problem.detail).toMatch(/"key-1" was already used for a different add \(the one that added plant 1\)/)
    expect(app.store.size).toBe(1)
  })

  it('adds one plant for two requests with one key at the same moment, both answered alike', async () => {
    const app = await createTestApp({ batchWindowMs: 10 })
    const [a, b] = await Promise.all([add(app, { name: 'Fern' }, '"same"'), add(app, { name: 'Fern' }, '"same"')])
    expect((await answerOf(a)).body).toEqual((await answerOf(b)).body)
    expect(app.store.size).toBe(1)
  })

  it('remembers keys across a restart', async () => {
    const app = await createTestApp()
    const first = await answerOf(await add(app, { name: 'Fern' }, '"key-1"'))
    await app.store.close()
    const restarted = await createTestApp({ dir: app.dir })
    expect(await answerOf(await add(restarted, { name: 'Fern' }, '"key-1"'))).toEqual(first)
    expect(restarted.store.size).toBe(1)
  })

  it('takes a bare key too, the same as its quoted form', async () => {
    const app = await createTestApp()
    expect((await add(app, { name: 'Fern' }, 'bare-key')).status).toBe(200)
    expect((await add(app, { name: 'Fern' }, '"bare-key"')).headers.get('idempotent-replayed')).toBe('true')
  })

  it('adds as before without the header', async () => {
    const app = await createTestApp()
    await add(app, { name: 'Fern' })
    await add(app, { name: 'Fern' })
    expect(app.store.size).toBe(2)
  })

  it.each([['""'], ['two words'], [`"${'k'.repeat(256)}"`], ['"caf\u00e9"']])(
    'refuses a malformed key (%s) with 400, adding nothing',
    async (key) => {
      const app = await createTestApp()
      const response = await add(app, { name: 'Fern' }, key)
      expect(response.status).toBe(400)
      expect((await response.json()).detail).toMatch(/Idempotency-Key header is not valid/)
      expect(app.store.size).toBe(0)
    }
  )

  it('keeps the contract: an invalid body is 405 with a key too, and the key stays free for the corrected add', async () => {
    const app = await createTestApp()
    expect((await add(app, { stauts: 'sold' }, '"key-1"')).status).toBe(405)
    expect((await add(app, { name: 'Fern' }, '"key-1"')).headers.get('idempotent-replayed')).toBeNull()
    expect(app.store.size).toBe(1)
  })
})
