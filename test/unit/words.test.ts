import { describe, expect, it } from 'vitest'
import { countOf, plantCountText } from '#shared/words'

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'plant')).toBe('1 plant')
    expect(countOf(0, 'plant')).toBe('0 plants')
    expect(countOf(2, 'plant')).toBe('2 plants')
    expect(countOf(1.5, 'plant')).toBe('1.5 plants')
  })

  it('takes an irregular plural', () => {
    expect(countOf(3, 'cactus', 'cacti')).toBe('3 cacti')
    expect(countOf(1, 'cactus', 'cacti')).toBe('1 cactus')
  })
})

describe('plantCountText', () => {
  it('counts the plants the shop sees, and names the deleted ones apart as restorable', () => {
    expect(plantCountText({ plantCount: 27, deletedCount: 6 })).toBe('27 plants (and 6 deleted, restorable)')
    expect(plantCountText({ plantCount: 1, deletedCount: 1 })).toBe('1 plant (and 1 deleted, restorable)')
    expect(plantCountText({ plantCount: 27, deletedCount: 0 })).toBe('27 plants')
  })
})
