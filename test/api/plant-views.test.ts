import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#setup/in-process'

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  const body = await response.json()
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status: response.status, detail: expect.any(String) })
  return body
}

const SAMPLES = [
  { name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor', 'shade'], status: 'available' },
  { name: 'Boston fern', category: 'Ferns', tags: ['humid'], status: 'pending' },
  { name: 'aloe vera', category: 'Succulents', tags: ['sun', 'Indoor'], status: 'sold' },
  { name: 'Bird of paradise', tags: ['sun'], status: 'available' },
  { category: 'Ferns', tags: [], status: 'available' }
]

async function seeded(): Promise<TestApp> {
  const test = await createTestApp()
  for (const plant of SAMPLES) expect((await test.call('POST', '/v3/plant', plant)).status).toBe(200)
  return test
}

async function ids(test: TestApp, query: string): Promise<number[]> {
  const response = await test.call('GET', `/v3/plant?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()).map((plant: { id: number }) => plant.id)
}

describe('GET /v3/plant/{id} (extension)', () => {
  it('answers the full plant, with category and timestamps', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/plant/2')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const plant = await response.json()
    expect(plant).toEqual({
      id: 2,
      name: 'Boston fern',
      category: 'Ferns',
      tags: ['humid'],
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: plant.createdAt,
      version: 1
    })
  })

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', 'search'])('answers 400 Invalid ID for /v3/plant/%s', async (id) => {
    const test = await seeded()
    const response = await test.call('GET', `/v3/plant/${id}`)
    expect(response.status).toBe(400)
    const problem = await problemOf(response)
    expect(problem.title).toBe('Invalid ID supplied')
    expect(problem.errors).toEqual([{ field: 'id', message: expect.stringContaining('positive whole number') }])
  })

  it('answers 404 for an unknown id', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/plant/42')
    expect(response.status).toBe(404)
    expect((await problemOf(response)).detail).toMatch(/no plant with id 42/)
  })

  it('answers HEAD like GET without a body', async () => {
    const test = await seeded()
    const response = await test.call('HEAD', '/v3/plant/1')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})

describe('GET /v3/plant (extension)', () => {
  it('lists full plants by id with the total and per-status counts', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/plant')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('5')
    expect(response.headers.get('x-status-counts')).toBe('available=3, pending=1, sold=1')
    const plants = await response.json()
    expect(plants.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5])
    expect(plants[0]).toMatchObject({ category: 'Aroids', createdAt: expect.any(String), updatedAt: expect.any(String) })
  })

  it('filters by status with the search rules, counting every state of the matches', async () => {
    const test = await seeded()
    expect(await ids(test, 'status=available')).toEqual([1, 4, 5])
    expect(await ids(test, 'status=pending,sold')).toEqual([2, 3])
    expect(await ids(test, 'status=sold&status=pending')).toEqual([2, 3])
    const response = await test.call('GET', '/v3/plant?status=sold')
    expect(response.headers.get('x-total-count')).toBe('1')
    expect(response.headers.get('x-status-counts')).toBe('available=3, pending=1, sold=1')
  })

  it('matches q case-insensitively in name, category and tags; every word must match', async () => {
    const test = await seeded()
    expect(await ids(test, 'q=FERN')).toEqual([2, 5])
    expect(await ids(test, 'q=indoor')).toEqual([1, 3])
    expect(await ids(test, 'q=aroid')).toEqual([1])
    expect(await ids(test, 'q=sun%20bird')).toEqual([4])
    expect(await ids(test, 'q=nothing-like-this')).toEqual([])
    expect(await ids(test, 'q=%20%20')).toEqual([1, 2, 3, 4, 5])
    const response = await test.call('GET', '/v3/plant?q=fern&status=available')
    expect(response.headers.get('x-total-count')).toBe('1')
    expect(response.headers.get('x-status-counts')).toBe('available=1, pending=1, sold=0')
  })

  it('finds a plant by its id as the UI shows it (#5, PS-5), also one without a name, and only that plant', async () => {
    const test = await seeded()
    expect(await ids(test, 'q=%235')).toEqual([5])
    expect(await ids(test, 'q=PS-5')).toEqual([5])
    expect(await ids(test, 'q=ps-1')).toEqual([1])
    expect(await ids(test, 'q=%231%20fern')).toEqual([])
    expect(await ids(test, 'q=%2350')).toEqual([])
  })

  it('sorts by each key, ascending and descending, missing values last and ties by id', async () => {
    const test = await seeded()
    expect(await ids(test, 'sort=name')).toEqual([3, 4, 2, 1, 5])
    expect(await ids(test, 'sort=-name')).toEqual([1, 2, 4, 3, 5])
    expect(await ids(test, 'sort=category')).toEqual([1, 2, 5, 3, 4])
    expect(await ids(test, 'sort=status')).toEqual([1, 4, 5, 2, 3])
    expect(await ids(test, 'sort=-status')).toEqual([3, 2, 1, 4, 5])
    expect(await ids(test, 'sort=-id')).toEqual([5, 4, 3, 2, 1])
    await test.call('PUT', '/v3/plant', { id: 2, status: 'sold' })
    expect((await ids(test, 'sort=-updatedAt'))[0]).toBe(2)
    expect(await ids(test, 'sort=updatedAt')).toHaveLength(5)
  })

  it('sees changes at once, whatever order was asked before', async () => {
    const test = await seeded()
    expect(await ids(test, 'sort=name&limit=1')).toEqual([3])
    await test.call('POST', '/v3/plant', { name: 'Aaa first' })
    expect(await ids(test, 'sort=name&limit=1')).toEqual([6])
    await test.call('PUT', '/v3/plant', { id: 6, name: 'Zzz last' })
    expect(await ids(test, 'sort=name&limit=1')).toEqual([3])
  })

  it('pages with limit and offset after sorting', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/plant?sort=name&limit=2&offset=1')
    expect(response.headers.get('x-total-count')).toBe('5')
    expect((await response.json()).map((p: { id: number }) => p.id)).toEqual([4, 2])
  })

  it.each([
    ['status=lost', 'status'],
    ['sort=colour', 'sort'],
    ['sort=--name', 'sort'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['offset=-1', 'offset'],
    ['stauts=sold', 'stauts']
  ])('answers 400 for ?%s naming %s', async (query, field) => {
    const test = await seeded()
    const response = await test.call('GET', `/v3/plant?${query}`)
    expect(response.status).toBe(400)
    expect((await problemOf(response)).errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  it('lists q and sort among the known parameters when refusing an unknown one', async () => {
    const test = await seeded()
    const problem = await problemOf(await test.call('GET', '/v3/plant?page=2'))
    expect(problem.errors[0].message).toMatch(/status, limit, offset, q, sort/)
  })

  it('documents the extensions in the OpenAPI document, marked as such', async () => {
    const test = await seeded()
    const doc = await (await test.call('GET', '/v3/openapi.json')).json()
    expect(doc.paths['/plant'].get['x-extension']).toBe(true)
    expect(doc.paths['/plant/{id}'].get['x-extension']).toBe(true)
    expect(doc.paths['/events'].get['x-extension']).toBe(true)
    expect(doc.paths['/plant'].post['x-extension']).toBeUndefined()
  })
})

describe('GET /v3/plant?q= with a word typed two ways', () => {
  it('finds a name and a tag whether the accent is one letter or a letter and a combining accent', async () => {
    const app = await createTestApp()
    const { id } = await (await app.call('POST', '/v3/plant', { name: 'Caf\u00e9 Rose', tags: ['Gr\u00fcn'] })).json()
    for (const q of ['caf\u00e9', 'Cafe\u0301', 'GRU\u0308N', 'gr\u00fcn']) {
      const found = await (await app.call('GET', `/v3/plant?q=${encodeURIComponent(q)}`)).json()
      expect(found.map((plant: { id: number }) => plant.id)).toEqual([id])
    }
  })
})
