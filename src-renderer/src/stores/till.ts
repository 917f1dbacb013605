/**
 * The till card: the plant a scanned label names, with one action (Mark sold)
 * and its Undo. A code that names no plant, or a deleted one, is shown as
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

/** What the card shows: a plant (and, once sold here, how to undo it), or why there is none. */
export type TillCard =
  | { kind: 'plant'; code: string; plant: Plant; sale?: { previous: PlantStatus } }
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
  async function changeStatus(status: PlantStatus, sale: { previous: PlantStatus } | undefined): Promise<void> {
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

  /** The sale: the plant becomes sold, and the card offers Undo. */
  const markSold = (): Promise<void> =>
    card.value?.kind === 'plant' ? changeStatus('sold', { previous: card.value.plant.status }) : Promise.resolve()

  /** Puts the status back to what it was before the sale. */
  const undoSale = (): Promise<void> =>
    card.value?.kind === 'plant' && card.value.sale ? changeStatus(card.value.sale.previous, undefined) : Promise.resolve()

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
