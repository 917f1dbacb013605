/**
 * The till's basket: plants scanned or searched into lines (a plant kept in stock adds a pot per scan, a single
 * plant once), quantities, price overrides and discounts with their reasons, and the total priced at once by the
 * shared arithmetic the server uses (src-shared/sale-totals.ts). Every change is kept on the server under this
 * window's basket id (so it survives a reload and a restart); Complete sale sends the basket with its own
 * Idempotency-Key, so a double click or a retry sells once.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { centsOf } from '#shared/money'
import { newIdempotencyKey } from '#shared/api-retry'
import { saleOfBasket, type Basket, type BasketLine } from '#shared/basket'
import type { Plant } from '#shared/plant'
import type { KeptSaleAnswer } from '#shared/lan'
import type { Discount, Payment, Sale } from '#shared/sale'
import { priceBasket, type PricedBasket } from '#shared/sale-totals'
import { DEFAULT_SALES_SETTINGS, taxRateOf, type SalesSettings } from '#shared/tax'
import { api } from '#renderer/api'
import { failureText } from '#renderer/format'

/** Where a till window keeps the id of its basket: per window (tab), kept across reloads. */
export const BASKET_ID_KEY = 'plant-store.basket-id'

/** This window's basket id: the one it keeps in sessionStorage, else a new one kept there. */
export function windowBasketId(storage: Storage = sessionStorage): string {
  const kept = storage.getItem(BASKET_ID_KEY)
  if (kept) return kept
  const id = newIdempotencyKey()
  storage.setItem(BASKET_ID_KEY, id)
  return id
}

const emptyBasket = (): Basket => ({ idempotencyKey: newIdempotencyKey(), lines: [] })

/** What adding a plant did: a new line, one more pot, or nothing (a single plant is in the basket once). */
export type Added = 'added' | 'more' | 'already'

export const useBasketStore = defineStore('basket', () => {
  const basketId = ref('')
  const basket = ref<Basket>(emptyBasket())
  const settings = ref<SalesSettings>(DEFAULT_SALES_SETTINGS)
  /** Why the basket could not be kept or read (the lines stay on screen). */
  const saveError = ref<string | null>(null)
  let saving: Promise<unknown> = Promise.resolve()
  let completing: Promise<Sale | KeptSaleAnswer> | undefined

  /** The basket priced with the shop's tax settings: its lines and totals, or what stops it (a plant with no price). */
  const priced = computed<PricedBasket>(() =>
    priceBasket(
      basket.value.lines.map((line) => ({
        ...line,
        ...(line.price === undefined ? {} : { price: line.price }),
        ...(taxRateOf(line.category, settings.value) ? { rate: taxRateOf(line.category, settings.value)! } : {})
      })),
      basket.value.discount,
      settings.value.pricesIncludeTax
    )
  )
  /** What the customer pays (0 while the basket cannot be priced). */
  const due = computed(() => (priced.value.ok ? priced.value.totals.net : 0))

  /** Reads this window's basket and the tax settings (a basket kept before a reload or a restart comes back). */
  async function load(id = windowBasketId()): Promise<void> {
    basketId.value = id
    try {
      await saving // a change made just before (the till card's Add to basket) is read back, not lost to an older copy
      const [kept, sales] = await Promise.all([api().getBasket(id), api().salesSettings()])
      settings.value = sales
      if (kept) basket.value = kept
      saveError.value = null
    } catch (error) {
      saveError.value = `The basket could not be read: ${failureText(error)}`
    }
  }

  /** Keeps the basket on the server, one PUT after another so the last change is the one kept. */
  function keep(): Promise<unknown> {
    const snapshot = JSON.parse(JSON.stringify(basket.value)) as Basket
    saving = saving.then(async () => {
      try {
        await api().putBasket(basketId.value, snapshot)
        saveError.value = null
      } catch (error) {
        saveError.value = `The basket was not kept on the server: ${failureText(error)}`
      }
    })
    return saving
  }

  function change(edit: (lines: BasketLine[]) => void): Promise<unknown> {
    edit(basket.value.lines)
    return keep()
  }

  /** Adds `plant`: a new line, or one more pot of a plant kept in stock; a single plant already in the basket stays one. */
  function add(plant: Plant): Added {
    const line = basket.value.lines.find((each) => each.plantId === plant.id)
    if (line?.single) return 'already'
    if (line) {
      void change(() => (line.quantity += 1))
      return 'more'
    }
    const fresh: BasketLine = { plantId: plant.id, name: plant.name ?? `Plant ${plant.id}`, single: plant.quantity === undefined, quantity: 1 }
    if (plant.price !== undefined) fresh.price = centsOf(plant.price)
    if (plant.category !== undefined) fresh.category = plant.category
    void change((lines) => lines.push(fresh))
    return 'added'
  }

  /** Adds the plant a scanned code names (read fresh from the server): what happened, in words for the till. */
  async function addById(id: number): Promise<string> {
    try {
      const plant = await api().getPlant(id)
      if (plant.quantity === undefined && plant.status === 'sold') return `${plant.name ?? `PS-${id}`} is already sold.`
      const added = add(plant)
      return added === 'already' ? `${plant.name} is in the basket already (a single plant).` : `Added ${plant.name}.`
    } catch (error) {
      return `PS-${id} was not added: ${failureText(error)}`
    }
  }

  /** Plants whose name matches `text` (the first few), to pick into the basket. */
  async function find(text: string): Promise<Plant[]> {
    if (text.trim() === '') return []
    return (await api().listPlants({ q: text.trim(), status: ['available', 'pending'], limit: 8 })).plants
  }

  /** Sets a line's pots (a single plant stays one; below one removes nothing: Remove does). */
  function setQuantity(index: number, quantity: number): Promise<unknown> {
    const line = basket.value.lines[index]
    if (!line || line.single || !Number.isInteger(quantity) || quantity < 1) return Promise.resolve()
    return change(() => (line.quantity = quantity))
  }

  function remove(index: number): Promise<unknown> {
    return change((lines) => lines.splice(index, 1))
  }

  /** A price other than the plant's, with why; undefined puts the plant's price back. */
  function overridePrice(index: number, unitPrice: number | undefined, reason = ''): Promise<unknown> {
    const line = basket.value.lines[index]
    if (!line) return Promise.resolve()
    return change(() => {
      if (unitPrice === undefined) {
        delete line.unitPrice
        delete line.priceReason
      } else Object.assign(line, { unitPrice, priceReason: reason })
    })
  }

  /** A discount on line `index`, or (index undefined) on the whole basket; undefined takes it off. */
  function discount(index: number | undefined, given: Discount | undefined): Promise<unknown> {
    const target = index === undefined ? basket.value : basket.value.lines[index]
    if (!target) return Promise.resolve()
    if (given === undefined || given.amount === 0) delete target.discount
    else target.discount = given
    return keep()
  }

  /** Empties the basket (a new Idempotency-Key: what is scanned next is another sale). */
  async function clear(): Promise<void> {
    basket.value = emptyBasket()
    saving = saving.then(() => api().deleteBasket(basketId.value)).catch(() => undefined)
    await saving
  }

  /**
   * Completes the sale paid by `payments` with the basket's Idempotency-Key. A second call while one is on its way
   * gets the same answer; a retry after a failure sends the same key, so the server sells once. Once sold the basket is new.
   */
  function complete(payments: Payment[]): Promise<Sale | KeptSaleAnswer> {
    completing ??= (async () => {
      try {
        await saving
        const sold = basket.value
        const sale = await api().completeSale(saleOfBasket(sold, payments), { idempotencyKey: sold.idempotencyKey })
        if (basket.value === sold) await clear()
        return sale
      } finally {
        completing = undefined
      }
    })()
    return completing
  }

  return {
    basketId,
    basket,
    settings,
    saveError,
    priced,
    due,
    load,
    add,
    addById,
    find,
    setQuantity,
    remove,
    overridePrice,
    discount,
    clear,
    complete
  }
})
