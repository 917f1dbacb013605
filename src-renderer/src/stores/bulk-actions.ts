/**
 * What the selection bar (and a row's Delete) does: set the status of many
 * plants, delete them, print their labels. Each change is one API call (one
 * journal batch), and one Undo puts the whole batch back.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ApiError } from '#shared/api-client'
import type { Plant, PlantStatus } from '#shared/plant'
import { countOf } from '#shared/words'
import { api } from '#renderer/api'
import { STATUS_LABELS, failureText, plantLabel } from '#renderer/format'
import { useLabelsStore } from './labels'
import { usePlantsStore } from './plants'
import { useSelectionStore } from './selection'
import { useTillStore } from './till'
import { useToastsStore } from './toasts'

/** What a failed call says, for a toast. */
/** Why a bulk Undo put nothing back when `plant` (or, unnamed, one of the batch) was changed since. */
export function undoRefused(plant?: string): string {
  return `Could not undo: ${plant ?? 'one of these plants'} was changed since (for example sold at the till), so nothing was put back.`
}

/** "Monstera" for one plant, "12 plants" for more. */
function what(plants: readonly Plant[]): string {
  return plants.length === 1 ? plantLabel(plants[0]!) : countOf(plants.length, 'plant')
}

export const useBulkActionsStore = defineStore('bulk-actions', () => {
  const plants = usePlantsStore()
  const selection = useSelectionStore()
  const toasts = useToastsStore()
  const busy = ref(false)
  /** The plants waiting for the person to confirm their deletion (bulk deletes of more than one). */
  const confirming = ref<Plant[] | null>(null)

  async function run(work: () => Promise<void>): Promise<void> {
    if (busy.value) return
    busy.value = true
    try {
      await work()
    } finally {
      busy.value = false
      void plants.load()
    }
  }

  /** Sets `status` on every selected plant; Undo gives each its own status back. */
  function setStatus(status: PlantStatus): Promise<void> {
    return run(async () => {
      const chosen = await selection.resolve()
      if (chosen.length === 0) return
      let changed: Plant[]
      try {
        changed = await api().bulkUpdate({ ids: chosen.map((plant) => plant.id), changes: { status } })
      } catch (error) {
        toasts.error(`Nothing was changed: ${failureText(error)}`)
        return
      }
      selection.clear()
      // Undo names the versions this change left, so a plant changed since (sold at the till) is not overwritten (412).
      const versions = new Map(changed.map((plant) => [plant.id, plant.version]))
      const undo = () =>
        void run(async () => {
          try {
            await api().bulkUpdate({ updates: chosen.map((plant) => ({ id: plant.id, status: plant.status, version: versions.get(plant.id) })) })
            toasts.success(`${what(chosen)}: status put back`)
          } catch (error) {
            // 412: a plant of the batch was changed since (sold at the till): its server words speak HTTP, these the shop's.
            if (error instanceof ApiError && error.conflict) {
              const changed = chosen.find((plant) => plant.id === error.changedPlant?.id)
              toasts.error(undoRefused(changed && plantLabel(changed)))
            } else toasts.error(`Could not undo: ${failureText(error)}`)
          }
        })
      toasts.success(`${what(chosen)} set to ${STATUS_LABELS[status].toLowerCase()}`, { label: 'Undo', run: undo })
    })
  }

  /** Deletes `chosen` at once (the caller has confirmed a bulk delete); Undo restores them all. */
  function remove(chosen: readonly Plant[]): Promise<void> {
    return run(async () => {
      const ids = chosen.map((plant) => plant.id)
      try {
        if (ids.length === 1) await api().deletePlant(ids[0]!, { ifMatch: chosen[0]!.version })
        else await api().bulkDelete(ids)
      } catch (error) {
        toasts.error(`Nothing was deleted: ${failureText(error)}`)
        return
      }
      const till = useTillStore()
      for (const id of ids) till.rememberDeleted(id)
      selection.clear()
      const undo = () =>
        void run(async () => {
          try {
            if (ids.length === 1) await api().restorePlant(ids[0]!)
            else await api().bulkRestore(ids)
            for (const id of ids) till.forgetDeleted(id)
            toasts.success(`Restored ${what(chosen)}`)
          } catch (error) {
            toasts.error(`Could not restore: ${failureText(error)}`)
          }
        })
      toasts.success(`Deleted ${what(chosen)}`, { label: 'Undo', run: undo })
    })
  }

  /** Delete from the selection bar: one plant goes at once (Undo is offered); more wait for a confirmation. */
  async function deleteSelected(): Promise<void> {
    const chosen = await selection.resolve()
    if (chosen.length === 1) await remove(chosen)
    else if (chosen.length > 1) confirming.value = chosen
  }

  async function confirmDelete(): Promise<void> {
    const chosen = confirming.value
    confirming.value = null
    if (chosen) await remove(chosen)
  }

  async function printLabels(): Promise<void> {
    useLabelsStore().open(await selection.resolve())
  }

  return { busy, confirming, setStatus, remove, deleteSelected, confirmDelete, cancelDelete: () => void (confirming.value = null), printLabels }
})
