/**
 * The plants ticked in the table, for bulk actions: single rows, a shift-click
 * range, the whole page, or "all N matching" the current filter and search
 * (resolved to the plants themselves only when an action needs them).
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { PAGE_LIMIT_MAX } from '#shared/api-paths'
import { pushAll } from '#shared/arrays'
import type { Plant } from '#shared/plant'
import { api } from '#renderer/api'
import { usePlantsStore } from './plants'

export const useSelectionStore = defineStore('selection', () => {
  const plants = usePlantsStore()
  /** The ticked plants by id, as they were when ticked (their status is what a bulk Undo restores). */
  const picked = ref<ReadonlyMap<number, Plant>>(new Map())
  /** Everything matching the current filter and search, on every page. */
  const allMatching = ref(false)
  /** The row a shift-click range starts from. */
  let anchor: number | undefined

  const count = computed(() => (allMatching.value ? plants.total : picked.value.size))
  const pageIds = computed(() => plants.plants.map((plant) => plant.id))
  const wholePage = computed(() => pageIds.value.length > 0 && pageIds.value.every((id) => isSelected(id)))

  // "All matching" means the query it was chosen for.
  watch(
    () => [plants.filter, plants.search],
    () => {
      if (allMatching.value) clear()
    }
  )

  function isSelected(id: number): boolean {
    return allMatching.value || picked.value.has(id)
  }

  function set(rows: readonly Plant[], on: boolean): void {
    const next = new Map(allMatching.value ? plants.plants.map((plant) => [plant.id, plant]) : picked.value)
    allMatching.value = false
    for (const row of rows) {
      if (on) next.set(row.id, row)
      else next.delete(row.id)
    }
    picked.value = next
  }

  /** Ticks or unticks a row; with `range`, every row from the last one clicked to this one takes its new state. */
  function toggle(plant: Plant, range = false): void {
    const on = !isSelected(plant.id)
    const from = anchor === undefined ? -1 : pageIds.value.indexOf(anchor)
    const to = pageIds.value.indexOf(plant.id)
    if (range && from !== -1 && to !== -1) set(plants.plants.slice(Math.min(from, to), Math.max(from, to) + 1), on)
    else set([plant], on)
    anchor = plant.id
  }

  /** The page's checkbox: ticks every row on the page, or unticks them all when all are ticked. */
  function togglePage(): void {
    set(plants.plants, !wholePage.value)
  }

  function selectAllMatching(): void {
    allMatching.value = true
    picked.value = new Map()
  }

  function clear(): void {
    allMatching.value = false
    picked.value = new Map()
    anchor = undefined
  }

  /** The selected plants: as ticked, or for "all matching", read page by page from the server now. */
  async function resolve(): Promise<Plant[]> {
    if (!allMatching.value) return [...picked.value.values()]
    const found: Plant[] = []
    const query = { status: plants.filter === 'all' ? undefined : plants.filter, q: plants.search, sort: 'id' as const }
    for (let offset = 0; ; offset += PAGE_LIMIT_MAX) {
      const page = await api().listPlants({ ...query, limit: PAGE_LIMIT_MAX, offset })
      pushAll(found, page.plants)
      if (page.plants.length < PAGE_LIMIT_MAX) return found
    }
  }

  return { picked, allMatching, count, wholePage, isSelected, toggle, togglePage, selectAllMatching, clear, resolve }
})
