/**
 * The catalogue's health as the server tells it (GET /v3/health): damaged history files set aside, and the last
 * restore of a backup. A restore replaces the catalogue while pages are open on it; they reload when the server is
 * back, and this store notices that the restore is new to this tab (the restore this tab last knew of is kept in its
 * sessionStorage, so a reload of the page keeps it too), for the notice that says what happened.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Health, HealthProblem, LastRestore } from '#shared/history'
import { api } from '#renderer/api'

/** Why a write control is disabled on a screen opened with a read-only key, in the words the staff see. */
export const READ_ONLY_REASON = 'This screen may only look (read-only key): ask the shop owner for a key that may change things.'

/** sessionStorage key: the seq of the restore this tab last knew of ('0': none). */
export const KNOWN_RESTORE_KEY = 'plant-store.known-restore'

export const useHealthStore = defineStore('health', () => {
  const problems = ref<HealthProblem[]>([])
  /** A restore made while this tab had the catalogue open, until the person dismisses the notice. */
  const restoredMeanwhile = ref<LastRestore | null>(null)
  /** What this screen's token may do, as the server says. */
  const scope = ref<Health['scope']>()
  const readOnlyReason = computed(() => (scope.value === 'read-only' ? READ_ONLY_REASON : undefined))

  /** A restore this tab had not seen: shown once; the first look of a new tab only remembers it. */
  function note(restored: LastRestore | undefined): void {
    const known = sessionStorage.getItem(KNOWN_RESTORE_KEY)
    const now = String(restored?.seq ?? 0)
    if (restored && known !== null && known !== now) restoredMeanwhile.value = restored
    sessionStorage.setItem(KNOWN_RESTORE_KEY, now)
  }

  /** Asks the server (when the page opens, at each switch of view, and each time the change stream opens again). */
  async function check(): Promise<void> {
    try {
      const health = await api().health()
      problems.value = health.problems
      scope.value = health.scope
      note(health.restored)
    } catch {
      // An unreachable server is the connection banner's to tell; the next check asks again.
    }
  }

  function dismissRestore(): void {
    restoredMeanwhile.value = null
  }

  return { problems, restoredMeanwhile, scope, readOnlyReason, check, dismissRestore }
})
