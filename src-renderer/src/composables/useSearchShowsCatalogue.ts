/** In a view other than the catalogue: typing in the header's search (`/`) is looking for plants, so the catalogue it filters is shown. */
import { watch } from 'vue'
import { usePlantsStore } from '#renderer/stores/plants'
import { useViewStore } from '#renderer/stores/view'

export function useSearchShowsCatalogue(): void {
  const plants = usePlantsStore()
  const view = useViewStore()
  watch(
    () => plants.search,
    () => (view.current = 'catalogue')
  )
}
