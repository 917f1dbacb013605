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
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import { api } from '#renderer/api'
import { failureText } from '#renderer/format'
import { usePlantsStore } from './plants'

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

/** A line asking for more pots than its plant has on hand: said at once, so Pay never fails for it. */
export interface Shortage {
  plantId: number
  name: string
  asked: number
  onHand: number
}

/** "none in stock", "only 2 in stock". */
export const onHandWords = (onHand: number): string => (onHand <= 0 ? 'none in stock' : `only ${onHand} in stock`)

/** A shortage in words for the till: what is asked, what the shelf has by the count, and what to do. */
export function shortageText(short: Shortage): string {
  return `${short.name}: ${short.asked} asked, ${onHandWords(short.onHand)}. Count it if the shelf holds more, or take pots off.`
}

export const useBasketStore = defineStore('basket', () => {
  const basketId = ref('')
  const basket = ref<Basket>(emptyBasket())
  const settings = ref<SalesSettings>(DEFAULT_SALES_SETTINGS)
  /** Why the basket could not be kept or read (the lines stay on screen). */
  const saveError = ref<string | null>(null)
  /** Pots on hand of each plant kept in stock that is in the basket, as last read (a single plant has none). */
  const onHand = ref<Record<number, number>>({})
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
  /** Lines that ask for more pots than the stock count has: Pay waits until they are counted or taken down. */
  const shortages = computed<Shortage[]>(() =>
    basket.value.lines.flatMap((line) => {
      const has = line.single ? undefined : onHand.value[line.plantId]
      return has !== undefined && line.quantity > has ? [{ plantId: line.plantId, name: line.name, asked: line.quantity, onHand: has }] : []
    })
  )

  /** Remembers what `plant` has on hand (a plant kept in stock). */
  function noteStock(plant: Plant): void {
    if (plant.quantity !== undefined) onHand.value = { ...onHand.value, [plant.id]: plant.quantity }
  }

  /** Reads afresh what each line kept in stock has on hand (a line whose plant cannot be read keeps what was known). */
  async function refreshStock(): Promise<void> {
    const stocked = basket.value.lines.filter((line) => !line.single)
    const plants = await Promise.all(
      stocked.map((line) =>
        api()
          .getPlant(line.plantId)
          .catch(() => undefined)
      )
    )
    for (const plant of plants) if (plant) noteStock(plant)
  }

  /** Saves a count of a line's plant made at the till (the shelf holds more than the stock said), and keeps it here. */
  async function countStock(plantId: number, pots: number): Promise<void> {
    const { plant } = await usePlantsStore().moveStock(plantId, { count: pots, reason: 'counted', note: 'counted at the till' })
    noteStock(plant)
  }

  /** Reads this window's basket and the tax settings (a basket kept before a reload or a restart comes back). */
  async function load(id = windowBasketId()): Promise<void> {
    basketId.value = id
    try {
      await saving // a change made just before (the till card's Add to basket) is read back, not lost to an older copy
      const [kept, sales] = await Promise.all([api().getBasket(id), api().salesSettings()])
      settings.value = sales
      if (kept) basket.value = kept
      saveError.value = null
      await refreshStock()
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
    noteStock(plant)
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

  /** Adds `plant` and says what happened, in words for the till: a line short of stock says so at once. */
  function addWithWords(plant: Plant): string {
    const added = add(plant)
    if (added === 'already') return `${plant.name} is in the basket already (a single plant).`
    const short = shortages.value.find((each) => each.plantId === plant.id)
    return short ? `Added ${plant.name}, but ${onHandWords(short.onHand)}: count it if the shelf holds more.` : `Added ${plant.name}.`
  }

  /** Adds the plant a scanned code names (read fresh from the server): what happened, in words for the till. */
  async function addById(id: number): Promise<string> {
    try {
      const plant = await api().getPlant(id)
      if (plant.quantity === undefined && plant.status === 'sold') return `${plant.name ?? `PS-${id}`} is already sold.`
      return addWithWords(plant)
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
      } catch (error) {
        // Stock moved since the lines were read (another till sold the last pots): the basket says which line now.
        if (error instanceof ApiError && error.type === PROBLEM_TYPES.notEnoughStock) await refreshStock()
        throw error
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
    onHand,
    priced,
    due,
    shortages,
    load,
    add,
    addWithWords,
    addById,
    countStock,
    find,
    setQuantity,
    remove,
    overridePrice,
    discount,
    clear,
    complete
  }
})
