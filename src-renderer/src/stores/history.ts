/**
 * The History tab's data: the changes of the plant whose dialog is open, kept
 * oldest first as the API sends them and shown newest first. The newest page
 * comes first, "Show older changes" pages back, and a change announced for the
 * plant is fetched at once (only what came after the last one shown).
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { failureText } from '#renderer/format'
import { api } from '#renderer/api'
import type { ChangeRecord } from '#shared/history'
import { historyLine } from '#renderer/history-words'
import { useShopStore } from '#renderer/stores/shop'

/** Changes per page: more than a plant usually has. */
export const HISTORY_PAGE_SIZE = 50

export const useHistoryStore = defineStore('history', () => {
  const plantId = ref<number | null>(null)
  const records = ref<ChangeRecord[]>([])
  /** The seq to page back from (`before`), or null when the oldest change is shown. */
  const older = ref<number | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  const shop = useShopStore()
  // Prices as the rest of the UI shows them: the shop's money, in its locale.
  const lines = computed(() => records.value.map((record) => historyLine(record, new Date(), shop.money)).reverse())

  /** Runs one request for the plant shown; its answer is dropped when another plant was opened meanwhile. */
  async function run(id: number, task: () => Promise<void>): Promise<void> {
    loading.value = true
    try {
      await task()
      if (plantId.value === id) error.value = null
    } catch (failure) {
      if (plantId.value === id) error.value = failureText(failure)
    } finally {
      if (plantId.value === id) loading.value = false
    }
  }

  /** Shows the newest changes of plant `id`. */
  function open(id: number): Promise<void> {
    plantId.value = id
    records.value = []
    older.value = null
    return run(id, async () => {
      const page = await api().plantHistory(id, { limit: HISTORY_PAGE_SIZE })
      if (plantId.value !== id) return
      records.value = page.changes
      older.value = page.next
    })
  }

  /** Adds the page before the oldest change shown. */
  function loadOlder(): Promise<void> {
    const id = plantId.value
    const before = older.value
    if (id === null || before === null) return Promise.resolve()
    return run(id, async () => {
      const page = await api().plantHistory(id, { limit: HISTORY_PAGE_SIZE, before })
      if (plantId.value !== id) return
      records.value = [...page.changes, ...records.value]
      older.value = page.next
    })
  }

  /** Fetches what changed after the newest change shown (called when a change of the plant is announced). */
  function catchUp(): Promise<void> {
    const id = plantId.value
    if (id === null) return Promise.resolve()
    if (records.value.length === 0) return open(id) // nothing shown yet: the newest page, not the oldest
    return run(id, async () => {
      // Page forward until a page comes back short: a burst of changes larger than a page is not cut.
      for (;;) {
        const after = records.value.at(-1)!.seq
        const page = await api().plantHistory(id, { limit: HISTORY_PAGE_SIZE, after })
        if (plantId.value !== id) return
        const known = new Set(records.value.map((record) => record.seq))
        records.value = [...records.value, ...page.changes.filter((record) => !known.has(record.seq))]
        if (page.changes.length < HISTORY_PAGE_SIZE) return
      }
    })
  }

  function close(): void {
    plantId.value = null
    records.value = []
    older.value = null
    error.value = null
  }

  /**
   * Keeps plant `id`'s changes live while its tab is open (its own subscription, whatever the catalogue's view
   * follows): a change announced for it, or the stream coming back, catches up. Returns the stop.
   */
  function follow(id: number): () => void {
    return api().subscribe({
      onEvent(event) {
        if (event.plant.id === id) void catchUp()
      },
      onState(state) {
        if (state === 'open') void catchUp()
      }
    })
  }

  return { plantId, records, older, loading, error, lines, open, loadOlder, catchUp, close, follow }
})
