/** A `<dialog>` shown modal when its component mounts, with focus on the element `focus` selects inside it. */
import { onMounted, ref, type Ref } from 'vue'

export function useModalDialog(focus: string): Ref<HTMLDialogElement | undefined> {
  const dialog = ref<HTMLDialogElement>()
  onMounted(() => {
    dialog.value?.showModal()
    dialog.value?.querySelector<HTMLElement>(focus)?.focus()
  })
  return dialog
}
