/**
 * Keyboard users keep their place: when a dialog closes, focus goes back to the row it was opened for (its Edit
 * button), else to what opened it, else to a fallback (Add plant).
 */
import { nextTick } from 'vue'

export function useReturnFocus(fallback: () => void) {
  let back: (() => void) | undefined

  return {
    /** Call as the dialog opens; `plantId` names the row it edits. */
    remember(plantId?: number): void {
      const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : undefined
      back = () => {
        const row = plantId === undefined ? null : document.querySelector<HTMLElement>(`[data-plant-id="${plantId}"] .row-edit`)
        const target = row ?? (opener?.isConnected ? opener : undefined)
        if (target) target.focus()
        else fallback()
      }
    },
    /** Call once the dialog is closed. */
    restore(): void {
      const run = back
      back = undefined
      void nextTick(() => run?.())
    }
  }
}
