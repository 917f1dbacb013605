/**
 * What a screen reader hears of the basket after every change, whatever made it (a scan, a search, the pots field,
 * +/−, Remove, a price, a discount, a reload bringing it back): the line changed with its pots, or the line removed,
 * and then the total. The words go to a polite live region (see useLiveText), so the same words twice are heard twice.
 */
import { computed, watch, type WritableComputedRef } from 'vue'
import { useBasketStore } from '#renderer/stores/basket'
import { useShopStore } from '#renderer/stores/shop'
import { useLiveText } from './useLiveText'

/** A basket line as the announcement compares it. */
export interface AnnouncedLine {
  plantId: number
  name: string
  quantity: number
}

const pots = (quantity: number) => `${quantity} pot${quantity === 1 ? '' : 's'}`

/**
 * The words for a basket that went from `before` to `after`, ending with `total` (e.g. "Total £7.98"); '' when
 * nothing a listener needs changed. One line added, changed or removed is named; more at once (a reload, the
 * basket emptied) are counted.
 */
export function basketChangeWords(before: readonly AnnouncedLine[], after: readonly AnnouncedLine[], total: string): string {
  if (after.length === 0)
    return before.length === 0 ? '' : before.length === 1 ? `Removed ${before[0]!.name}. The basket is empty.` : 'The basket is empty.'
  const removed = before.filter((line) => !after.some((each) => each.plantId === line.plantId))
  const changed = after.filter((line) => {
    const was = before.find((each) => each.plantId === line.plantId)
    return was === undefined || was.quantity !== line.quantity
  })
  const parts: string[] = []
  if (removed.length + changed.length > 1) parts.push(`${pots(after.reduce((sum, line) => sum + line.quantity, 0))} in ${after.length} lines.`)
  else if (removed.length === 1) parts.push(`Removed ${removed[0]!.name}.`)
  else if (changed.length === 1) parts.push(`${changed[0]!.name}, ${pots(changed[0]!.quantity)}.`)
  return [...parts, `${total}.`].join(' ')
}

/** The basket's live words for the till view's polite region, updated on every change of its lines or total. */
export function useBasketAnnouncement(): WritableComputedRef<string> {
  const basket = useBasketStore()
  const shop = useShopStore()
  const said = useLiveText()
  const lines = computed<AnnouncedLine[]>(() => basket.basket.lines.map(({ plantId, name, quantity }) => ({ plantId, name, quantity })))
  const total = computed(() => {
    const priced = basket.priced
    if (priced.ok) return `Total ${shop.formatMinor(priced.totals.net)}`
    return 'No total yet: a line needs a price or a smaller discount'
  })
  watch(
    () => JSON.stringify([lines.value, total.value]),
    (_now, was) => {
      const [before, beforeTotal] = JSON.parse(was) as [AnnouncedLine[], string]
      // A price or discount changed only the total: it is said alone.
      const words = basketChangeWords(before, lines.value, total.value)
      if (words !== '' && (words !== `${total.value}.` || beforeTotal !== total.value)) said.value = words
    }
  )
  return said
}
