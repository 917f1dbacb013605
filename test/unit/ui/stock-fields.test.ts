/** A stock-take count's change, checked for a slip: more than half of what the line had and more than 20 pots. */
import { describe, expect, it } from 'vitest'
import { changeText, isBigChange, readPotsText } from '#renderer/stock-fields'

describe('a count that changes the stock a lot', () => {
  it('is more than half of the line and more than 20 pots, both', () => {
    expect(isBigChange(22, 920)).toBe(true) // a leftover "9" before 20
    expect(isBigChange(100, 40)).toBe(true) // −60: more than half, more than 20
    expect(isBigChange(0, 21)).toBe(true) // a line with none, counted at 21
    expect(isBigChange(0, 20)).toBe(false) // 20 pots is not more than 20
    expect(isBigChange(2, 5)).toBe(false) // more than half, but 3 pots
    expect(isBigChange(400, 370)).toBe(false) // 30 pots, but under half
    expect(isBigChange(40, 61)).toBe(true) // 21 pots, over half of 40
    expect(isBigChange(40, 60)).toBe(false) // exactly half is not more
  })

  it('is written as the review shows it', () => {
    expect(changeText(22, 920)).toBe('22 → 920 (+898)')
    expect(changeText(1200, 1000)).toBe('1,200 → 1,000 (−200)')
    expect(changeText(5, 5)).toBe('5 → 5 (±0)')
  })
})

describe('pots typed into a stock field', () => {
  it('are digits only, within what a line holds', () => {
    expect(readPotsText(' 37 ', 0)).toBe(37)
    expect(readPotsText('0', 0)).toBe(0)
    expect(readPotsText('0', 1)).toBeUndefined()
    for (const typed of ['1e3', '12.5', '-1', '0x10', '', '1000001']) expect(readPotsText(typed, 0), typed).toBeUndefined()
  })
})
