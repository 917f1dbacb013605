/** Bulk update, delete and restore: all or nothing, one journal line (one fsync), one event. */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { listJournals } from '#store/journal/journal'
import { createTestApp, type TestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

async function withPlants(count: number): Promise<TestApp> {
  const app = await createTestApp()
  await app.store.applyBatch({ adds: Array.from({ length: count }, (_, i) => ({ name: `p${i + 1}` })), updates: [] }, CLI_ACTOR)
  return app
}

/** The journal lines written so far. */
async function journalLines(dir: string): Promise<string[]> {
  const journals = await listJournals(dir)
  const texts = await Promise.all(journals.map((journal) => readFile(journal.file, 'utf8')))
  return texts.join('').split('\n').filter(Boolean)
}

describe('POST /v3/plant/bulk', () => {
  it('changes every named plant in one journal line and announces one plants.changed', async () => {
    const app = await withPlants(5)
    const seen: unknown[] = []
    app.store.onChange((change) => seen.push(change))
    const lines = (await journalLines(app.dir)).length
    const response = await app.call('POST', '/v3/plant/bulk', { ids: [1, 3, 5, 3], changes: { status: 'sold', price: 9.99 } })
    expect(response.status).toBe(200)
    const { plants } = await response.json()
    expect(plants.map((p: { id: number; status: string; price: number }) => [p.id, p.status, p.price])).toEqual([
      [1, 'sold', 9.99],
      [3, 'sold', 9.99],
      [5, 'sold', 9.99]
    ])
    expect(await journalLines(app.dir)).toHaveLength(lines + 1)
    expect(seen).toEqual([{ type: 'plants.changed', change: 'updated', plants: expect.any(Array), seq: expect.any(Number) }])
    expect(app.store.get(2)).toMatchObject({ status: 'available', version: 1 })
  })

  it('takes a change per plant (an Undo) and null clears', async () => {
    const app = await withPlants(2)
    await app.call('POST', '/v3/plant/bulk', { ids: [1, 2], changes: { status: 'sold', category: 'X' } })
    const undo = {
      updates: [
        { id: 1, status: 'available', category: null },
        { id: 2, status: 'pending' }
      ]
    }
    expect((await app.call('POST', '/v3/plant/bulk', undo)).status).toBe(200)
    expect(app.store.get(1)).not.toHaveProperty('category')
    expect(app.store.get(1)?.status).toBe('available')
    expect(app.store.get(2)).toMatchObject({ status: 'pending', category: 'X' })
  })

  it('changes nothing when an id is unknown or deleted: 404 naming them all (the first 20)', async () => {
    const app = await withPlants(3)
    await app.call('DELETE', '/v3/plant/2')
    const ids = [1, 2, ...Array.from({ length: 25 }, (_, i) => 100 + i)]
    const response = await app.call('POST', '/v3/plant/bulk', { ids, changes: { status: 'sold' } })
    expect(response.status).toBe(404)
    expect((await response.json()).detail).toMatch(/^There are no plants with ids 2, 100, 101, .*, 118 and 6 more \(26 ids\): never added/)
    expect(app.store.get(1)).toMatchObject({ status: 'available', version: 1 })
  })

  it.each([
    ['an invalid change', { ids: [1, 2], changes: { status: 'lost' } }, 'changes.status'],
    [
      'an invalid per-plant change',
      {
        updates: [
          { id: 1, status: 'sold' },
          { id: 2, price: 1.234 }
        ]
      },
      'updates[1].price'
    ],
    ['a null name', { ids: [1], changes: { name: null } }, 'changes.name'],
    ['an id in changes', { ids: [1], changes: { id: 2 } }, 'changes.id'],
    ['no ids', { ids: [], changes: { status: 'sold' } }, 'ids'],
    ['a bad id', { ids: [1, 'x'], changes: { status: 'sold' } }, 'ids[1]'],
    ['an unknown key', { ids: [1], changes: { status: 'sold' }, colour: 1 }, 'colour'],
    ['more than 10,000 ids', { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), changes: { status: 'sold' } }, 'ids']
  ])('answers 400 for %s with field errors, changing nothing', async (_label, body, field) => {
    const app = await withPlants(2)
    const response = await app.call('POST', '/v3/plant/bulk', body)
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors.map((error: { field: string }) => error.field)).toContain(field)
    expect(problem.detail).toMatch(/^Nothing was changed: /)
    expect(app.store.get(1)?.version).toBe(1)
  })

  it('says how many plants a call may name', async () => {
    const app = await withPlants(1)
    const body = { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }
    expect((await (await app.call('POST', '/v3/plant/bulk/delete', body)).json()).errors[0].message).toBe(
      'at most 10,000 plants per call; split the list'
    )
  })
})

describe('POST /v3/plant/bulk/delete and /bulk/restore', () => {
  it('delete and restore many plants at once, each as one line and one event', async () => {
    const app = await withPlants(4)
    const seen: { type: string; change?: string }[] = []
    app.store.onChange((change) => seen.push(change))
    const lines = (await journalLines(app.dir)).length
    const deleted = await app.call('POST', '/v3/plant/bulk/delete', { ids: [2, 3] })
    expect(await deleted.json()).toEqual({ deleted: [2, 3] })
    expect(app.store.size).toBe(2)
    const restored = await (await app.call('POST', '/v3/plant/bulk/restore', { ids: [3, 2] })).json()
    expect(restored.plants.map((p: { id: number; version: number }) => [p.id, p.version])).toEqual([
      [3, 3],
      [2, 3]
    ])
    expect(app.store.size).toBe(4)
    expect(await journalLines(app.dir)).toHaveLength(lines + 2)
    expect(seen.map((change) => [change.type, change.change])).toEqual([
      ['plants.changed', 'deleted'],
      ['plants.changed', 'restored']
    ])
  })

  it('are all or nothing: an unknown id (404) or a live plant to restore (409) changes nothing', async () => {
    const app = await withPlants(3)
    expect((await app.call('POST', '/v3/plant/bulk/delete', { ids: [1, 9] })).status).toBe(404)
    expect(app.store.size).toBe(3)
    await app.call('POST', '/v3/plant/bulk/delete', { ids: [1] })
    const response = await app.call('POST', '/v3/plant/bulk/restore', { ids: [1, 2, 3] })
    expect(response.status).toBe(409)
    expect((await response.json()).detail).toMatch(/^2 plants \(ids 2, 3\) are not deleted/)
    expect(app.store.get(1)).toBeUndefined()
  })
})

describe('problems naming several plants', () => {
  it('read as English for a bulk restore of ids without a tombstone', async () => {
    const app = await withPlants(1)
    const response = await app.call('POST', '/v3/plant/bulk/restore', { ids: [7, 8] })
    expect(response.status).toBe(404)
    expect((await response.json()).detail).toMatch(/^There are no deleted plants with ids 7, 8 \(2 ids\) to restore/)
  })
})
