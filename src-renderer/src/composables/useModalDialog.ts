/**
 * A `<dialog>` shown modal when its component mounts, with focus on the element `focus` selects inside it (none: the
 * browser's own choice, its first focusable element). When it goes (unmounted, so the browser's own return of focus
 * on close() never runs), focus goes back to what opened it, unless `returnFocus` is false (the dialog's owner
 * decides where focus goes, or leaves it where it was).
 */
import { onMounted, onUnmounted, ref, type Ref } from 'vue'

export function useModalDialog(focus?: string, returnFocus = true): Ref<HTMLDialogElement | undefined> {
  const dialog = ref<HTMLDialogElement>()
  let opener: HTMLElement | undefined
  onMounted(() => {
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
    dialog.value?.showModal()
    if (focus) dialog.value?.querySelector<HTMLElement>(focus)?.focus()
  })
  onUnmounted(() => {
    if (!returnFocus) return
    const lost = !document.activeElement || document.activeElement === document.body
    if (lost && opener?.isConnected) opener.focus()
  })
  return dialog
}
