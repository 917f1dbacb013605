/**
 * The till card: the plant a scanned label names, with one action (Mark sold)
 * and its Undo. A plant line kept in stock sells pots instead: one per Enter,
 * or as many as were typed first, each sale with its Undo (the pots come back
 * as returned). A code that names no plant, or a deleted one, is shown as
 * such, so the assistant knows at once what went wrong.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ApiError } from '#shared/api-client'
import { failureText } from '#renderer/format'
import type { Plant, PlantStatus } from '#shared/plant'
import { api } from '#renderer/api'
import type { ScannedCode } from '#renderer/composables/useScanToSell'
import { usePlantsStore } from './plants'

/** A sale made on the card: the status before it (a single plant), or the pots it sold (a line kept in stock). */
export interface TillSale {
  previous: PlantStatus
  pots?: number
}

/** What the card shows: a plant (and, once sold here, how to undo it; a sale refused in words), or why there is none. */
export type TillCard =
  | { kind: 'plant'; code: string; plant: Plant; sale?: TillSale; refusal?: string }
  | { kind: 'missing'; code: string; deleted: boolean }
  | { kind: 'failed'; code: string; message: string }

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

  /** Sets the shown plant's status (If-Match its version), keeping the card in step. */
  async function changeStatus(status: PlantStatus, sale: TillSale | undefined): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || busy.value) return
    busy.value = true
    try {
      const version = await usePlantsStore().setStatus(shown.plant, status)
      if (card.value === shown) card.value = { ...shown, plant: { ...shown.plant, status, version }, sale }
    } catch (error) {
      if (card.value === shown) {
        const message = failureText(error)
        card.value = { kind: 'failed', code: shown.code, message: `${shown.plant.name ?? shown.code} was not changed: ${message}` }
      }
    } finally {
      busy.value = false
    }
  }

  /**
   * Moves the shown line's stock by `change` pots (a sale, or an Undo's return), keeping the card in step. A sale of
   * more than is on hand is refused by the server; the card says so in shop words and sells nothing.
   */
  async function moveStock(change: number, sale: TillSale | undefined): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || busy.value) return
    busy.value = true
    try {
      const { plant } = await usePlantsStore().moveStock(shown.plant.id, { change, reason: change < 0 ? 'sold' : 'returned' })
      if (card.value === shown) card.value = { kind: 'plant', code: shown.code, plant, ...(sale ? { sale } : {}) }
    } catch (error) {
      if (card.value !== shown) return
      if (error instanceof ApiError && error.status === 409) {
        const onHand = error.onHand ?? shown.plant.quantity ?? 0
        const plant = { ...shown.plant, quantity: onHand }
        const refusal = `Only ${onHand === 0 ? 'none' : onHand} in stock: ${-change} not sold.`
        card.value = { ...shown, plant, refusal }
      } else {
        card.value = { kind: 'failed', code: shown.code, message: `${shown.plant.name ?? shown.code} was not changed: ${failureText(error)}` }
      }
    } finally {
      busy.value = false
    }
  }

  /** The sale: a single plant becomes sold; a line kept in stock sells `pots` (1 by default). The card offers Undo. */
  function markSold(pots = 1): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant') return Promise.resolve()
    const previous = shown.plant.status
    return shown.plant.quantity === undefined ? changeStatus('sold', { previous }) : moveStock(-pots, { previous, pots })
  }

  /** Undoes the card's sale: the status as it was, or the pots back in stock (returned). */
  function undoSale(): Promise<void> {
    const shown = card.value
    if (shown?.kind !== 'plant' || !shown.sale) return Promise.resolve()
    return shown.sale.pots === undefined ? changeStatus(shown.sale.previous, undefined) : moveStock(shown.sale.pots, undefined)
  }

  return {
    card,
    busy,
    open,
    close,
    markSold,
    undoSale,
    forgetDeleted: (id: number) => deletedHere.delete(id),
    rememberDeleted: (id: number) => deletedHere.add(id)
  }
})
