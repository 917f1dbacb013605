/**
 * The till card: the plant a scanned label names, outside the Till view. Its sale is a real one: Add to basket puts
 * the plant (a line kept in stock: as many pots as were typed first) in the Till view's basket and shows it, so payment,
 * receipt and the day's X and Z follow. A line's pots can also be taken off stock with no payment, recorded as a
 * write-off (never a sale, so the reports count no takings for it), with its Undo. A code that names no plant, or a
 * deleted one, is shown as such, so the assistant knows at once what went wrong.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ApiError } from '#shared/api-client'
import { failureText, formatCount } from '#renderer/format'
import type { Plant } from '#shared/plant'
import { api } from '#renderer/api'
import type { ScannedCode } from '#renderer/composables/useScanToSell'
import { useBasketStore } from './basket'
import { usePlantsStore } from './plants'
import { useViewStore } from './view'

/**
 * The note of a take-off's write-off: pots that left with no money taken (a plant given away, used in the shop).
 * It is what the stock report's "written off" lists them under and the plant's history shows.
 */
export const TAKE_OFF_NOTE = 'taken off stock at the till card, no payment'
/** The note of the pots an Undo of a take-off receives back. */
export const PUT_BACK_NOTE = 'put back: taken off by mistake'

/** A take-off made on the card: the pots it took, so Undo can put them back. */
export interface TillTakeOff {
  pots: number
}

/** What the card shows: a plant (and, once taken off here, how to undo it; an action refused in words), or why there is none. */
export type TillCard =
  | { kind: 'plant'; code: string; plant: Plant; takeOff?: TillTakeOff; refusal?: string }
  | { kind: 'missing'; code: string; deleted: boolean }
  | { kind: 'failed'; code: string; message: string }

/** "Only 3 in stock: 5 not added." */
const notEnough = (onHand: number, pots: number, done: string) =>
  `Only ${onHand <= 0 ? 'none' : formatCount(onHand)} in stock: ${formatCount(pots)} not ${done}.`

/** True when a 404 says the plant was deleted (not merely unknown). */
function saysDeleted(error: ApiError): boolean {
  return /deleted/i.test(`${error.title} ${error.detail}`)
}

export const useTillStore = defineStore('till', () => {
  const card = ref<TillCard | null>(null)
  const busy = ref(false)
  /** Ids deleted from this window: their codes say "deleted" even where the server says only "not found". */
  const deletedHere = new Set<number>()
  let opening = 0

  /** Opens the card for a scanned code (a newer scan replaces an older one still loading). */
  async function open(scanned: ScannedCode): Promise<void> {
    const ticket = ++opening
    try {
      const plant = await api().getPlant(scanned.id)
      if (ticket === opening) card.value = { kind: 'plant', code: scanned.code, plant }
    } catch (error) {
      if (ticket !== opening) return
      if (error instanceof ApiError && error.status === 404) {
        card.value = { kind: 'missing', code: scanned.code, deleted: deletedHere.has(scanned.id) || saysDeleted(error) }
      } else {
        card.value = { kind: 'failed', code: scanned.code, message: error instanceof Error ? error.message : String(error) }
      }
    }
  }

  function close(): void {
    opening++
    card.value = null
  }

  /**
   * Moves the shown line's stock by `change` pots: a take-off (written off, with the card's note), or its Undo (the
   * pots received back). A take-off of more than is on hand is refused by the server; the card says so and takes none.
   */
  async function moveStock(change: number, takeOff: TillTakeOff | undefined): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || busy.value) return
    busy.value = true
    try {
      const move =
        change < 0 ? { change, reason: 'written-off' as const, note: TAKE_OFF_NOTE } : { change, reason: 'received' as const, note: PUT_BACK_NOTE }
      const { plant } = await usePlantsStore().moveStock(shown.plant.id, move)
      if (card.value === shown) card.value = { kind: 'plant', code: shown.code, plant, ...(takeOff ? { takeOff } : {}) }
    } catch (error) {
      if (card.value !== shown) return
      if (error instanceof ApiError && error.status === 409) {
        const onHand = error.onHand ?? shown.plant.quantity ?? 0
        card.value = { ...shown, plant: { ...shown.plant, quantity: onHand }, refusal: notEnough(onHand, -change, 'taken off') }
      } else {
        card.value = { kind: 'failed', code: shown.code, message: `${shown.plant.name ?? shown.code} was not changed: ${failureText(error)}` }
      }
    } finally {
      busy.value = false
    }
  }

  /**
   * The card's sale: `pots` of the shown plant (a single plant once) go into the Till view's basket, which then shows,
   * so the sale is paid, has its receipt and counts in the day's X and Z like any other. More than the card shows in
   * stock is refused here, in words, adding nothing.
   */
  async function addToBasket(pots = 1): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || busy.value) return
    const { plant } = shown
    if (plant.quantity !== undefined && pots > plant.quantity) {
      card.value = { ...shown, refusal: notEnough(plant.quantity, pots, 'added') }
      return
    }
    busy.value = true
    try {
      const basket = useBasketStore()
      if (basket.basketId === '') await basket.load() // the Till view was never opened in this window
      basket.add(plant)
      const index = basket.basket.lines.findIndex((line) => line.plantId === plant.id)
      const line = basket.basket.lines[index]
      if (line && !line.single && pots > 1) void basket.setQuantity(index, line.quantity + pots - 1)
      close()
      useViewStore().current = 'till'
    } finally {
      busy.value = false
    }
  }

  /** Takes `pots` of the shown line off stock with no payment (not a sale: see TAKE_OFF_NOTE); the card offers Undo. */
  function takeOffStock(pots = 1): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || shown.plant.quantity === undefined) return Promise.resolve()
    return moveStock(-pots, { pots })
  }

  /** Undoes the card's take-off: the pots back in stock. */
  function undoTakeOff(): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || !shown.takeOff) return Promise.resolve()
    return moveStock(shown.takeOff.pots, undefined)
  }

  return {
    card,
    busy,
    open,
    close,
    addToBasket,
    takeOffStock,
    undoTakeOff,
    forgetDeleted: (id: number) => deletedHere.delete(id),
    rememberDeleted: (id: number) => deletedHere.add(id)
  }
})
