/**
 * The back room's stock work (the Stock view): receiving deliveries and writing off pots, each saved at once with
 * its Undo, and a stock-take: counts collected line by line, then reviewed (which lines go up and down, which changed
 * since they were counted, which were not counted at all) and applied in one call, all or nothing.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { ApiError } from '#shared/api-client'
import type { Plant } from '#shared/plant'
import type { StockMove } from '#shared/stock'
import { pushAll } from '#shared/arrays'
import { countOf } from '#shared/words'
import { api } from '#renderer/api'
import { failureText, formatCount, plantLabel } from '#renderer/format'
import { stockText } from '#renderer/stock-words'
import { usePlantsStore } from './plants'
import { useToastsStore } from './toasts'

export type StockMode = 'receive' | 'write-off' | 'stock-take'

/** A line counted in the stock-take: the plant as it was when counted (its version), and the pots found. */
export interface CountedLine {
  plant: Plant
  count: number
}

/** A stock-take as it would apply now. */
export interface StockTakeReview {
  up: CountedLine[]
  down: CountedLine[]
  same: CountedLine[]
  /** Lines whose plant moved since it was counted (sold, received…): count them again. */
  changedSince: CountedLine[]
  /** Lines kept in stock that nobody counted: they stay as they are. */
  notCounted: Plant[]
}

/** One movement made here, newest first in the view. */
export interface DoneLine {
  key: number
  text: string
}

/** Plants fetched per request while listing every line kept in stock. */
const PAGE = 1000

/** Every plant line kept in stock, as it is now. */
async function stockedPlants(): Promise<Plant[]> {
  const all: Plant[] = []
  for (let offset = 0; ; offset += PAGE) {
    const page = await api().listPlants({ stocked: true, sort: 'name', limit: PAGE, offset })
    pushAll(all, page.plants)
    if (all.length >= page.total || page.plants.length === 0) return all
  }
}

export const useStockStore = defineStore('stock', () => {
  const mode = ref<StockMode>('receive')
  const done = ref<DoneLine[]>([])
  const counted = ref<CountedLine[]>([])
  const review = ref<StockTakeReview | null>(null)
  /** Lines left out of the last stock-take because they moved after they were counted: count them again. */
  const recount = ref<Plant[]>([])
  const busy = ref(false)
  /** Why the last stock-take step failed, in words; null when it did not. */
  const error = ref<string | null>(null)
  let nextKey = 1

  const countedIds = computed(() => new Set(counted.value.map((line) => line.plant.id)))

  function note(text: string): void {
    done.value = [{ key: nextKey++, text }, ...done.value].slice(0, 50)
  }

  /** Saves one movement at once; the toast's Undo counts the plant back to what it had, only if nothing moved it since. */
  async function move(plant: Plant, stockMove: StockMove, words: (after: Plant) => string): Promise<Plant> {
    const plants = usePlantsStore()
    const toasts = useToastsStore()
    busy.value = true
    try {
      const { plant: after } = await plants.moveStock(plant.id, stockMove)
      const text = words(after)
      note(text)
      const undo = () =>
        void plants
          .moveStock(plant.id, { count: plant.quantity ?? 0, reason: 'counted', note: 'undone' }, { ifVersion: after.version })
          .then(() => note(`Undone: ${text}`))
          .catch((failure: unknown) => toasts.error(`Could not undo: ${failureText(failure)}`))
      toasts.success(text, { label: 'Undo', run: undo })
      return after
    } finally {
      busy.value = false
    }
  }

  /** Pots received (a delivery, or pots potted on and ready). */
  const receive = (plant: Plant, pots: number) =>
    move(
      plant,
      { change: pots, reason: 'received' },
      (after) => `Received ${formatCount(pots)} ${plantLabel(plant)} — ${stockText(after).toLowerCase()}`
    )

  /** Pots written off (died, damaged, pest), with the reason. */
  const writeOff = (plant: Plant, pots: number, reason: string) =>
    move(
      plant,
      { change: -pots, reason: 'written-off', ...(reason.trim() === '' ? {} : { note: reason.trim() }) },
      (after) =>
        `Wrote off ${formatCount(pots)} ${plantLabel(plant)}${reason.trim() === '' ? '' : ` (${reason.trim()})`} — ${stockText(after).toLowerCase()}`
    )

  /** Records a count in the stock-take (a plant counted twice keeps the later count). */
  function count(plant: Plant, pots: number): void {
    counted.value = [...counted.value.filter((line) => line.plant.id !== plant.id), { plant, count: pots }]
    recount.value = recount.value.filter((line) => line.id !== plant.id)
    review.value = null
  }

  function uncount(id: number): void {
    counted.value = counted.value.filter((line) => line.plant.id !== id)
    review.value = null
  }

  /** What the stock-take would do now: every line kept in stock is fetched afresh and compared with the counts. */
  async function startReview(): Promise<void> {
    busy.value = true
    error.value = null
    try {
      const now = new Map((await stockedPlants()).map((plant) => [plant.id, plant]))
      const next: StockTakeReview = { up: [], down: [], same: [], changedSince: [], notCounted: [] }
      for (const line of counted.value) {
        const current = now.get(line.plant.id) ?? (await api().getPlant(line.plant.id))
        if (current.version !== line.plant.version) next.changedSince.push({ plant: current, count: line.count })
        else if (line.count > (current.quantity ?? 0)) next.up.push(line)
        else if (line.count < (current.quantity ?? 0)) next.down.push(line)
        else next.same.push(line)
      }
      next.notCounted = [...now.values()].filter((plant) => !countedIds.value.has(plant.id))
      review.value = next
    } catch (failure) {
      error.value = failureText(failure)
    } finally {
      busy.value = false
    }
  }

  /** Applies the reviewed counts in one call, all or nothing; a line moved meanwhile refuses it (review again). */
  async function applyStockTake(): Promise<void> {
    const reviewed = review.value
    if (!reviewed) return
    const lines = [...reviewed.up, ...reviewed.down, ...reviewed.same]
    busy.value = true
    error.value = null
    try {
      await api().moveBulkStock(lines.map((line) => ({ id: line.plant.id, count: line.count, reason: 'counted', version: line.plant.version })))
      const text = `Stock-take applied: ${countOf(lines.length, 'line')} counted, ${formatCount(reviewed.up.length)} up, ${formatCount(reviewed.down.length)} down`
      note(text)
      useToastsStore().success(text)
      counted.value = []
      recount.value = reviewed.changedSince.map((line) => line.plant)
      review.value = null
    } catch (failure) {
      const moved = failure instanceof ApiError && failure.conflict
      error.value = moved ? 'A plant moved while the stock-take was being applied; nothing was changed. Review it again.' : failureText(failure)
      if (moved) review.value = null
    } finally {
      busy.value = false
    }
  }

  /** Back from the review to counting (the counts are kept). */
  function backToCounting(): void {
    review.value = null
  }

  function discardStockTake(): void {
    counted.value = []
    recount.value = []
    review.value = null
    error.value = null
  }

  /** The first few plants matching what is typed in a stock line's picker (`signal` cancels an older search). */
  async function findPlants(q: string, signal: AbortSignal): Promise<Plant[]> {
    return (await api().listPlants({ q, sort: 'name', limit: 8 }, { signal })).plants
  }

  /** The plant a scanned label names. */
  function plantById(id: number): Promise<Plant> {
    return api().getPlant(id)
  }

  return {
    mode,
    done,
    counted,
    countedIds,
    review,
    recount,
    busy,
    error,
    receive,
    writeOff,
    count,
    uncount,
    startReview,
    applyStockTake,
    backToCounting,
    discardStockTake,
    findPlants,
    plantById
  }
})
