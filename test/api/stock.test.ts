/** Stock over HTTP: each rule of the status following the stock, refusals that change nothing, the stock-take. */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PlantHistoryPage } from '#shared/history'
import { PROBLEM_TYPES } from '#shared/problem'
import type { BulkStockAnswer, StockAnswer } from '#shared/stock'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { createTestApp, type TestApp } from '#setup/in-process'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** Adds a plant line; resolves with its id. */
async function addLine(app: TestApp, fields: Record<string, unknown>): Promise<number> {
  const response = await app.call('POST', '/v3/plant', { name: 'Lavender', ...fields })
  expect(response.status).toBe(200)
  return (await json<{ id: number }>(response)).id
}

const move = (app: TestApp, id: number, body: unknown, headers?: Record<string, string>) => app.call('POST', `/v3/plant/${id}/stock`, body, headers)
const full = async (app: TestApp, id: number) => json<Record<string, unknown>>(await app.call('GET', `/v3/plant/${id}`))

/** Every byte the data folder's journals hold: a refused call must leave them as they were. */
async function journalBytes(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort()
  return (await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')))).join('')
}

describe('quantity on add and update', () => {
  it('is accepted like price, never in the contract answer, returned by the full-plant reads', async () => {
    const app = await createTestApp()
    const added = await app.call('POST', '/v3/plant', { name: 'Lavender', quantity: 40, reorderAt: 5 })
    expect(await added.json()).toEqual({ id: 1, name: 'Lavender', status: 'available', tags: [] })
    expect(await full(app, 1)).toMatchObject({ quantity: 40, reorderAt: 5 })
    expect((await json<unknown[]>(await app.call('GET', '/v3/plant')))[0]).toMatchObject({ quantity: 40 })
    const updated = await app.call('PUT', '/v3/plant', { id: 1, quantity: 37 })
    expect(await updated.json()).toEqual({ id: 1, name: 'Lavender', status: 'available', tags: [] })
    expect(await json<unknown[]>(await app.call('GET', '/v3/plant/search/status'))).toEqual([
      { id: 1, name: 'Lavender', status: 'available', tags: [] }
    ])
    const history = await json<PlantHistoryPage>(await app.call('GET', '/v3/plant/1/history'))
    expect(history.changes.at(-1)).toMatchObject({ stock: { reason: 'counted', change: -3 }, changes: { quantity: { from: 40, to: 37 } } })
  })

  it.each([-1, 2.5, 1_000_001, '40', true])('refuses quantity %j (405 on add, 400 on update), naming the field', async (quantity) => {
    const app = await createTestApp()
    const add = await app.call('POST', '/v3/plant', { name: 'x', quantity })
    expect(add.status).toBe(405)
    expect((await json<{ errors: unknown[] }>(add)).errors).toEqual([
      { field: 'quantity', message: expect.stringMatching(/whole number of pots|cannot be below 0/) }
    ])
    await addLine(app, { quantity: 3 })
    expect((await app.call('PUT', '/v3/plant', { id: 1, reorderAt: quantity })).status).toBe(400)
    expect(await full(app, 1)).toMatchObject({ quantity: 3, version: 1 })
  })

  it('null stops keeping stock: the plant is a single plant again', async () => {
    const app = await createTestApp()
    await addLine(app, { quantity: 3, reorderAt: 1 })
    expect((await app.call('PUT', '/v3/plant', { id: 1, quantity: null, reorderAt: null })).status).toBe(200)
    expect(await full(app, 1)).not.toHaveProperty('quantity')
  })
})

describe('the status follows the stock', () => {
  it('selling the last one sets sold', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 1 })
    const response = await move(app, id, { change: -1, reason: 'sold' })
    expect(response.status).toBe(200)
    const answer = await json<StockAnswer>(response)
    expect(answer.plant).toMatchObject({ quantity: 0, status: 'sold', version: 2 })
    expect(answer.movement).toEqual({ seq: 2, plantId: id, reason: 'sold', change: -1, from: 1, to: 0 })
    expect(response.headers.get('etag')).toBe(`"${id}-2"`)
  })

  it('receiving stock on a sold line sets available', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 0 })
    expect(await full(app, id)).toMatchObject({ status: 'sold' })
    const answer = await json<StockAnswer>(await move(app, id, { change: 40, reason: 'received' }))
    expect(answer.plant).toMatchObject({ quantity: 40, status: 'available' })
  })

  it('pending is kept while stock moves', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 2, status: 'pending' })
    await move(app, id, { change: -2, reason: 'sold' })
    expect(await full(app, id)).toMatchObject({ quantity: 0, status: 'pending' })
    await move(app, id, { change: 5, reason: 'received' })
    expect(await full(app, id)).toMatchObject({ quantity: 5, status: 'pending' })
  })

  it("the contract's PUT with a status sets it as asked and leaves the quantity alone", async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 40 })
    const sold = await app.call('PUT', '/v3/plant', { id, status: 'sold' })
    expect(await sold.json()).toEqual({ id, name: 'Lavender', status: 'sold', tags: [] })
    expect(await full(app, id)).toMatchObject({ quantity: 40, status: 'sold' })
    await app.call('PUT', '/v3/plant', { id, status: 'available', quantity: 0 })
    expect(await full(app, id)).toMatchObject({ quantity: 0, status: 'available' })
  })
})

describe('refusals change nothing', () => {
  it('a sale past zero is 409 saying how many there are; plant, journal and history stay as they were', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 2 })
    const before = await journalBytes(app.dir)
    const response = await move(app, id, { change: -3, reason: 'sold' })
    expect(response.status).toBe(409)
    const problem = await json<Record<string, unknown>>(response)
    expect(problem).toMatchObject({ type: PROBLEM_TYPES.notEnoughStock, plantId: id, onHand: 2 })
    expect(problem.detail).toBe(
      `Plant ${id} ("Lavender") has 2 in stock; a sale of 3 would take it below zero. Nothing was changed. ` +
        `If the shelf holds more than that, count it first: POST /v3/plant/${id}/stock {"count": N, "reason": "counted"}.`
    )
    expect(await full(app, id)).toMatchObject({ quantity: 2, version: 1 })
    expect(await journalBytes(app.dir)).toBe(before)
    expect((await json<PlantHistoryPage>(await app.call('GET', `/v3/plant/${id}/history`))).changes).toHaveLength(1)
  })

  it('a count is a correction: it sets the number found, lower or higher', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 2 })
    const answer = await json<StockAnswer>(await move(app, id, { count: 7, reason: 'counted', note: 'found a tray' }))
    expect(answer.movement).toMatchObject({ reason: 'counted', change: 5, from: 2, to: 7, note: 'found a tray' })
  })

  it('sells a single plant as one pot (it becomes sold, keeping no count); pots written off from it are 409 "keeps no stock"', async () => {
    const app = await createTestApp()
    const id = await addLine(app, {})
    const writeOff = await move(app, id, { change: -1, reason: 'written-off' })
    expect(writeOff.status).toBe(409)
    expect(await json<Record<string, unknown>>(writeOff)).toMatchObject({ type: PROBLEM_TYPES.noStockKept, plantId: id, onHand: 1 })
    const sold = await json<StockAnswer>(await move(app, id, { change: -1, reason: 'sold' }))
    expect(sold.movement).toMatchObject({ from: 1, to: 0, change: -1 })
    expect(sold.plant.status).toBe('sold')
    expect(sold.plant).not.toHaveProperty('quantity')
    const again = await move(app, id, { change: -1, reason: 'sold' })
    expect(again.status).toBe(409)
    expect((await json<{ detail: string }>(again)).detail).toBe(
      `Plant ${id} ("Lavender") has 0 in stock; a sale of 1 would take it below zero. Nothing was changed. It is a single plant (no stock count), sold already.`
    )
  })

  it.each([
    [{ change: 1, reason: 'sold' }, 'change', /a sale takes pots away: change must be below 0/],
    [{ change: -4, reason: 'received' }, 'change', /received adds pots/],
    [{ change: 0, reason: 'written-off' }, 'change', /not 0/],
    [{ count: -1, reason: 'counted' }, 'count', /from 0 to 1,000,000/],
    [{ change: -1, reason: 'counted' }, 'change', /a count gives count/],
    [{ count: 3, reason: 'sold' }, 'count', /count goes with reason counted/],
    [{ change: -1 }, 'reason', /reason is missing/],
    [{ count: 3, reason: 'imported' }, 'reason', /set by an import/],
    [{ change: -1, reason: 'sold', colour: 'red' }, 'colour', /unknown field "colour"/],
    [{ change: -1, reason: 'written-off', note: ' ' }, 'note', /blank/]
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 5 })
    const response = await move(app, id, body)
    expect(response.status).toBe(400)
    const problem = await json<{ detail: string; errors: { field: string; message: string }[] }>(response)
    expect(problem.errors).toContainEqual({ field, message: expect.stringMatching(message) })
    expect(problem.detail).toMatch(/^The stock was not moved: /)
    expect(await full(app, id)).toMatchObject({ quantity: 5, version: 1 })
  })

  it('honours If-Match (412) and answers 404 for no plant or a deleted one', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 5 })
    expect((await move(app, id, { change: -1, reason: 'sold' }, { 'if-match': `"${id}-9"` })).status).toBe(412)
    expect((await move(app, id, { change: -1, reason: 'sold' }, { 'if-match': `"${id}-1"` })).status).toBe(200)
    expect((await move(app, 99, { change: -1, reason: 'sold' })).status).toBe(404)
    await app.call('DELETE', `/v3/plant/${id}`)
    expect((await move(app, id, { change: 1, reason: 'received' })).status).toBe(404)
  })

  it('honours Idempotency-Key: a retried sale answers the same and sells nothing more; another body with the key is 422', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 5 })
    const key = { 'idempotency-key': '"sale-7f3a"' }
    const first = await move(app, id, { change: -1, reason: 'sold' }, key)
    const again = await move(app, id, { change: -1, reason: 'sold' }, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    expect(await full(app, id)).toMatchObject({ quantity: 4 })
    const other = await move(app, id, { change: -2, reason: 'sold' }, key)
    expect(other.status).toBe(422)
    expect((await json<{ detail: string }>(other)).detail).toMatch(/already used for a different call \(the one that moved the stock of plant 1\)/)
  })

  it('read-only tokens read the stock and its report but move nothing (403)', async () => {
    const app = await createTestApp()
    const id = await addLine(app, { quantity: 5 })
    const { token } = await json<{ token: string }>(await app.call('POST', '/v3/tokens', { name: 'shelf', scope: 'read-only' }))
    const bearer = { authorization: `Bearer ${token}` }
    expect((await app.call('GET', '/v3/reports/stock', undefined, bearer)).status).toBe(200)
    expect((await app.call('GET', '/v3/plant?lowStock=true', undefined, bearer)).status).toBe(200)
    expect((await move(app, id, { change: -1, reason: 'sold' }, bearer)).status).toBe(403)
    expect((await app.call('POST', '/v3/plant/bulk/stock', { movements: [{ id, count: 1, reason: 'counted' }] }, bearer)).status).toBe(403)
    expect(await full(app, id)).toMatchObject({ quantity: 5, version: 1 })
  })
})

describe('the stock-take (bulk)', () => {
  it('applies every count in one journal line, announced once; counts that match change nothing', async () => {
    const app = await createTestApp()
    for (const quantity of [40, 3, 12]) await addLine(app, { quantity })
    const seen: string[] = []
    app.store.onChange((change) => seen.push(change.type))
    const linesBefore = (await journalBytes(app.dir)).split('\n').length
    const movements = [
      { id: 1, count: 37, reason: 'counted' },
      { id: 2, count: 3, reason: 'counted' },
      { id: 3, count: 0, reason: 'counted' }
    ]
    const response = await app.call('POST', '/v3/plant/bulk/stock', { movements })
    expect(response.status).toBe(200)
    const answer = await json<BulkStockAnswer>(response)
    expect(answer.unchanged).toBe(1)
    expect(answer.movements.map((movement) => [movement.plantId, movement.change])).toEqual([
      [1, -3],
      [3, -12]
    ])
    expect(answer.plants.map((plant) => [plant.id, plant.quantity, plant.status])).toEqual([
      [1, 37, 'available'],
      [2, 3, 'available'],
      [3, 0, 'sold']
    ])
    expect((await journalBytes(app.dir)).split('\n').length).toBe(linesBefore + 1)
    expect(seen).toEqual(['plants.changed'])
  })

  it('is all or nothing: one line past zero, one unknown plant or one bad line refuses every line', async () => {
    const app = await createTestApp()
    await addLine(app, { quantity: 40 })
    await addLine(app, { quantity: 1 })
    const before = await journalBytes(app.dir)
    const take = (movements: unknown[]) => app.call('POST', '/v3/plant/bulk/stock', { movements })
    expect(
      (
        await take([
          { id: 1, count: 30, reason: 'counted' },
          { id: 2, change: -2, reason: 'sold' }
        ])
      ).status
    ).toBe(409)
    const unknown = await take([
      { id: 1, count: 30, reason: 'counted' },
      { id: 77, count: 1, reason: 'counted' }
    ])
    expect(unknown.status).toBe(404)
    expect((await json<{ detail: string }>(unknown)).detail).toMatch(/There is no plant 77/)
    const invalid = await take([{ id: 1, count: 30, reason: 'counted' }, { id: 2 }])
    expect(invalid.status).toBe(400)
    expect((await json<{ errors: { field: string }[] }>(invalid)).errors.map((error) => error.field)).toEqual(['movements[1].reason'])
    expect(await journalBytes(app.dir)).toBe(before)
    expect([(await full(app, 1)).quantity, (await full(app, 2)).quantity]).toEqual([40, 1])
  })
})

describe('low stock and the stock report', () => {
  it('lists lines at or below their reorder level (at 0 without one), and reports pots, low stock and write-offs by reason', async () => {
    const app = await createTestApp()
    await addLine(app, { name: 'Lavender', quantity: 40, reorderAt: 10 })
    await addLine(app, { name: 'Fern', quantity: 4, reorderAt: 5 })
    await addLine(app, { name: 'Moss', quantity: 1 })
    await addLine(app, { name: 'Single oak' })
    await move(app, 1, { change: -3, reason: 'written-off', note: 'frost damage' })
    await move(app, 3, { change: -1, reason: 'written-off', note: 'frost damage' })
    await move(app, 2, { change: -1, reason: 'written-off' })
    const low = await json<{ id: number }[]>(await app.call('GET', '/v3/plant?lowStock=true&sort=quantity'))
    expect(low.map((plant) => plant.id)).toEqual([3, 2])
    const stocked = await json<{ id: number }[]>(await app.call('GET', '/v3/plant?stocked=true&sort=name'))
    expect(stocked.map((plant) => plant.id)).toEqual([2, 1, 3]) // by name: Fern, Lavender, Moss; never the single oak
    expect((await app.call('GET', '/v3/plant?lowStock=maybe')).status).toBe(400)
    const month = shopDay(new Date(), computerTimeZone()).slice(0, 7) // the shop's month: by default the computer's zone
    const report = await json<Record<string, unknown>>(await app.call('GET', `/v3/reports/stock?month=${month}`))
    expect(report).toEqual({
      month,
      stockAt: expect.any(String),
      moved: { 'written-off': -5 },
      lines: 3,
      potsOnHand: 37 + 3,
      lowStock: [
        { id: 3, name: 'Moss', quantity: 0 },
        { id: 2, name: 'Fern', quantity: 3, reorderAt: 5 }
      ],
      writtenOff: {
        pots: 5,
        reasons: [
          { reason: 'frost damage', pots: 4 },
          { reason: '', pots: 1 }
        ]
      }
    })
    const other = await json<{ writtenOff: unknown }>(await app.call('GET', '/v3/reports/stock?month=1999-01'))
    expect(other.writtenOff).toEqual({ pots: 0, reasons: [] })
    expect((await app.call('GET', '/v3/reports/stock?month=2026-13')).status).toBe(400)
  })

  it('counts pots sold and returned in the sales report, and a write-off of the last pot as no sale', async () => {
    const app = await createTestApp()
    await addLine(app, { quantity: 10, price: 4.5, category: 'Herbs' })
    await addLine(app, { name: 'Moss', quantity: 1 })
    await move(app, 1, { change: -3, reason: 'sold' })
    await move(app, 1, { change: 1, reason: 'returned' })
    await move(app, 2, { change: -1, reason: 'written-off' })
    const day = shopDay(new Date(), computerTimeZone())
    const report = await json<{ totals: unknown }>(await app.call('GET', `/v3/reports/sales?from=${day}&to=${day}`))
    expect(report.totals).toEqual({ sold: 3, returned: 1, net: 2, total: 13.5 })
  })
})
