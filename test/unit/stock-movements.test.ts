/** The store's stock movements: one journal line per call, all or nothing, the status following the stock. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { PlantsNotEditableError } from '#store/catalogue/plant-edits'
import { IdempotencyKeyReusedError, VersionConflictError } from '#store/catalogue/preconditions'
import { journalFileName } from '#store/journal/journal'
import { StockRefusedError } from '#store/stock/stock-errors'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

async function openStore() {
  const { store, dir } = await openTestStore()
  return { dir, store }
}

/** The journal's lines, parsed. */
async function journalLines(dir: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(dir, journalFileName(1)), 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('stock movements', () => {
  it('moves many plants in ONE journal line holding the plants, their entries with stock and the caller record', async () => {
    const { dir, store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    await store.add({ name: 'Fern', quantity: 2 }, CLI_ACTOR)
    const before = (await journalLines(dir)).length
    const outcome = await store.stock.move(
      {
        lines: [
          { id: 1, change: -3, reason: 'sold' },
          { id: 2, change: -2, reason: 'sold' }
        ],
        attach: (movements, at) => [{ kind: 'sale', at, lines: movements.map((movement) => movement.plantId) }]
      },
      CLI_ACTOR
    )
    expect(outcome.movements).toEqual([
      { seq: 3, plantId: 1, reason: 'sold', change: -3, from: 40, to: 37 },
      { seq: 4, plantId: 2, reason: 'sold', change: -2, from: 2, to: 0 }
    ])
    expect(outcome.plants.map((plant) => [plant.quantity, plant.status])).toEqual([
      [37, 'available'],
      [0, 'sold']
    ])
    const lines = await journalLines(dir)
    expect(lines.length).toBe(before + 1)
    const line = lines.at(-1)!
    expect((line.plants as { id: number }[]).map((plant) => plant.id)).toEqual([1, 2])
    expect(line.history).toEqual([
      expect.objectContaining({ seq: 3, type: 'plant.updated', stock: { reason: 'sold', change: -3 }, changes: { quantity: { from: 40, to: 37 } } }),
      expect.objectContaining({
        seq: 4,
        stock: { reason: 'sold', change: -2 },
        changes: { quantity: { from: 2, to: 0 }, status: { from: 'available', to: 'sold' } }
      })
    ])
    expect(line.records).toEqual([{ kind: 'sale', at: expect.any(String), lines: [1, 2] }])
    await store.close()
  })

  it('refuses the whole call when one line would go below zero, naming what is on hand; nothing changes', async () => {
    const { dir, store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    await store.add({ name: 'Fern', quantity: 2 }, CLI_ACTOR)
    const lines = (await journalLines(dir)).length
    const refusal = await store.stock
      .move(
        {
          lines: [
            { id: 1, change: -1, reason: 'sold' },
            { id: 2, change: -1, reason: 'sold' },
            { id: 2, change: -2, reason: 'sold' }
          ]
        },
        CLI_ACTOR
      )
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(StockRefusedError)
    expect(refusal).toMatchObject({ kind: 'not-enough', onHand: 1, change: -2, plant: { id: 2 } })
    expect(store.get(1)).toMatchObject({ quantity: 40, version: 1 })
    expect(store.get(2)).toMatchObject({ quantity: 2, version: 1 })
    expect((await journalLines(dir)).length).toBe(lines)
    await store.close()
  })

  it('keeps pending, turns a sold line available on receipt, and lets a count set any number', async () => {
    const { store } = await openStore()
    await store.add({ name: 'Reserved', quantity: 1, status: 'pending' }, CLI_ACTOR)
    await store.add({ name: 'Sold out', quantity: 0 }, CLI_ACTOR)
    expect(store.get(2)?.status).toBe('sold') // added with nothing on hand
    await store.stock.move({ lines: [{ id: 1, change: -1, reason: 'sold' }] }, CLI_ACTOR)
    expect(store.get(1)).toMatchObject({ quantity: 0, status: 'pending' })
    await store.stock.move({ lines: [{ id: 2, change: 12, reason: 'received' }] }, CLI_ACTOR)
    expect(store.get(2)).toMatchObject({ quantity: 12, status: 'available' })
    await store.stock.move({ lines: [{ id: 2, count: 0, reason: 'counted' }] }, CLI_ACTOR)
    expect(store.get(2)).toMatchObject({ quantity: 0, status: 'sold' })
    await store.close()
  })

  it('sells and takes back a single plant as one pot (its status moves, it stays single), in a basket with a line', async () => {
    const { dir, store } = await openStore()
    await store.add({ name: 'Single', price: 30 }, CLI_ACTOR)
    await store.add({ name: 'Lavender', quantity: 5 }, CLI_ACTOR)
    const sale = await store.stock.move(
      {
        lines: [
          { id: 1, change: -1, reason: 'sold' },
          { id: 2, change: -2, reason: 'sold' }
        ]
      },
      CLI_ACTOR
    )
    expect(sale.movements.map((movement) => [movement.plantId, movement.from, movement.to])).toEqual([
      [1, 1, 0],
      [2, 5, 3]
    ])
    expect(store.get(1)).toMatchObject({ status: 'sold', version: 2 })
    expect(store.get(1)).not.toHaveProperty('quantity')
    expect((await journalLines(dir)).at(-1)!.history).toEqual([
      expect.objectContaining({
        plantId: 1,
        changes: { status: { from: 'available', to: 'sold' } },
        stock: { reason: 'sold', change: -1 },
        sale: { price: 30 }
      }),
      expect.objectContaining({ plantId: 2, stock: { reason: 'sold', change: -2 } })
    ])
    await expect(store.stock.move({ lines: [{ id: 1, change: -1, reason: 'sold' }] }, CLI_ACTOR)).rejects.toMatchObject({
      kind: 'not-enough',
      onHand: 0
    })
    await store.stock.move({ lines: [{ id: 1, change: 1, reason: 'returned' }] }, CLI_ACTOR)
    expect(store.get(1)).toMatchObject({ status: 'available' })
    await expect(store.stock.move({ lines: [{ id: 1, change: 1, reason: 'returned' }] }, CLI_ACTOR)).rejects.toMatchObject({
      kind: 'not-kept',
      onHand: 1
    })
    await expect(store.stock.move({ lines: [{ id: 1, change: -2, reason: 'sold' }] }, CLI_ACTOR)).rejects.toMatchObject({
      kind: 'not-enough',
      onHand: 1
    })
    const day = new Date().toISOString().slice(0, 10)
    expect((await store.history.dailySales('UTC'))[day]).toEqual({ '': [3, 1, 30] })
    await store.close()
  })

  it('refuses pots written off from a plant that keeps no stock, but lets one start by receiving', async () => {
    const { store } = await openStore()
    await store.add({ name: 'Single' }, CLI_ACTOR)
    await expect(store.stock.move({ lines: [{ id: 1, change: -1, reason: 'written-off' }] }, CLI_ACTOR)).rejects.toMatchObject({ kind: 'not-kept' })
    const outcome = await store.stock.move({ lines: [{ id: 1, change: 5, reason: 'received' }] }, CLI_ACTOR)
    expect(outcome.movements[0]).toMatchObject({ from: 0, to: 5, change: 5 })
    await expect(store.stock.move({ lines: [{ id: 1, change: 1_000_000, reason: 'received' }] }, CLI_ACTOR)).rejects.toMatchObject({
      kind: 'too-much'
    })
    await store.close()
  })

  it('answers a retried call with the same key as the first one did, moving nothing again', async () => {
    const { store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    const idempotency = { by: 'till', key: 'sale-1' }
    const request = { lines: [{ id: 1, change: -1, reason: 'sold' as const }], idempotency }
    const [first, second] = await Promise.all([store.stock.move(request, CLI_ACTOR), store.stock.move(request, CLI_ACTOR)])
    const third = await store.stock.move(request, CLI_ACTOR)
    expect(first.replayed).toBe(false)
    expect([second.replayed, third.replayed]).toEqual([true, true])
    expect(third.movements).toEqual(first.movements)
    expect(store.get(1)?.quantity).toBe(39)
    const other = store.stock.move({ lines: [{ id: 1, change: -2, reason: 'sold' }], idempotency }, CLI_ACTOR)
    await expect(other).rejects.toBeInstanceOf(IdempotencyKeyReusedError)
    await expect(store.add({ name: 'x' }, CLI_ACTOR)).resolves.toBeDefined()
    await store.close()
  })

  it('checks If-Match and per-line versions, and unknown or deleted plants, before moving anything', async () => {
    const { store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    await store.add({ name: 'Gone', quantity: 1 }, CLI_ACTOR)
    await store.edits.delete(2, CLI_ACTOR)
    await expect(store.stock.move({ lines: [{ id: 1, change: -1, reason: 'sold' }], condition: { ifVersion: 7 } }, CLI_ACTOR)).rejects.toBeInstanceOf(
      VersionConflictError
    )
    await expect(store.stock.move({ lines: [{ id: 1, change: -1, reason: 'sold', version: 9 }] }, CLI_ACTOR)).rejects.toBeInstanceOf(
      VersionConflictError
    )
    const unknown = await store.stock
      .move(
        {
          lines: [
            { id: 1, change: -1, reason: 'sold' },
            { id: 2, change: -1, reason: 'sold' },
            { id: 9, count: 1, reason: 'counted' }
          ]
        },
        CLI_ACTOR
      )
      .catch((error: unknown) => error)
    expect(unknown).toBeInstanceOf(PlantsNotEditableError)
    expect((unknown as PlantsNotEditableError).ids).toEqual([2, 9])
    expect(store.get(1)).toMatchObject({ quantity: 40, version: 1 })
    await store.close()
  })

  it('counts that find what was recorded move nothing and are reported as unchanged', async () => {
    const { store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    await store.add({ name: 'Fern', quantity: 3 }, CLI_ACTOR)
    const outcome = await store.stock.move(
      {
        lines: [
          { id: 1, count: 40, reason: 'counted' },
          { id: 2, count: 5, reason: 'counted', note: 'found behind the greenhouse' }
        ]
      },
      CLI_ACTOR
    )
    expect(outcome).toMatchObject({ unchanged: 1, movements: [{ plantId: 2, change: 2, reason: 'counted', note: 'found behind the greenhouse' }] })
    expect(store.get(1)?.version).toBe(1)
    await store.close()
  })

  it('is replayed after a restart: the quantity and the movement in the change log survive', async () => {
    const { dir, store } = await openStore()
    await store.add({ name: 'Lavender', quantity: 40 }, CLI_ACTOR)
    await store.stock.move({ lines: [{ id: 1, change: -3, reason: 'written-off', note: 'frost damage' }] }, CLI_ACTOR)
    await store.close()
    const reopened = await ShopStore.open({ dir })
    expect(reopened.get(1)).toMatchObject({ quantity: 37, status: 'available', version: 2 })
    const { entries } = await reopened.history.ofPlant(1, { limit: 10 })
    expect(entries.at(-1)).toMatchObject({ stock: { reason: 'written-off', change: -3, note: 'frost damage' } })
    expect(await reopened.history.dailyWriteOffs('UTC')).toEqual({ [entries.at(-1)!.at.slice(0, 10)]: { 'frost damage': 3 } })
    await reopened.close()
  })
})
