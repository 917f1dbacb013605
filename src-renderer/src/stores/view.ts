/** Which view the page shows under the header: the catalogue or the reports. */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type AppView = 'catalogue' | 'reports'

export const useViewStore = defineStore('view', () => {
  const current = ref<AppView>('catalogue')
  return { current }
})
