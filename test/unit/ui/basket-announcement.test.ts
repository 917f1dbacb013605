// @vitest-environment happy-dom
/** What the till's live regions say: every basket change with the total, and the same words twice heard twice. */
import { describe, expect, it } from 'vitest'
import { basketChangeWords, type AnnouncedLine } from '#renderer/composables/useBasketAnnouncement'
import { nextLiveText } from '#renderer/composables/useLiveText'

const basil = (quantity: number): AnnouncedLine => ({ plantId: 1, name: 'Basil', quantity })
const fern: AnnouncedLine = { plantId: 2, name: 'Fern', quantity: 1 }

describe('the basket said after a change', () => {
  it('names the line added, a second scan of it, a pots change and a removal, each with the total', () => {
    expect(basketChangeWords([], [basil(1)], 'Total £3.99')).toBe('Basil, 1 pot. Total £3.99.')
    expect(basketChangeWords([basil(1)], [basil(2)], 'Total £7.98')).toBe('Basil, 2 pots. Total £7.98.')
    expect(basketChangeWords([basil(2), fern], [basil(5), fern], 'Total £32.45')).toBe('Basil, 5 pots. Total £32.45.')
    expect(basketChangeWords([basil(2), fern], [basil(2)], 'Total £7.98')).toBe('Removed Fern. Total £7.98.')
    expect(basketChangeWords([basil(2)], [], 'Total £0.00')).toBe('Removed Basil. The basket is empty.')
  })

  it('says the total alone for a price or discount, counts lines that change at once, and says nothing of no change', () => {
    expect(basketChangeWords([basil(2), fern], [basil(2), fern], 'Total £5.00')).toBe('Total £5.00.')
    expect(basketChangeWords([], [basil(2), fern], 'Total £20.48')).toBe('3 pots in 2 lines. Total £20.48.')
    expect(basketChangeWords([basil(2), fern], [], 'Total £0.00')).toBe('The basket is empty.')
    expect(basketChangeWords([], [], 'Total £0.00')).toBe('')
  })
})

describe('a live region told the same words again', () => {
  it('changes its text (a trailing no-break space comes and goes), so it is read again', () => {
    const first = nextLiveText('', 'Added Basil.')
    const second = nextLiveText(first, 'Added Basil.')
    const third = nextLiveText(second, 'Added Basil.')
    expect(first).toBe('Added Basil.')
    expect(second).not.toBe(first)
    expect(second.trim()).toBe('Added Basil.')
    expect(third).toBe(first)
    expect(nextLiveText(first, 'Added Fern.')).toBe('Added Fern.')
  })
})
