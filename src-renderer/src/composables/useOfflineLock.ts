/**
 * The attributes of a write control while the server is away: disabled, with the reason as its tooltip and
 * description (the banner). Bind with `v-bind` after the control's own `:disabled`, so offline wins.
 */
import { computed, type ComputedRef } from 'vue'
import { usePlantsStore } from '#renderer/stores/plants'

type Attributes = Record<string, string | boolean>

export function useOfflineLock(): ComputedRef<Attributes> {
  const plants = usePlantsStore()
  return computed(() => {
    const reason = plants.offlineReason
    const attributes: Attributes = reason ? { disabled: true, title: reason, 'aria-describedby': 'connection-banner' } : {}
    return attributes
  })
}
