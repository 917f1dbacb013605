import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  const body = await response.json()
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status: response.status, detail: expect.any(String) })
  return body
}

describe('POST /v3/plant (add-plant)', () => {
  it('adds a plant with defaults and answers a PlantResponse without category', async () => {
    const { call } = await createTestApp()
    const response = await call('POST', '/v3/plant', { name: ' Monstera ', category: 'Aroids' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.json()).toEqual({ id: 1, name: 'Monstera', status: 'available', tags: [] })
  })

  it('assigns increasing ids', async () => {
    const { call } = await createTestApp()
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await (await call('POST', '/v3/plant', { name: `p${i}` })).json()).id)
    expect(ids).toEqual([1, 2, 3])
  })

  it.each([
    ['malformed JSON', '{"name": "Fern",', ''],
    ['an empty body', '', ''],
    ['a JSON array', [], ''],
    ['a JSON string', '"Fern"', ''],
    ['a wrong type', { name: 42 }, 'name'],
    ['a status outside the enum', { status: 'lost' }, 'status'],
    ['an unknown field', { stauts: 'sold' }, 'stauts'],
    ['a client-supplied id', { id: 9, name: 'x' }, 'id'],
    ['a blank name', { name: ' ' }, 'name'],
    ['a too-long name', { name: 'x'.repeat(201) }, 'name'],
    ['too many tags', { tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 'tags'],
    ['a too-long tag', { tags: ['x'.repeat(51)] }, 'tags[0]'],
    ['a __proto__ key', '{"__proto__": {"polluted": true}}', '__proto__'],
    ['nesting deeper than a plant', '{"tags": [["x"]]}', '']
  ])('answers 405 for %s and adds nothing', async (_label, body, field) => {
    const { call, store } = await createTestApp()
    const response = await call('POST', '/v3/plant', body, { 'content-type': 'application/json' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBeTruthy()
    const problem = await problemOf(response)
    expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(store.size).toBe(0)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers 415 for a body that is not declared JSON', async () => {
    const { call } = await createTestApp()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const response = await call('POST', '/v3/plant', '{"name":"x"}', { 'content-type': type })
      expect(response.status).toBe(415)
      expect((await problemOf(response)).detail).toMatch(/application\/json/)
    }
    const none = await call('POST', '/v3/plant', undefined)
    expect(none.status).toBe(415)
  })

  it('accepts a charset parameter', async () => {
    const { call } = await createTestApp()
    const response = await call('POST', '/v3/plant', '{"name":"x"}', { 'content-type': 'Application/JSON; charset=UTF-8' })
    expect(response.status).toBe(200)
  })

  it('answers 413 for a body over 1 MiB', async () => {
    const { call, store } = await createTestApp()
    const response = await call('POST', '/v3/plant', { name: 'x'.repeat(1024 * 1024) })
    expect(response.status).toBe(413)
    await problemOf(response)
    expect(store.size).toBe(0)
  })
})

describe('PUT /v3/plant (update-plant)', () => {
  it('changes only the fields present', async () => {
    const { call, store } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern', category: 'Ferns', tags: ['shade'] })
    const response = await call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 1, name: 'Fern', status: 'sold', tags: ['shade'] })
    expect(store.get(1)).toMatchObject({ category: 'Ferns' })
  })

  it('empties tags with tags: []', async () => {
    const { call } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern', tags: ['shade'] })
    expect(await (await call('PUT', '/v3/plant', { id: 1, tags: [] })).json()).toMatchObject({ tags: [] })
  })

  it.each([[{ status: 'sold' }], [{ id: 'one' }], [{ id: 0 }], [{ id: -3 }], [{ id: 1.5 }]])('answers 400 Invalid ID for %j', async (body) => {
    const { call } = await createTestApp()
    const response = await call('PUT', '/v3/plant', body)
    expect(response.status).toBe(400)
    const problem = await problemOf(response)
    expect(problem.title).toBe('Invalid ID supplied')
    expect(problem.errors[0].field).toBe('id')
  })

  it('answers 400 for any other invalid field and changes nothing', async () => {
    const { call, store } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern' })
    const response = await call('PUT', '/v3/plant', { id: 1, name: 'New', status: 'gone' })
    expect(response.status).toBe(400)
    expect((await problemOf(response)).errors).toEqual([{ field: 'status', message: expect.stringMatching(/available, pending, sold/) }])
    expect(store.get(1)).toMatchObject({ name: 'Fern', status: 'available' })
    expect((await call('PUT', '/v3/plant', '{"id":1,', { 'content-type': 'application/json' })).status).toBe(400)
  })

  it('answers 404 for an unknown id', async () => {
    const { call } = await createTestApp()
    const response = await call('PUT', '/v3/plant', { id: 404, status: 'sold' })
    expect(response.status).toBe(404)
    expect((await problemOf(response)).detail).toMatch(/no plant with id 404/)
  })

  it('answers 415 and 413 like add', async () => {
    const { call } = await createTestApp()
    expect((await call('PUT', '/v3/plant', '{"id":1}', { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await call('PUT', '/v3/plant', { id: 1, name: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413)
  })
})

describe('GET /v3/plant/search/status', () => {
  async function seeded() {
    const test = await createTestApp()
    for (const status of ['available', 'pending', 'sold', 'pending', 'available']) {
      await test.call('POST', '/v3/plant', { name: status, category: 'c', status })
    }
    return test
  }

  it('lists every plant by id when status is omitted, never with category', async () => {
    const { call } = await seeded()
    const response = await call('GET', '/v3/plant/search/status')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('5')
    const plants = await response.json()
    expect(plants.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5])
    for (const plant of plants) expect(plant).not.toHaveProperty('category')
  })

  it('filters by one status, by comma-separated and by repeated statuses', async () => {
    const { call } = await seeded()
    const ids = async (query: string) => (await (await call('GET', `/v3/plant/search/status?${query}`)).json()).map((p: { id: number }) => p.id)
    expect(await ids('status=pending')).toEqual([2, 4])
    expect(await ids('status=pending,sold')).toEqual([2, 3, 4])
    expect(await ids('status=sold&status=available')).toEqual([1, 3, 5])
  })

  it('pages with limit and offset and reports the total before paging', async () => {
    const { call } = await seeded()
    const response = await call('GET', '/v3/plant/search/status?limit=2&offset=1')
    expect(response.headers.get('x-total-count')).toBe('5')
    expect((await response.json()).map((p: { id: number }) => p.id)).toEqual([2, 3])
  })

  it.each(['status=lost', 'status=', 'status=sold,', 'stauts=sold', 'limit=0', 'limit=1001', 'limit=abc', 'offset=-1'])(
    'answers 400 for ?%s',
    async (query) => {
      const { call } = await seeded()
      const response = await call('GET', `/v3/plant/search/status?${query}`)
      expect(response.status).toBe(400)
      expect((await problemOf(response)).errors.length).toBeGreaterThan(0)
    }
  )
})

describe('routing and the OpenAPI document', () => {
  it('answers 404 problem+json for unknown paths', async () => {
    const { call } = await createTestApp()
    // (/v3/plant/search is now read as GET /v3/plant/{id} with a bad id: 400, see plant-views.test.ts.)
    for (const path of ['/v3/plants', '/v2/plant', '/v3/plant/search/x']) {
      const response = await call('GET', path)
      expect(response.status).toBe(404)
      await problemOf(response)
    }
  })

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const { call } = await createTestApp()
    const cases: [string, string, string][] = [
      ['DELETE', '/v3/plant', 'GET, HEAD, POST, PUT'],
      ['PATCH', '/v3/plant', 'GET, HEAD, POST, PUT'],
      ['POST', '/v3/plant/search/status', 'GET, HEAD'],
      ['PUT', '/v3/plant/1', 'GET, HEAD, DELETE'],
      ['GET', '/v3/plant/bulk', 'POST'],
      ['DELETE', '/v3/plant/1/restore', 'POST'],
      ['POST', '/v3/events', 'GET']
    ]
    for (const [method, path, allow] of cases) {
      const response = await call(method, path)
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe(allow)
      await problemOf(response)
    }
  })

  it('answers HEAD on the search like GET, without a body', async () => {
    const { call } = await createTestApp()
    const response = await call('HEAD', '/v3/plant/search/status')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('0')
    expect(await response.text()).toBe('')
  })

  it('serves the OpenAPI document', async () => {
    const { call } = await createTestApp()
    const response = await call('GET', '/v3/openapi.json')
    expect(response.status).toBe(200)
    const doc = await response.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
  })
})
