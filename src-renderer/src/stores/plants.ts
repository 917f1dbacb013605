/**
 * The catalogue as the staff UI sees it: one page of plants for the current
 * filter, search and sort, the per-status counts, and the live connection.
 * The server does the filtering (fast at 10,000 plants and beyond); this store
 * keeps only what is on screen and refreshes it when a change is announced.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import {
  ApiError,
  type PlantEvent,
  type PlantSortKey,
  type SavedPlant,
  type StatusCounts,
  type StreamState,
  type EventSubscription
} from '#shared/api-client'
import type { NewPlant, Plant, PlantChanges, PlantResponse, PlantStatus } from '#shared/plant'
import type { StockMoveOptions } from '#shared/api-client-stock'
import type { StockAnswer, StockMove } from '#shared/stock'
import { api } from '#renderer/api'
import { pausedReason } from '#renderer/stream-words'
import { PAGE_SIZE, REFRESH_DELAY_MS, type LoadPhase, type PlantConflict, type SortOrder, type StatusFilter } from './plants-types'

export { PAGE_SIZE, REFRESH_DELAY_MS, type LoadPhase, type PlantConflict, type SortOrder, type StatusFilter } from './plants-types'

export const usePlantsStore = defineStore('plants', () => {
  const filter = ref<StatusFilter>('all')
  const search = ref('')
  const sort = ref<SortOrder>({ key: 'name', descending: false })
  const page = ref(0)

  const plants = ref<Plant[]>([])
  const total = ref(0)
  const counts = ref<StatusCounts>({ available: 0, pending: 0, sold: 0 })
  const phase = ref<LoadPhase>('idle')
  const loading = ref(false)
  /** The last failed load: a banner while rows are shown, the error state before any were. */
  const loadError = ref<ApiError | null>(null)
  const stream = ref<StreamState | 'off'>('off')
  const streamError = ref<ApiError | null>(null)
  /** Plants changed in the last moments, highlighted so the eye finds them. */
  const recent = ref<ReadonlySet<number>>(new Set())
  /** The save waiting for a decision because someone else changed the plant first; never overwritten silently. */
  const conflict = ref<PlantConflict | null>(null)
  /** A save the server refused for the token (401), which locks the window like a refused load does. */
  const refusedSave = ref<ApiError | null>(null)

  const allCount = computed(() => counts.value.available + counts.value.pending + counts.value.sold)
  const pageCount = computed(() => Math.max(1, Math.ceil(total.value / PAGE_SIZE)))
  /** No plants at all (not merely none matching the search). */
  /** The server refused this window's token (a first open without it, or `token --rotate` since): nothing is shown. */
  const locked = computed(() => accessRefusal.value !== undefined)
  /** The server's refusal of this window's token (401), in its words: a revoked till's differ from a missing link's. */
  const accessRefusal = computed(() => [loadError.value, streamError.value, refusedSave.value].find((error) => error?.status === 401) ?? undefined)
  /** Why changes cannot be saved now (the server is away, or refused this window's stream), or undefined when they can; write controls show it. */
  const offlineReason = computed(() => (stream.value === 'reconnecting' && !locked.value ? pausedReason(streamError.value) : undefined))
  const catalogueEmpty = computed(() => phase.value === 'ready' && search.value.trim() === '' && allCount.value === 0)

  let latest: AbortController | undefined
  let refreshTimer: ReturnType<typeof setTimeout> | undefined

  /** Loads the current page; a newer load cancels an older one, so results never arrive out of order. */
  async function load(): Promise<void> {
    latest?.abort()
    const request = new AbortController()
    latest = request
    loading.value = true
    if (phase.value === 'idle' || phase.value === 'error') phase.value = 'loading'
    try {
      const result = await api().listPlants(
        {
          status: filter.value === 'all' ? undefined : filter.value,
          q: search.value,
          sort: sort.value.descending ? `-${sort.value.key}` : sort.value.key,
          limit: PAGE_SIZE,
          offset: page.value * PAGE_SIZE
        },
        { signal: request.signal }
      )
      if (request !== latest) return
      plants.value = result.plants
      total.value = result.total
      counts.value = result.counts
      loadError.value = null
      phase.value = 'ready'
      // A page past the end (the last plant of the page left the filter): show the last page instead.
      if (result.plants.length === 0 && page.value > 0 && result.total > 0) {
        page.value = Math.ceil(result.total / PAGE_SIZE) - 1
        void load()
      }
    } catch (error) {
      if (request !== latest || (error instanceof Error && error.name === 'AbortError')) return
      loadError.value = error instanceof ApiError ? error : new ApiError({ type: 'about:blank', title: 'Error', status: 0, detail: String(error) })
      if (phase.value !== 'ready') phase.value = 'error'
    } finally {
      if (request === latest) loading.value = false
    }
  }

  function setFilter(next: StatusFilter): Promise<void> {
    filter.value = next
    page.value = 0
    return load()
  }

  function setSearch(next: string): Promise<void> {
    search.value = next
    page.value = 0
    return load()
  }

  /** Sorts by `key`; the same key again flips the direction. */
  function toggleSort(key: PlantSortKey): Promise<void> {
    const descending = sort.value.key === key ? !sort.value.descending : key === 'updatedAt'
    sort.value = { key, descending }
    page.value = 0
    return load()
  }

  function goToPage(next: number): Promise<void> {
    page.value = Math.min(Math.max(0, next), pageCount.value - 1)
    return load()
  }

  function scheduleRefresh(): void {
    clearTimeout(refreshTimer)
    refreshTimer = setTimeout(() => void load(), REFRESH_DELAY_MS)
  }

  function markRecent(id: number): void {
    recent.value = new Set([...recent.value, id])
    setTimeout(() => {
      const next = new Set(recent.value)
      next.delete(id)
      recent.value = next
    }, 2500)
  }

  /** Shows a change at once where the plant is on screen, then refreshes order, membership and counts. */
  function applyEvent(event: PlantEvent): void {
    const index = plants.value.findIndex((plant) => plant.id === event.plant.id)
    if (index !== -1) plants.value[index] = event.plant
    markRecent(event.plant.id)
    scheduleRefresh()
  }

  function replaceRow(plant: Plant): void {
    const index = plants.value.findIndex((row) => row.id === plant.id)
    if (index !== -1) plants.value[index] = plant
  }

  function noteRefusal(error: unknown): void {
    if (error instanceof ApiError && error.status === 401) refusedSave.value = error
  }

  /** Adds a plant; rethrows the ApiError so the form can show field errors. */
  async function addPlant(input: NewPlant): Promise<PlantResponse> {
    const added = await api()
      .addPlant(input)
      .catch((error: unknown) => {
        noteRefusal(error)
        throw error
      })
    markRecent(added.id)
    scheduleRefresh()
    return added
  }

  /**
   * Saves `changes` only if the plant is still at `ifVersion` (If-Match). When
   * it was changed elsewhere meanwhile, `conflict` holds both sides for the
   * person to decide, and the 412 ApiError is rethrown.
   */
  async function save(changes: PlantChanges, ifVersion: number): Promise<SavedPlant> {
    try {
      const saved = await api().savePlant(changes, { ifVersion })
      markRecent(changes.id)
      scheduleRefresh()
      return saved
    } catch (error) {
      noteRefusal(error)
      if (error instanceof ApiError && error.conflict) conflict.value = { mine: changes, theirs: await api().getPlant(changes.id) }
      throw error
    }
  }

  /** Saves changes made to the plant as it was at `ifVersion`; rethrows the ApiError so the form can show field errors. */
  async function updatePlant(changes: PlantChanges, ifVersion: number): Promise<PlantResponse> {
    return (await save(changes, ifVersion)).plant
  }

  /** The till's most common action: shown at once, put back if the server refuses. Resolves with the plant's new version (for Undo). */
  async function setStatus(plant: Plant, status: PlantStatus): Promise<number> {
    const before = { ...plant }
    replaceRow({ ...plant, status })
    try {
      return (await save({ id: plant.id, status }, plant.version)).version ?? plant.version + 1
    } catch (error) {
      replaceRow(before)
      throw error
    }
  }

  /** Moves a plant's stock (a sale at the till, a delivery, a write-off); its row shows the plant as the server left it. */
  async function moveStock(id: number, move: StockMove, options?: StockMoveOptions): Promise<StockAnswer> {
    try {
      const answer = await api().moveStock(id, move, options)
      replaceRow(answer.plant)
      markRecent(id)
      scheduleRefresh()
      return answer
    } catch (error) {
      noteRefusal(error)
      throw error
    }
  }

  /**
   * Ends a conflict: keep the plant as it is now, or send our changes again
   * over the version now shown. A newer change elsewhere meanwhile raises a
   * new conflict; any other failure leaves this one open (and is rethrown).
   */
  async function resolveConflict(choice: 'theirs' | 'mine'): Promise<void> {
    const current = conflict.value
    if (!current) return
    if (choice === 'mine') await save(current.mine, current.theirs.version)
    else scheduleRefresh()
    if (conflict.value === current) conflict.value = null
  }

  let subscription: EventSubscription | undefined

  /** Ends the pause before the next reconnect at once (the banner's "Retry now"). */
  function retryNow(): void {
    subscription?.retryNow()
  }

  /**
   * Follows the server's change stream. Each time it opens the view is
   * reloaded (a server that keeps no history cannot replay what was missed),
   * and again when the server says it cannot (`event: reset`).
   */
  function connect(): () => void {
    subscription = api().subscribe({
      onEvent: applyEvent,
      // One reload for a whole import, however many plants it changed.
      onImportApplied: scheduleRefresh,
      onReset: scheduleRefresh,
      onBatch: scheduleRefresh,
      onState(state, info) {
        stream.value = state
        if (state === 'open') {
          streamError.value = null
          // (A load already running will do: it is at most a moment older than the stream.)
          if (!loading.value) void load()
        } else if (state === 'reconnecting') {
          // The latest failure's reason only: a refusal the server no longer gives must not linger in the words.
          streamError.value = info.error instanceof ApiError ? info.error : null
        }
      }
    })
    return subscription
  }

  return {
    filter,
    search,
    sort,
    page,
    plants,
    total,
    counts,
    phase,
    loading,
    loadError,
    stream,
    streamError,
    recent,
    conflict,
    allCount,
    pageCount,
    catalogueEmpty,
    locked,
    accessRefusal,
    offlineReason,
    load,
    setFilter,
    setSearch,
    toggleSort,
    goToPage,
    applyEvent,
    addPlant,
    updatePlant,
    setStatus,
    moveStock,
    resolveConflict,
    connect,
    retryNow
  }
})
