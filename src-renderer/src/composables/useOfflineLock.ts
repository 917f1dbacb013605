/**
 * The attributes of a write control while changes cannot be made: disabled, with the reason as its tooltip and
 * description (the banner). Changes cannot be made while the server is away, nor ever from a screen opened with a
 * read-only key. Bind with `v-bind` after the control's own `:disabled`, so the lock wins.
 */
import { computed, type ComputedRef } from 'vue'
import { useHealthStore } from '#renderer/stores/health'
import { usePlantsStore } from '#renderer/stores/plants'

type Attributes = Record<string, string | boolean>

/** Why changes cannot be made from this screen now, in words; undefined when they can. */
export function useWriteBlockedReason(): ComputedRef<string | undefined> {
  const plants = usePlantsStore()
  const health = useHealthStore()
  return computed(() => plants.offlineReason ?? health.readOnlyReason)
}

export function useOfflineLock(): ComputedRef<Attributes> {
  const reason = useWriteBlockedReason()
  return computed((): Attributes => (reason.value ? { disabled: true, title: reason.value, 'aria-describedby': 'connection-banner' } : {}))
}
