/** Which plants are waiting to have labels printed (the Print labels dialog is open while there are some). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Plant } from '#shared/plant'

export const useLabelsStore = defineStore('labels', () => {
  const plants = ref<Plant[] | null>(null)
  return {
    plants,
    open: (next: readonly Plant[]) => void (plants.value = [...next]),
    close: () => void (plants.value = null)
  }
})
