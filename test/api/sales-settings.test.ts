/** PUT and GET /v3/settings/sales: prices with or without tax, named rates, a category's rate; owner only. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

const settings = {
  pricesIncludeTax: false,
  taxRates: [
    { id: 'reduced', name: 'Plants 7%', percent: 7 },
    { id: 'standard', name: 'Standard 19%', percent: 19 }
  ],
  defaultTaxRate: 'standard',
  categoryTaxRates: { Herbs: 'reduced' },
  shopName: 'The Green Shed',
  vatNumber: 'GB123456789'
}

describe('sales settings', () => {
  it('are prices including tax and no rates until set', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/settings/sales')).json()).toEqual({ pricesIncludeTax: true, taxRates: [] })
  })

  it('are replaced whole by the owner and read back', async () => {
    const app = await createTestApp()
    const put = await app.call('PUT', '/v3/settings/sales', settings)
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual(settings)
    expect(await (await app.call('GET', '/v3/settings/sales')).json()).toEqual(settings)
  })

  it('refuse a rate id that names no rate, or one used twice, naming the field', async () => {
    const app = await createTestApp()
    const put = await app.call('PUT', '/v3/settings/sales', {
      ...settings,
      taxRates: [...settings.taxRates, { id: 'reduced', name: 'again', percent: 5 }],
      categoryTaxRates: { Herbs: 'zero' }
    })
    expect(put.status).toBe(400)
    expect(((await put.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([
      'taxRates[2].id',
      'categoryTaxRates.Herbs'
    ])
    expect(await (await app.call('GET', '/v3/settings/sales')).json()).toEqual({ pricesIncludeTax: true, taxRates: [] })
  })

  it('refuse two spellings of one category, which would leave its rate to chance', async () => {
    const app = await createTestApp()
    const put = await app.call('PUT', '/v3/settings/sales', { ...settings, categoryTaxRates: { Herbs: 'reduced', ' herbs': 'standard' } })
    expect(put.status).toBe(400)
    expect(((await put.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: 'categoryTaxRates. herbs', message: '" herbs" and "Herbs" are one category; give it one rate' }
    ])
  })

  it('refuse a rate for a blank category, which no plant could ever take', async () => {
    const app = await createTestApp()
    for (const blank of ['', '   ', '\u00a0']) {
      const put = await app.call('PUT', '/v3/settings/sales', { ...settings, categoryTaxRates: { Herbs: 'reduced', [blank]: 'standard' } })
      expect(put.status, JSON.stringify(blank)).toBe(400)
      expect(((await put.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([
        { field: 'categoryTaxRates', message: 'a category name is blank; name the category the rate is for' }
      ])
    }
  })

  it('refuse a percent with three decimals', async () => {
    const app = await createTestApp()
    const put = await app.call('PUT', '/v3/settings/sales', { pricesIncludeTax: true, taxRates: [{ id: 'a', name: 'A', percent: 7.775 }] })
    expect(put.status).toBe(400)
  })

  it('keep an address and a receipt footer of a few lines, each trimmed, blank lines dropped', async () => {
    const app = await createTestApp()
    const put = await app.call('PUT', '/v3/settings/sales', {
      ...settings,
      shopAddress: ' 1 Mill Lane \r\n\n Bristol BS1 4DJ ',
      receiptFooter: 'Returns within 28 days with this receipt.\nThank you!'
    })
    expect(put.status).toBe(200)
    expect(await (await app.call('GET', '/v3/settings/sales')).json()).toMatchObject({
      shopAddress: '1 Mill Lane\nBristol BS1 4DJ',
      receiptFooter: 'Returns within 28 days with this receipt.\nThank you!'
    })
  })

  it('refuse a footer with a control character, too many lines or nothing to print, naming the line and keeping the settings', async () => {
    const app = await createTestApp()
    expect((await app.call('PUT', '/v3/settings/sales', { ...settings, receiptFooter: 'Thanks' })).status).toBe(200)
    const refusals: [string, string][] = [
      ['Thanks\nOpen \u001b[2J daily', 'receiptFooter line 2 contains a control character (U+001B)'],
      [Array.from({ length: 7 }, (_, i) => `line ${i + 1}`).join('\n'), 'receiptFooter has 7 lines; at most 6 are printed'],
      [' \n \n', 'receiptFooter must not be blank'],
      ['x'.repeat(401), 'receiptFooter is 401 characters long; at most 400 are allowed']
    ]
    for (const [receiptFooter, words] of refusals) {
      const put = await app.call('PUT', '/v3/settings/sales', { ...settings, receiptFooter })
      expect(put.status).toBe(400)
      const { errors } = (await put.json()) as { errors: { field: string; message: string }[] }
      expect(errors).toHaveLength(1)
      expect(errors[0]!.field).toBe('receiptFooter')
      expect(errors[0]!.message).toContain(words)
    }
    expect(await (await app.call('GET', '/v3/settings/sales')).json()).toMatchObject({ receiptFooter: 'Thanks' })
  })
})
