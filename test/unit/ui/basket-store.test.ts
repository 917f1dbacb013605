// @vitest-environment happy-dom
/**
 * The till's basket store against the real app (_real-api.ts): scans into lines, quantities, overrides and discounts,
 * the shared total, kept per window, sold once.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import type { Basket } from '#shared/basket'
import { asCents } from '#shared/money'
import type { Plant } from '#shared/plant'
import { BASKET_ID_KEY, shortageText, useBasketStore, windowBasketId } from '#renderer/stores/basket'
import { realApi, type RealApi } from './_real-api'

let client: ApiClient
let call: RealApi['call']
let basil: Plant
let fern: Plant

/** Adds a plant through the API and reads it back as the till's list shows it. */
async function added(plant: Parameters<ApiClient['addPlant']>[0]): Promise<Plant> {
  return client.getPlant((await client.addPlant(plant)).id)
}

beforeEach(async () => {
  setActivePinia(createPinia())
  sessionStorage.clear()
  ;({ client, call } = await realApi())
  basil = await added({ name: 'Basil', status: 'available', tags: [], price: 3.99, quantity: 10, category: 'Herbs' })
  fern = await added({ name: 'Fern', status: 'available', tags: [], price: 12.5 })
  vi.spyOn(client, 'putBasket')
  vi.spyOn(client, 'getBasket')
  vi.spyOn(client, 'deleteBasket')
  vi.spyOn(client, 'completeSale')
})

async function loaded() {
  const store = useBasketStore()
  await store.load('till-1')
  return store
}

/** The basket the server was last asked to keep. */
const lastKept = () => vi.mocked(client.putBasket).mock.calls.at(-1)?.[1]

describe('the basket store', () => {
  it('adds a pot per scan of a plant kept in stock, and a single plant once', async () => {
    const store = await loaded()
    expect(store.add(basil)).toBe('added')
    expect(store.add(basil)).toBe('more')
    expect(store.add(fern)).toBe('added')
    expect(store.add(fern)).toBe('already')
    expect(store.basket.lines.map((line) => [line.name, line.quantity, line.single])).toEqual([
      ['Basil', 2, false],
      ['Fern', 1, true]
    ])
    // The store's PUTs go one after another: the last is sent once the server answered the others.
    await expect.poll(() => lastKept()?.lines).toHaveLength(2)
  })

  it('prices the basket at once with the shared arithmetic: quantities, overrides, line and basket discounts, tax', async () => {
    const settings = { pricesIncludeTax: false, taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }], categoryTaxRates: { Herbs: 'reduced' } }
    expect((await call('PUT', '/v3/settings/sales', settings)).status).toBe(200)
    const store = await loaded()
    store.add(basil)
    store.add(fern)
    await store.setQuantity(0, 3) // 11.97
    await store.overridePrice(1, 1000, 'price match') // 10.00
    await store.discount(0, { amount: 97, reason: 'regular' }) // 11.00
    await store.discount(undefined, { amount: 100, reason: 'loyalty' }) // shared 52/48
    expect(store.priced.ok).toBe(true)
    if (!store.priced.ok) return
    const { totals } = store.priced
    expect(totals.gross).toBe(1197 + 1000)
    expect(totals.discounts).toBe(197)
    // Only the basil is taxed (7 % added on 11.00 − its 52 share of the basket discount = 10.48 → 0.73).
    expect(totals.tax).toBe(73)
    expect(store.due).toBe(2000 + 73)
    expect(lastKept()?.discount).toEqual({ amount: 100, reason: 'loyalty' })
  })

  it('removes a line, and keeps a single plant at one pot', async () => {
    const store = await loaded()
    store.add(basil)
    store.add(fern)
    await store.setQuantity(1, 4)
    expect(store.basket.lines[1]!.quantity).toBe(1)
    await store.remove(0)
    expect(store.basket.lines.map((line) => line.name)).toEqual(['Fern'])
    expect(lastKept()?.lines.map((line) => line.name)).toEqual(['Fern'])
  })

  it('says a plant without a price stops the total, naming it', async () => {
    const store = await loaded()
    store.add(await added({ name: 'Mystery', status: 'available', tags: [] }))
    expect(store.priced.ok).toBe(false)
    if (!store.priced.ok) expect(store.priced.errors[0]!.message).toContain('"Mystery") has no price')
  })

  it("brings back the basket kept under this window's id after a reload", async () => {
    const kept: Basket = { idempotencyKey: 'k-1', lines: [{ plantId: 1, name: 'Basil', single: false, quantity: 2, price: asCents(399) }] }
    await client.putBasket('till-1', kept)
    const store = await loaded()
    expect(client.getBasket).toHaveBeenCalledWith('till-1')
    expect(store.basket).toEqual(kept)
    expect(store.due).toBe(798)
  })

  it('reads back a change made just before it loads (the till card adds, then the Till view loads): none is lost', async () => {
    const store = await loaded()
    store.add(fern)
    await expect.poll(async () => (await client.getBasket('till-1'))?.lines).toHaveLength(1)
    // The server takes its time with the next PUT: the load must wait for it rather than read the older basket.
    let answer: () => void = () => undefined
    const put = vi.mocked(client.putBasket)
    put.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (answer = resolve))
      return put(...args) // the spy's own implementation once this one is used up: the real PUT
    })
    store.add(basil)
    const loading = store.load('till-1')
    await expect.poll(() => put.mock.calls.length).toBe(2)
    answer()
    await loading
    expect(store.basket.lines.map((line) => line.name)).toEqual(['Fern', 'Basil'])
  })

  it('keeps one basket id per window in sessionStorage', () => {
    const first = windowBasketId()
    expect(sessionStorage.getItem(BASKET_ID_KEY)).toBe(first)
    expect(windowBasketId()).toBe(first)
  })

  it("completes a sale once for a double click, with the basket's key, and starts a new basket", async () => {
    const store = await loaded()
    store.add(basil)
    const key = store.basket.idempotencyKey
    const payments = [{ method: 'cash' as const, amount: 399, given: 500 }]
    const [a, b] = await Promise.all([store.complete(payments), store.complete(payments)])
    expect(a).toMatchObject({ receipt: 1 })
    expect(b).toBe(a)
    expect(client.completeSale).toHaveBeenCalledTimes(1)
    expect(client.completeSale).toHaveBeenCalledWith({ lines: [{ plantId: 1, quantity: 1 }], payments }, { idempotencyKey: key })
    expect(store.basket.lines).toEqual([])
    expect(store.basket.idempotencyKey).not.toBe(key)
    expect(client.deleteBasket).toHaveBeenCalledWith('till-1')
  })

  it('retries a failed sale with the same key, so the server sells once', async () => {
    const store = await loaded()
    store.add(basil)
    const key = store.basket.idempotencyKey
    vi.mocked(client.completeSale).mockRejectedValueOnce(new Error('offline'))
    await expect(store.complete([{ method: 'card', amount: 399 }])).rejects.toThrow('offline')
    expect(store.basket.lines).toHaveLength(1)
    expect(await store.complete([{ method: 'card', amount: 399 }])).toMatchObject({ receipt: 1 })
    expect(vi.mocked(client.completeSale).mock.calls.map((call) => call[1]?.idempotencyKey)).toEqual([key, key])
  })

  it('says at once that a line asks for more pots than are in stock, and a count at the till clears it', async () => {
    const store = await loaded()
    const ivy = await added({ name: 'Ivy', status: 'available', tags: [], price: 4, quantity: 0 })
    expect(store.addWithWords(ivy)).toBe('Added Ivy, but none in stock: count it if the shelf holds more.')
    expect(store.shortages).toEqual([{ plantId: ivy.id, name: 'Ivy', asked: 1, onHand: 0 }])
    expect(shortageText(store.shortages[0]!)).toBe('Ivy: 1 asked, none in stock. Count it if the shelf holds more, or take pots off.')
    await store.countStock(ivy.id, 1)
    expect((await client.getPlant(ivy.id)).quantity).toBe(1)
    expect(store.shortages).toEqual([])
    // Fewer than asked is short too: 2 pots of a line with 1.
    await store.setQuantity(0, 2)
    expect(store.shortages).toEqual([{ plantId: ivy.id, name: 'Ivy', asked: 2, onHand: 1 }])
    expect(store.addWithWords(basil)).toBe('Added Basil.')
  })

  it('reads what the lines have on hand when a kept basket comes back, and again when a sale is refused for stock', async () => {
    await client.putBasket('till-1', {
      idempotencyKey: 'k-2',
      lines: [{ plantId: basil.id, name: 'Basil', single: false, quantity: 4, price: asCents(399) }]
    })
    await client.moveStock(basil.id, { count: 3, reason: 'counted' })
    const store = await loaded()
    expect(store.shortages).toEqual([{ plantId: basil.id, name: 'Basil', asked: 4, onHand: 3 }])
    await store.setQuantity(0, 3)
    expect(store.shortages).toEqual([])
    // Another till sells two meanwhile: Pay is refused, and the basket says which line is short now.
    await client.moveStock(basil.id, { change: -2, reason: 'sold' })
    await expect(store.complete([{ method: 'card', amount: 1197 }])).rejects.toThrow(/in stock/)
    expect(store.shortages).toEqual([{ plantId: basil.id, name: 'Basil', asked: 3, onHand: 1 }])
  })
})
