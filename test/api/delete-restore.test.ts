/** DELETE /v3/plant/{id} keeps a tombstone; restore brings the plant back; ids are never handed out again. */
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { ShopStore } from '#store/shop-store'
import { createTestApp, type TestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

async function withPlants(...names: string[]): Promise<TestApp> {
  const app = await createTestApp()
  for (const name of names) await app.call('POST', '/v3/plant', { name, category: 'Test', price: 2.5 })
  return app
}

describe('DELETE /v3/plant/{id}', () => {
  it('answers 204 and the plant is gone from reads, search, counts and export', async () => {
    const { call, store } = await withPlants('Fern', 'Moss')
    const response = await call('DELETE', '/v3/plant/1')
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect((await call('GET', '/v3/plant/1')).status).toBe(404)
    expect((await (await call('GET', '/v3/plant')).json()).map((p: { id: number }) => p.id)).toEqual([2])
    const list = await call('GET', '/v3/plant?q=fern')
    expect(await list.json()).toEqual([])
    expect(list.headers.get('x-status-counts')).toBe('available=0, pending=0, sold=0')
    expect(await (await call('GET', '/v3/plant/search/status?status=available')).json()).toEqual([
      { id: 2, name: 'Moss', status: 'available', tags: [] }
    ])
    expect(await (await call('GET', '/v3/export?format=csv')).text()).not.toContain('Fern')
    expect(store.size).toBe(1)
    expect((await call('PUT', '/v3/plant', { id: 1, status: 'sold' })).status).toBe(404)
  })

  it('answers 404 for an unknown or already deleted plant, 400 for a bad id', async () => {
    const { call } = await withPlants('Fern')
    expect((await call('DELETE', '/v3/plant/9')).status).toBe(404)
    await call('DELETE', '/v3/plant/1')
    const again = await call('DELETE', '/v3/plant/1')
    expect(again.status).toBe(404)
    expect((await again.json()).detail).toMatch(/^There is no plant 1: never added, or deleted already/)
    expect((await call('DELETE', '/v3/plant/x')).status).toBe(400)
  })

  it('honours If-Match like an update: a stale version is refused with 412 and nothing is deleted', async () => {
    const { call, store } = await withPlants('Fern')
    await call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    const stale = await call('DELETE', '/v3/plant/1', undefined, { 'if-match': '"1-1"' })
    expect(stale.status).toBe(412)
    expect(store.get(1)).toBeDefined()
    expect((await call('DELETE', '/v3/plant/1', undefined, { 'if-match': '"1-2"' })).status).toBe(204)
  })

  it('never hands the id out again, even after a restart', async () => {
    const { call, store, dir } = await withPlants('Fern', 'Moss')
    await call('DELETE', '/v3/plant/2')
    expect((await (await call('POST', '/v3/plant', { name: 'Ivy' })).json()).id).toBe(3)
    await store.close()
    const reopened = await ShopStore.open({ dir })
    try {
      expect(reopened.get(2)).toBeUndefined()
      expect((await reopened.add({ name: 'Palm' }, CLI_ACTOR)).id).toBe(4)
    } finally {
      await reopened.close()
    }
  })
})

describe('POST /v3/plant/{id}/restore', () => {
  it('brings the plant back with the same id and fields, one version on, after a restart too', async () => {
    const { call, store, dir } = await withPlants('Fern')
    const before = await (await call('GET', '/v3/plant/1')).json()
    await call('DELETE', '/v3/plant/1')
    await store.close()
    const app = await createTestApp({ dir })
    const response = await app.call('POST', '/v3/plant/1/restore')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...before, version: before.version + 2 })
    expect(response.headers.get('etag')).toBe(`"1-${before.version + 2}"`)
    expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
    expect(app.store.size).toBe(1)
  })

  it('answers 404 without a tombstone and 409 for a plant that is not deleted', async () => {
    const { call } = await withPlants('Fern')
    const missing = await call('POST', '/v3/plant/5/restore')
    expect(missing.status).toBe(404)
    expect((await missing.json()).title).toBe('Nothing to restore')
    const live = await call('POST', '/v3/plant/1/restore')
    expect(live.status).toBe(409)
    expect(await live.json()).toMatchObject({ type: PROBLEM_TYPES.plantNotDeleted, detail: expect.stringMatching(/^Plant 1 is not deleted/) })
  })

  it('announces plant.deleted and plant.restored', async () => {
    const { call, store } = await withPlants('Fern')
    const seen: { type: string }[] = []
    store.onChange((change) => seen.push(change))
    await call('DELETE', '/v3/plant/1')
    await call('POST', '/v3/plant/1/restore')
    expect(seen).toEqual([
      { type: 'plant.deleted', plant: expect.objectContaining({ id: 1, name: 'Fern', version: 2 }), seq: expect.any(Number) },
      { type: 'plant.restored', plant: expect.objectContaining({ id: 1, name: 'Fern', price: 2.5, version: 3 }), seq: expect.any(Number) }
    ])
    expect(JSON.stringify(seen)).not.toMatch(/deletedAt|priceCents/)
  })
})

describe('tombstones', () => {
  it('are purged at a checkpoint once older than 30 days, and then cannot be restored', async () => {
    let now = new Date('2026-01-01T00:00:00Z')
    const app = await createTestApp({ now: () => now })
    await app.call('POST', '/v3/plant', { name: 'Old' })
    await app.call('POST', '/v3/plant', { name: 'Recent' })
    await app.call('DELETE', '/v3/plant/1')
    now = new Date('2026-01-25T00:00:00Z')
    await app.call('DELETE', '/v3/plant/2')
    now = new Date('2026-02-01T00:00:01Z') // plant 1 deleted 31 days ago, plant 2 seven
    await app.store.checkpoint()
    expect((await app.call('POST', '/v3/plant/1/restore')).status).toBe(404)
    expect((await app.call('POST', '/v3/plant/2/restore')).status).toBe(200)
    expect((await (await app.call('POST', '/v3/plant', { name: 'New' })).json()).id).toBe(3)
  })
})

describe('read-only tokens', () => {
  it('get 403 on delete, restore and every bulk route, changing nothing', async () => {
    const app = await withPlants('Fern')
    const created = await (await app.call('POST', '/v3/tokens', { name: 'till', scope: 'read-only' })).json()
    const auth = { authorization: `Bearer ${created.token}` }
    const writes: [string, string, unknown][] = [
      ['DELETE', '/v3/plant/1', undefined],
      ['POST', '/v3/plant/1/restore', undefined],
      ['POST', '/v3/plant/bulk', { ids: [1], changes: { status: 'sold' } }],
      ['POST', '/v3/plant/bulk/delete', { ids: [1] }],
      ['POST', '/v3/plant/bulk/restore', { ids: [1] }]
    ]
    for (const [method, path, body] of writes) expect((await app.call(method, path, body, auth)).status, path).toBe(403)
    expect(app.store.get(1)).toMatchObject({ status: 'available', version: 1 })
  })
})
