/**
 * One request at a time for a dialog's store: `busy` while it runs, and the
 * server's words in `error` when it fails (the dialog shows them), instead of
 * a rejection. Used by the transfer and backup folder stores.
 */
import { ref } from 'vue'
import { failureText } from '#renderer/format'

export function useBusyTask() {
  const busy = ref(false)
  const error = ref<string | null>(null)

  /** Runs `task`; resolves with its result, or undefined when it failed (`error` then says why). */
  async function run<T>(task: () => Promise<T>): Promise<T | undefined> {
    busy.value = true
    error.value = null
    try {
      return await task()
    } catch (failure) {
      error.value = failureText(failure)
      return undefined
    } finally {
      busy.value = false
    }
  }

  return { busy, error, run }
}
