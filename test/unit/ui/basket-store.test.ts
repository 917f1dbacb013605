// @vitest-environment happy-dom
/** The till's basket store: scans into lines, quantities, overrides and discounts, the shared total, kept per window, sold once. */
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Basket } from '#shared/basket'
import { asCents } from '#shared/money'
import type { Sale } from '#shared/sale'
import { useApiClient } from '#renderer/api'
import { BASKET_ID_KEY, useBasketStore, windowBasketId } from '#renderer/stores/basket'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi
const basil = plant({ id: 1, name: 'Basil', price: 3.99, quantity: 10, category: 'Herbs' })
const fern = plant({ id: 2, name: 'Fern', price: 12.5 })

beforeEach(() => {
  setActivePinia(createPinia())
  sessionStorage.clear()
  api = fakeApi([basil, fern])
  useApiClient(api.client)
})

async function loaded() {
  const store = useBasketStore()
  await store.load('till-1')
  return store
}

/** The basket the server was last asked to keep. */
const lastKept = () => vi.mocked(api.client.putBasket).mock.calls.at(-1)?.[1]

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
    await flushPromises()
    expect(lastKept()?.lines).toHaveLength(2)
  })

  it('prices the basket at once with the shared arithmetic: quantities, overrides, line and basket discounts, tax', async () => {
    vi.mocked(api.client.salesSettings).mockResolvedValue({
      pricesIncludeTax: false,
      taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
      categoryTaxRates: { Herbs: 'reduced' }
    })
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
    store.add(plant({ id: 3, name: 'Mystery' }))
    expect(store.priced.ok).toBe(false)
    if (!store.priced.ok) expect(store.priced.errors[0]!.message).toContain('"Mystery") has no price')
  })

  it("brings back the basket kept under this window's id after a reload", async () => {
    const kept: Basket = { idempotencyKey: 'k-1', lines: [{ plantId: 1, name: 'Basil', single: false, quantity: 2, price: asCents(399) }] }
    vi.mocked(api.client.getBasket).mockResolvedValue(kept)
    const store = await loaded()
    expect(api.client.getBasket).toHaveBeenCalledWith('till-1')
    expect(store.basket).toEqual(kept)
    expect(store.due).toBe(798)
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
    const sale = { receipt: 1 } as Sale
    vi.mocked(api.client.completeSale).mockResolvedValue(sale)
    const payments = [{ method: 'cash' as const, amount: 399, given: 500 }]
    const [a, b] = await Promise.all([store.complete(payments), store.complete(payments)])
    expect(a).toBe(sale)
    expect(b).toBe(sale)
    expect(api.client.completeSale).toHaveBeenCalledTimes(1)
    expect(api.client.completeSale).toHaveBeenCalledWith({ lines: [{ plantId: 1, quantity: 1 }], payments }, { idempotencyKey: key })
    expect(store.basket.lines).toEqual([])
    expect(store.basket.idempotencyKey).not.toBe(key)
    expect(api.client.deleteBasket).toHaveBeenCalledWith('till-1')
  })

  it('retries a failed sale with the same key, so the server sells once', async () => {
    const store = await loaded()
    store.add(basil)
    const key = store.basket.idempotencyKey
    vi.mocked(api.client.completeSale)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ receipt: 2 } as Sale)
    await expect(store.complete([{ method: 'card', amount: 399 }])).rejects.toThrow('offline')
    expect(store.basket.lines).toHaveLength(1)
    await store.complete([{ method: 'card', amount: 399 }])
    expect(vi.mocked(api.client.completeSale).mock.calls.map((call) => call[1]?.idempotencyKey)).toEqual([key, key])
  })
})
