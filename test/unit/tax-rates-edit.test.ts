/** The owner's changes to the VAT rates (Settings → Shop & VAT, `config set`): ids from names, rates in use kept. */
import { describe, expect, it } from 'vitest'
import { rateIdOf, removalRefusal, withCategoryRate, withDefaultRate, withRate, withoutRate } from '#shared/tax-rates-edit'
import type { SalesSettings } from '#shared/tax'

const settings: SalesSettings = {
  pricesIncludeTax: true,
  taxRates: [
    { id: 'standard', name: 'Standard 20%', percent: 20 },
    { id: 'reduced', name: 'Reduced 5%', percent: 5 }
  ],
  defaultTaxRate: 'standard',
  categoryTaxRates: { Herbs: 'reduced', Seeds: 'reduced' }
}

describe('tax rate edits', () => {
  it('make an id from a name, unlike the ids taken', () => {
    expect(rateIdOf('Plants 5%', [])).toBe('plants-5')
    expect(rateIdOf('Ermäßigt 7 %', [])).toBe('ermassigt-7')
    expect(rateIdOf('Plants 5%', ['plants-5', 'plants-5-2'])).toBe('plants-5-3')
    expect(rateIdOf('%%%', [])).toBe('rate')
    expect(rateIdOf('x'.repeat(80), [])).toHaveLength(36)
  })

  it('refuse to remove a rate in use, saying where, and remove one that is not', () => {
    expect(removalRefusal(settings, 'reduced')).toBe('“Reduced 5%” is the rate of Herbs, Seeds: choose another rate for them first, then remove it')
    expect(removalRefusal(settings, 'standard')).toBe('“Standard 20%” is the default rate: choose another rate for the default first, then remove it')
    expect(() => withoutRate(settings, 'reduced')).toThrow(/rate of Herbs, Seeds/)
    const free = withCategoryRate(withCategoryRate(settings, 'herbs', undefined), 'Seeds', undefined)
    expect(free.categoryTaxRates).toBeUndefined()
    expect(withoutRate(free, 'reduced').taxRates.map((rate) => rate.id)).toEqual(['standard'])
  })

  it('rename a rate in place and add a new one at the end', () => {
    expect(withRate(settings, { id: 'reduced', name: 'Plants 7%', percent: 7 }).taxRates[1]).toEqual({ id: 'reduced', name: 'Plants 7%', percent: 7 })
    expect(withRate(settings, { id: 'zero', name: 'Zero', percent: 0 }).taxRates.map((rate) => rate.id)).toEqual(['standard', 'reduced', 'zero'])
  })

  it('give a category one rate whatever its spelling, and set or clear the default', () => {
    expect(withCategoryRate(settings, ' HERBS ', 'standard').categoryTaxRates).toEqual({ Seeds: 'reduced', HERBS: 'standard' })
    expect(withDefaultRate(settings, undefined)).not.toHaveProperty('defaultTaxRate')
    expect(withDefaultRate(settings, 'reduced').defaultTaxRate).toBe('reduced')
  })
})
