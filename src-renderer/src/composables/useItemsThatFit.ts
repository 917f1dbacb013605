/**
 * How many of a list's items can be shown when its box clips the rest (a max-height with overflow hidden), keeping
 * room for one last item that stands for those left out (a "+N" chip). Measured after the list first renders, when
 * the number of items changes and when the list's width does (a wider window fits more, a narrower one fewer).
 */
import { nextTick, onBeforeUnmount, ref, watch, type Ref } from 'vue'

/** True when the list's content is taller than its box, so some of it is cut off. */
function overflows(list: HTMLElement): boolean {
  return list.scrollHeight > list.clientHeight + 1
}

/** The items (not counting `reserved` trailing ones) whose whole box lies inside the list's box. */
function wholeItems(list: HTMLElement, reserved: number): number {
  const bottom = list.getBoundingClientRect().bottom + 1
  const items = [...list.children].slice(0, list.children.length - reserved)
  const firstCut = items.findIndex((item) => item.getBoundingClientRect().bottom > bottom)
  return firstCut === -1 ? items.length : firstCut
}

/**
 * `items` are those the list may show (up to its limit); `total` is how many there are in all: with more than it
 * shows, the list ends with a "more" item of its own. Returns how many of `items` to render.
 */
export function useItemsThatFit(list: Ref<HTMLElement | undefined>, items: () => readonly string[], total: () => number): Ref<number> {
  const fitting = ref(items().length)
  let run = 0
  let width = -1

  /** Shows every item, then takes the cut-off ones away, then one more at a time until the "more" item fits too. */
  async function measure(): Promise<void> {
    const mine = ++run
    fitting.value = items().length
    await nextTick()
    const element = list.value
    if (mine !== run || !element || !overflows(element)) return
    fitting.value = wholeItems(element, fitting.value < total() ? 1 : 0)
    await nextTick()
    while (mine === run && fitting.value > 0 && overflows(element)) {
      fitting.value -= 1
      await nextTick()
    }
  }

  const resized = new ResizeObserver(([entry]) => {
    const now = entry?.contentRect.width ?? -1
    if (now === width) return
    width = now
    void measure()
  })
  watch(
    list,
    (element, before) => {
      if (before) resized.unobserve(before)
      width = -1
      if (element) resized.observe(element) // its first report measures
    },
    { immediate: true, flush: 'post' }
  )
  watch(
    () => items().join('\n'),
    () => void measure()
  )
  onBeforeUnmount(() => resized.disconnect())
  return fitting
}
