import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from '#shared/api-errors'
import type { ChangesPage, PlantHistoryPage, SalesReport } from '#shared/history'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { createApiClient } from '#shared/api-client'
import { TEST_TOKEN, clientFetch, createTestApp, type TestApp } from '#setup/in-process'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

async function addAndSell(app: TestApp): Promise<number> {
  const added = await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Olive tree', tags: [] }))
  await app.call('PUT', '/v3/plant', { id: added.id, status: 'sold' })
  return added.id
}

describe('GET /v3/changes', () => {
  it('lists every saved change in seq order, with who made it and the fields that changed', async () => {
    const app = await createTestApp()
    const id = await addAndSell(app)
    const page = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0'))
    expect(page.changes.map((change) => [change.seq, change.type, change.plantId, change.by])).toEqual([
      [1, 'plant.added', id, 'ui'],
      [2, 'plant.updated', id, 'ui']
    ])
    expect(page.changes[1]!.changes).toEqual({ status: { from: 'available', to: 'sold' } })
    expect(page.changes[0]!.plant).toMatchObject({ id, name: 'Olive tree', status: 'available' })
    expect(page.next).toBe(2)
    expect((await json<ChangesPage>(await app.call('GET', '/v3/changes?since=2'))).changes).toEqual([])
  })

  it('pages with limit and next, the same after a checkpoint moved the entries to the history files', async () => {
    const app = await createTestApp()
    for (let index = 0; index < 5; index++) await addAndSell(app)
    const before = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=3&limit=4'))
    expect(before.changes.map((change) => change.seq)).toEqual([4, 5, 6, 7])
    expect(before.next).toBe(7)
    await app.store.checkpoint()
    const month = new Date().toISOString().slice(0, 7)
    const lines = (await readFile(path.join(app.dir, `history-${month}.jsonl`), 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(10)
    const after = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=3&limit=4'))
    expect(after).toEqual(before)
    await addAndSell(app)
    const all = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0&limit=1000'))
    expect(all.changes.map((change) => change.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('names a named token as `by`, and the cli when the plant-store command says so', async () => {
    const app = await createTestApp()
    const { token } = await json<{ token: string }>(await app.call('POST', '/v3/tokens', { name: 'till-2', scope: 'read-write' }))
    await app.call('POST', '/v3/plant', { name: 'Fig' }, { authorization: `Bearer ${token}` })
    await app.call('POST', '/v3/plant', { name: 'Fig' }, { 'x-plant-store-client': 'cli' })
    const page = await json<ChangesPage>(await app.call('GET', '/v3/changes'))
    expect(page.changes.map((change) => change.by)).toEqual(['till-2', 'cli'])
  })

  it('keeps a named token\'s name as `by` on the changes of its import, marked `via: "import"`; its status words count as no sale', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Fig' })
    const { token } = await json<{ token: string }>(await app.call('POST', '/v3/tokens', { name: 'till-2', scope: 'read-write' }))
    const imported = await app.call(
      'POST',
      '/v3/import?dryRun=false',
      [
        { id: 1, status: 'sold' },
        { name: 'Oak', status: 'sold' }
      ],
      {
        authorization: `Bearer ${token}`
      }
    )
    expect(imported.status).toBe(200)
    const page = await json<ChangesPage>(await app.call('GET', '/v3/changes'))
    expect(page.changes.slice(1).map(({ by, via, type }) => ({ by, via, type }))).toEqual([
      { by: 'till-2', via: 'import', type: 'plant.added' },
      { by: 'till-2', via: 'import', type: 'plant.updated' }
    ])
    const today = shopDay(new Date(), computerTimeZone())
    const report = await json<SalesReport>(await app.call('GET', `/v3/reports/sales?from=${today}&to=${today}`))
    expect(report.totals.sold).toBe(0)
  })

  it('answers 400 naming a bad since or limit, and an unknown parameter', async () => {
    const app = await createTestApp()
    const response = await app.call('GET', '/v3/changes?since=-1&limit=0&from=3')
    expect(response.status).toBe(400)
    const body = await json<{ errors: { field: string }[] }>(response)
    expect(body.errors.map((error) => error.field).sort()).toEqual(['from', 'limit', 'since'])
  })
})

describe('GET /v3/plant/{id}/history', () => {
  it("pages one plant's changes oldest first, with before and after", async () => {
    const app = await createTestApp()
    const id = await addAndSell(app)
    await addAndSell(app)
    for (const status of ['available', 'pending', 'sold']) await app.call('PUT', '/v3/plant', { id, status })
    const newest = await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history?limit=2`))
    expect(newest.changes.map((change) => change.seq)).toEqual([6, 7])
    expect(newest.next).toBe(6)
    const older = await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history?limit=2&before=6`))
    expect(older.changes.map((change) => change.seq)).toEqual([2, 5])
    expect(older.next).toBe(2)
    const oldest = await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history?limit=2&before=2`))
    expect(oldest).toMatchObject({ next: null })
    expect(oldest.changes.map((change) => change.seq)).toEqual([1])
    await app.store.checkpoint()
    const forward = await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history?after=1&limit=3`))
    expect(forward.changes.map((change) => change.seq)).toEqual([2, 5, 6])
    expect(forward.next).toBe(6)
  })

  it('answers 404 for an id no plant ever had, and 400 for before with after', async () => {
    const app = await createTestApp()
    const id = await addAndSell(app)
    expect((await app.call('GET', `/v3/plant/${id + 1}/history`)).status).toBe(404)
    expect((await app.call('GET', `/v3/plant/${id}/history?before=2&after=1`)).status).toBe(400)
  })
})

describe('the change log through the shared client', () => {
  it('reads changes and a plant history, and says 410 with oldestSeq when a cursor is older than the kept history', async () => {
    let now = new Date('2026-10-30T10:00:00.000Z')
    const app = await createTestApp({ now: () => now })
    const id = await addAndSell(app)
    now = new Date('2026-11-02T10:00:00.000Z')
    await app.call('PUT', '/v3/plant', { id, status: 'available' })
    await app.call('PUT', '/v3/plant', { id, status: 'sold' })
    await app.store.checkpoint()
    const client = clientOf(app)
    expect((await client.plantHistory(id, { limit: 1 })).changes.map((change) => change.seq)).toEqual([4])
    // The owner prunes October's file: changes 1 and 2 are no longer kept.
    await rm(path.join(app.dir, 'history-2026-10.jsonl'))
    const restarted = await createTestApp({ dir: await reopen(app) })
    const client2 = clientOf(restarted)
    expect((await client2.changes(2)).changes.map((change) => change.seq)).toEqual([3, 4])
    const gone = await client2.changes(1).catch((error: unknown) => error)
    expect(gone).toBeInstanceOf(ApiError)
    expect((gone as ApiError).status).toBe(410)
    const body = await json<{ oldestSeq: number; type: string }>(await restarted.call('GET', '/v3/changes?since=1'))
    expect(body).toMatchObject({ oldestSeq: 3, type: 'urn:plant-store:problem:history-gone' })
    expect((await client2.changes(0)).changes.map((change) => change.seq)).toEqual([3, 4])
  })
})

async function reopen(app: TestApp): Promise<string> {
  await app.store.close()
  return app.dir
}

/** The shared client of the change log over `app`. */
function clientOf(app: TestApp) {
  return createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(app) })
}

describe('the change log of delete, restore, price and bulk calls', () => {
  it('logs a price change as a number, a delete, a restore and each plant of a bulk call, in the same journal lines', async () => {
    const app = await createTestApp()
    const id = await addAndSell(app)
    const other = (await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Fern', price: 4.5 }))).id
    await app.call('PUT', '/v3/plant', { id, price: 12.5 })
    await app.call('DELETE', `/v3/plant/${id}`)
    await app.call('POST', `/v3/plant/${id}/restore`)
    await app.call('POST', '/v3/plant/bulk', { ids: [id, other], changes: { status: 'pending' } })
    const page = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=2'))
    expect(page.changes.map((change) => [change.type, change.plantId])).toEqual([
      ['plant.added', other],
      ['plant.updated', id],
      ['plant.deleted', id],
      ['plant.restored', id],
      ['plant.updated', id],
      ['plant.updated', other]
    ])
    expect(page.changes[0]!.plant).toMatchObject({ name: 'Fern', price: 4.5 })
    expect(page.changes[1]!.changes).toEqual({ price: { from: null, to: 12.5 } })
    expect(page.changes[3]!.plant).toMatchObject({ id, price: 12.5, status: 'sold' })
    expect(page.changes[4]!.changes).toEqual({ status: { from: 'sold', to: 'pending' } })
    expect(JSON.stringify(page)).not.toMatch(/priceCents|deletedAt/)
    // A plant's own history reads the same after a checkpoint moved the entries to the history files.
    await app.store.checkpoint()
    const history = await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history`))
    expect(history.changes.map((change) => change.type)).toEqual([
      'plant.added',
      'plant.updated',
      'plant.updated',
      'plant.deleted',
      'plant.restored',
      'plant.updated'
    ])
  })
})

describe('the shared client reads the health', () => {
  it('as GET /v3/health answers it (the UI banner asks this way)', async () => {
    const app = await createTestApp()
    expect(await clientOf(app).health()).toEqual({ status: 'ok', problems: [], scope: 'owner' })
  })
})
