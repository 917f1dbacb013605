/**
 * A `<dialog>` shown modal when its component mounts, with focus on the element `focus` selects inside it. When it
 * goes (unmounted, so the browser's own return of focus on close() never runs), focus goes back to what opened it.
 */
import { onMounted, onUnmounted, ref, type Ref } from 'vue'

export function useModalDialog(focus: string): Ref<HTMLDialogElement | undefined> {
  const dialog = ref<HTMLDialogElement>()
  let opener: HTMLElement | undefined
  onMounted(() => {
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
    dialog.value?.showModal()
    dialog.value?.querySelector<HTMLElement>(focus)?.focus()
  })
  onUnmounted(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (lost && opener?.isConnected) opener.focus()
  })
  return dialog
}
