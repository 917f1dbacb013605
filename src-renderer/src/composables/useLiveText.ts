/**
 * Text for a polite live region (`role="status"`) that screen readers read on every change, the same words twice
 * included: a region is only read when its text changes, so a repeat alternates a trailing no-break space (heard as
 * nothing, shown as nothing). Assign words to it as to any ref.
 */
import { computed, onBeforeUnmount, ref, watch, type WritableComputedRef } from 'vue'

const REPEAT_MARK = '\u00a0'

/** The next text of a region that shows `shown` and is told `words`: the words, marked apart when they repeat. */
export function nextLiveText(shown: string, words: string): string {
  return words !== '' && shown === words ? words + REPEAT_MARK : words
}

export function useLiveText(): WritableComputedRef<string> {
  const text = ref('')
  return computed({
    get: () => text.value,
    set: (words: string) => (text.value = nextLiveText(text.value, words))
  })
}

/**
 * Live text that follows `source` once it has stayed the same for `pauseMs`: what is said about a field while it is
 * typed in (the change, a short payment) waits for a pause in typing, so it never talks over each key. Nothing is
 * said until `source` first changes.
 */
export function useSettledText(source: () => string, pauseMs = 800): WritableComputedRef<string> {
  const live = useLiveText()
  let timer: ReturnType<typeof setTimeout> | undefined
  watch(source, (words) => {
    clearTimeout(timer)
    timer = setTimeout(() => (live.value = words), pauseMs)
  })
  onBeforeUnmount(() => clearTimeout(timer))
  return live
}
