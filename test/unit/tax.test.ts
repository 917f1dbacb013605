/** The one rounding of money (half away from zero, exact at any size) and tax included in a price or added to it. */
import { describe, expect, it } from 'vitest'
import { divideRounded, taxOf, taxRateOf, type SalesSettings } from '#shared/tax'

const reduced = { id: 'reduced', name: 'Plants 7%', percent: 7 }
const standard = { id: 'standard', name: 'Standard 19%', percent: 19 }

describe('divideRounded', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [7, 2, 4],
    [4, 3, 1],
    [-4, 3, -1],
    [1, 3, 0],
    [0, 7, 0]
  ])('%i / %i is %i (half away from zero)', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected)
  })

  it('is exact where floats are not', () => {
    expect(divideRounded(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496)
    expect(divideRounded(100_000_000_000 * 1900 + 5000, 10_000)).toBe(19_000_000_001)
  })
})

describe('taxOf', () => {
  it('takes the tax out of a price that includes it, rounded per line', () => {
    expect(taxOf(1070, reduced, true)).toBe(70) // 10.70 incl. 7% holds 0.70
    expect(taxOf(1000, reduced, true)).toBe(65) // 65.42… → 65
    expect(taxOf(1199, standard, true)).toBe(191) // 191.43… → 191
    expect(taxOf(25, standard, true)).toBe(4) // 3.99… → 4
  })

  it('adds the tax to a price that excludes it, a half cent going up', () => {
    expect(taxOf(1000, reduced, false)).toBe(70)
    expect(taxOf(50, reduced, false)).toBe(4) // 3.5 → 4
    expect(taxOf(-50, reduced, false)).toBe(-4) // a refund mirrors it: -3.5 → -4
    expect(taxOf(1000, { id: 'x', name: 'Swiss 7.7%', percent: 7.7 }, false)).toBe(77)
  })

  it('is nothing without a rate', () => {
    expect(taxOf(1000, undefined, true)).toBe(0)
  })
})

describe('taxRateOf', () => {
  const settings: SalesSettings = {
    pricesIncludeTax: true,
    taxRates: [reduced, standard],
    defaultTaxRate: 'standard',
    categoryTaxRates: { Herbs: 'reduced' }
  }

  it("takes the category's rate, else the default, else none", () => {
    expect(taxRateOf('Herbs', settings)).toEqual(reduced)
    expect(taxRateOf('Pots', settings)).toEqual(standard)
    expect(taxRateOf(undefined, settings)).toEqual(standard)
    expect(taxRateOf('Herbs', { pricesIncludeTax: true, taxRates: [] })).toBeUndefined()
  })

  it('matches a category as reports group it, whatever its case or spacing', () => {
    expect(taxRateOf('herbs', settings)).toEqual(reduced)
    expect(taxRateOf(' HERBS ', settings)).toEqual(reduced)
  })

  it('matches a category whose inner spacing differs (two spaces, a no-break space) as the one it looks like', () => {
    const sweet = { ...settings, categoryTaxRates: { 'Sweet Herbs': 'reduced' } }
    for (const category of ['Sweet  Herbs', 'sweet\u00a0herbs', 'Sweet\tHerbs']) expect(taxRateOf(category, sweet), category).toEqual(reduced)
  })

  it('gives every spelling of one category the same rate, even from settings that hold two spellings (a file edited by hand)', () => {
    const twice = { ...settings, categoryTaxRates: { herbs: 'reduced', Herbs: 'standard', HERBS: 'standard' } }
    for (const category of ['herbs', 'Herbs', 'HERBS', ' Herbs ']) expect(taxRateOf(category, twice), category).toEqual(reduced)
  })

  it("takes the default for a category named like one of JavaScript's own members", () => {
    for (const category of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect(taxRateOf(category, settings)).toEqual(standard)
      expect(taxRateOf(category, { ...settings, categoryTaxRates: JSON.parse(`{"${category}": "reduced"}`) })).toEqual(reduced)
    }
  })
})
