/** Which view the page shows under the header: the catalogue, the till's basket, the back room's stock work, or the reports. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppView } from '#renderer/views'

export type { AppView }

export const useViewStore = defineStore('view', () => {
  const current = ref<AppView>('catalogue')
  return { current }
})
