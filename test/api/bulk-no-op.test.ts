/**
 * A bulk change is refused when it names one plant in two items (which of the two was meant is the caller's to
 * say, as an import refuses an id in two rows), and a change that changes nothing is not a change: no new version,
 * no change log entry, no event, no journal line.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { ChangesPage } from '#shared/history'
import { listJournals } from '#store/journal/journal'
import { createTestApp, type TestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

async function withPlants(...names: string[]): Promise<TestApp & { seen: unknown[] }> {
  const app = await createTestApp()
  await app.store.applyBatch({ adds: names.map((name) => ({ name })), updates: [] }, CLI_ACTOR)
  const seen: unknown[] = []
  app.store.onChange((change) => seen.push(change))
  return { ...app, seen }
}

async function journalLineCount(dir: string): Promise<number> {
  const texts = await Promise.all((await listJournals(dir)).map((journal) => readFile(journal.file, 'utf8')))
  return texts.join('').split('\n').filter(Boolean).length
}

async function changeTypes(app: TestApp): Promise<[string, number][]> {
  const page = (await (await app.call('GET', '/v3/changes?since=0')).json()) as ChangesPage
  return page.changes.map((change) => [change.type, change.plantId])
}

describe('POST /v3/plant/bulk with one plant in two items of updates', () => {
  it('answers 400 naming both items, and changes nothing', async () => {
    const app = await withPlants('Fern', 'Moss')
    const response = await app.call('POST', '/v3/plant/bulk', {
      updates: [
        { id: 1, status: 'sold' },
        { id: 2, status: 'pending' },
        { id: 1, status: 'available', name: 'Fern (big)' }
      ]
    })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors).toEqual([{ field: 'updates[2].id', message: 'id 1 is also in updates[0]; change a plant in one item only' }])
    expect(problem.detail).toMatch(/^Nothing was changed: /)
    expect([app.store.get(1), app.store.get(2)].map((plant) => [plant!.status, plant!.version])).toEqual([
      ['available', 1],
      ['available', 1]
    ])
    expect(app.seen).toEqual([])
  })

  it('still counts an id given twice in ids once', async () => {
    const app = await withPlants('Fern')
    const response = await app.call('POST', '/v3/plant/bulk', { ids: [1, 1], changes: { status: 'sold' } })
    expect(response.status).toBe(200)
    expect(app.store.get(1)).toMatchObject({ status: 'sold', version: 2 })
  })
})

describe('POST /v3/plant/bulk with a change that changes nothing', () => {
  it.each([
    ['no fields', { ids: [1, 2], changes: {} }],
    ['the values the plants have', { ids: [1, 2], changes: { status: 'available', tags: [] } }],
    [
      'per-plant changes to the values they have',
      {
        updates: [
          { id: 1, name: 'Fern', category: null },
          { id: 2, price: null, version: 1 }
        ]
      }
    ]
  ])('(%s) keeps every version, writes no entry, line or event, and answers the plants as they are', async (_label, body) => {
    const app = await withPlants('Fern', 'Moss')
    const lines = await journalLineCount(app.dir)
    const response = await app.call('POST', '/v3/plant/bulk', body)
    expect(response.status).toBe(200)
    const { plants } = await response.json()
    expect(plants.map((plant: { id: number; version: number }) => [plant.id, plant.version])).toEqual([
      [1, 1],
      [2, 1]
    ])
    expect([app.store.get(1)!.version, app.store.get(2)!.version]).toEqual([1, 1])
    expect(app.seen).toEqual([])
    expect(await journalLineCount(app.dir)).toBe(lines)
    expect(await changeTypes(app)).toEqual([
      ['plant.added', 1],
      ['plant.added', 2]
    ])
  })

  it('changes only the plants it changes: the others keep their version and the event names the changed ones', async () => {
    const app = await withPlants('Fern', 'Moss', 'Ivy')
    await app.call('PUT', '/v3/plant', { id: 2, status: 'sold' })
    app.seen.length = 0
    const response = await app.call('POST', '/v3/plant/bulk', { ids: [1, 2, 3], changes: { status: 'sold' } })
    const { plants } = await response.json()
    expect(plants.map((plant: { id: number; version: number }) => [plant.id, plant.version])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2]
    ])
    expect(app.seen).toEqual([
      { type: 'plants.changed', change: 'updated', plants: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 3 })], seq: 6 }
    ])
    expect((await changeTypes(app)).slice(3)).toEqual([
      ['plant.updated', 2],
      ['plant.updated', 1],
      ['plant.updated', 3]
    ])
  })
})
