import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp, type TestApp } from '#setup/in-process'

async function addFern(app: TestApp) {
  const response = await app.call('POST', '/v3/plant', { name: 'Fern', category: 'Ferns', tags: ['shade'] })
  expect(response.status).toBe(200)
  return response
}

const put = (app: TestApp, body: unknown, ifMatch?: string) =>
  app.call('PUT', '/v3/plant', body, ifMatch === undefined ? {} : { 'if-match': ifMatch })

describe('ETag on every full-plant answer (extension)', () => {
  it('changes with every change: add, update, and the GET of the plant agree', async () => {
    const app = await createTestApp()
    expect((await addFern(app)).headers.get('etag')).toBe('"1-1"')
    const get = await app.call('GET', '/v3/plant/1')
    expect(get.headers.get('etag')).toBe('"1-1"')
    expect((await get.json()).version).toBe(1)
    const tags = new Set(['"1-1"'])
    for (const status of ['pending', 'sold', 'available']) {
      const updated = await put(app, { id: 1, status })
      const etag = updated.headers.get('etag')!
      expect(tags.has(etag)).toBe(false)
      tags.add(etag)
      expect((await app.call('GET', '/v3/plant/1')).headers.get('etag')).toBe(etag)
    }
    expect([...tags]).toEqual(['"1-1"', '"1-2"', '"1-3"', '"1-4"'])
  })

  it("keeps the contract's bodies exactly: PUT and POST answer {id, name, status, tags}, the search carries no version", async () => {
    const app = await createTestApp()
    expect(await (await addFern(app)).json()).toEqual({ id: 1, name: 'Fern', status: 'available', tags: ['shade'] })
    expect(await (await put(app, { id: 1, status: 'sold' }, '"1-1"')).json()).toEqual({ id: 1, name: 'Fern', status: 'sold', tags: ['shade'] })
    expect(await (await app.call('GET', '/v3/plant/search/status')).json()).toEqual([{ id: 1, name: 'Fern', status: 'sold', tags: ['shade'] }])
    // The extension list carries each plant's version, so a UI can send it back.
    expect((await (await app.call('GET', '/v3/plant')).json())[0]).toMatchObject({ id: 1, version: 2 })
  })
})

describe('If-Match on PUT /v3/plant (extension)', () => {
  it('applies the change when the ETag is current', async () => {
    const app = await createTestApp()
    await addFern(app)
    const response = await put(app, { id: 1, status: 'sold' }, '"1-1"')
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBe('"1-2"')
  })

  it('answers 412 naming the plant and its current version, and leaves the plant untouched', async () => {
    const app = await createTestApp()
    await addFern(app)
    await put(app, { id: 1, status: 'pending' })
    const before = await (await app.call('GET', '/v3/plant/1')).json()
    const response = await put(app, { id: 1, status: 'sold', name: 'Mine' }, '"1-1"')
    expect(response.status).toBe(412)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(response.headers.get('etag')).toBe('"1-2"')
    const problem = await response.json()
    expect(problem).toMatchObject({ type: PROBLEM_TYPES.versionConflict, status: 412, title: 'Precondition Failed' })
    expect(problem.detail).toMatch(/Plant 1 \("Fern"\) was changed since you read it: it is now at version 2 \(ETag "1-2"\)\. Nothing was changed/)
    expect(await (await app.call('GET', '/v3/plant/1')).json()).toEqual(before)
    expect(app.store.get(1)).toMatchObject({ status: 'pending', name: 'Fern', version: 2 })
  })

  it('works with a stale version taken from a list: the second of two writers with the same version gets 412', async () => {
    const app = await createTestApp()
    await addFern(app)
    const [listed] = await (await app.call('GET', '/v3/plant?q=fern')).json()
    const ifMatch = `"${listed.id}-${listed.version}"`
    expect((await put(app, { id: listed.id, status: 'sold' }, ifMatch)).status).toBe(200)
    expect((await put(app, { id: listed.id, status: 'available' }, ifMatch)).status).toBe(412)
    expect(app.store.get(1)?.status).toBe('sold')
  })

  it('lets one of two concurrent writers with the same version win, never both', async () => {
    const app = await createTestApp({ batchWindowMs: 20 })
    await addFern(app)
    const answers = await Promise.all([put(app, { id: 1, name: 'A' }, '"1-1"'), put(app, { id: 1, name: 'B' }, '"1-1"')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412])
  })

  it.each([
    ['*', 200],
    ['"1-7", "1-1"', 200],
    ['W/"1-1"', 412], // weak tags never match a strong comparison
    ['"2-1"', 412], // another plant's tag
    ['"1-2"', 412]
  ])('treats If-Match: %s by RFC 9110', async (ifMatch, status) => {
    const app = await createTestApp()
    await addFern(app)
    await app.call('POST', '/v3/plant', { name: 'Moss' })
    expect((await put(app, { id: 1, status: 'sold' }, ifMatch)).status).toBe(status)
  })

  it.each(['1', '1-1', '"1-1', 'W/1'])('refuses a malformed If-Match (%s) with 400 saying how to write it', async (ifMatch) => {
    const app = await createTestApp()
    await addFern(app)
    const response = await put(app, { id: 1, status: 'sold' }, ifMatch)
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toMatch(/If-Match header is not valid: .*"1-3"/)
    expect(app.store.get(1)?.status).toBe('available')
  })

  it('answers 404 for an unknown plant, with or without If-Match, as the contract says', async () => {
    const app = await createTestApp()
    expect((await put(app, { id: 9, status: 'sold' }, '"9-1"')).status).toBe(404)
  })

  it('changes nothing for a client that sends no If-Match: the last write wins, as before', async () => {
    const app = await createTestApp()
    await addFern(app)
    await put(app, { id: 1, status: 'sold' })
    expect((await put(app, { id: 1, status: 'available' })).status).toBe(200)
    expect(app.store.get(1)?.status).toBe('available')
  })
})
