/**
 * One Settings form's save: `saving` while it runs (a second press meanwhile does nothing), a toast saying what
 * changed once it is saved, and its refusal in words under the form (`error`), cleared when the next save starts.
 */
import { ref, type Ref } from 'vue'
import { useToastsStore } from '#renderer/stores/toasts'

/** What {@link useSettingSave} gives a form. */
export interface SettingSave {
  error: Ref<string>
  saving: Ref<boolean>
  /** Runs `attempt` unless a save runs already; then toasts `success()`, or shows `refusal(failure)` under the form. */
  save(attempt: () => Promise<unknown>, success: () => string, refusal: (failure: unknown) => string): Promise<void>
}

export function useSettingSave(): SettingSave {
  const error = ref('')
  const saving = ref(false)
  const toasts = useToastsStore()

  async function save(attempt: () => Promise<unknown>, success: () => string, refusal: (failure: unknown) => string): Promise<void> {
    if (saving.value) return
    saving.value = true
    error.value = ''
    try {
      await attempt()
      toasts.success(success())
    } catch (failure) {
      error.value = refusal(failure)
    } finally {
      saving.value = false
    }
  }

  return { error, saving, save }
}
