import { describe, expect, it } from 'vitest'
import { countOf } from '#shared/words'

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
