/** The shop's currency: GET and PUT /v3/settings/shop and `plant-store config set currency`. */
import { describe, expect, it } from 'vitest'
import { computerLocale, currencyOfLocale, readShopSettings } from '#settings/shop-settings'
import { formatMoney } from '#shared/money'
import { createTestApp } from '#setup/in-process'

describe('GET /v3/settings/shop', () => {
  it("answers the currency of the computer's locale until one is set, and the locale", async () => {
    const { call } = await createTestApp()
    const shop = await (await call('GET', '/v3/settings/shop')).json()
    expect(shop).toEqual({ currency: currencyOfLocale(computerLocale()), locale: computerLocale() })
  })

  it.each([
    ['de-DE', 'EUR'],
    ['en-GB', 'GBP'],
    ['en-US', 'USD'],
    ['de-CH', 'CHF'],
    ['de', 'EUR'],
    ['sv', 'SEK'],
    ['xx-ZZ', 'EUR']
  ])('takes the default currency of %s from its region: %s', (locale, currency) => {
    expect(currencyOfLocale(locale)).toBe(currency)
  })
})

describe('PUT /v3/settings/shop', () => {
  it('sets the currency for good (settings.json), the owner only', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'GBP' })
    expect(response.status).toBe(200)
    expect((await response.json()).currency).toBe('GBP')
    expect(await readShopSettings(app.dir, 'de-DE')).toEqual({ currency: 'GBP', locale: 'de-DE' })
    expect(formatMoney(19.99, { currency: 'GBP', locale: 'en-GB' })).toBe('£19.99')
    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    const refused = await app.call('PUT', '/v3/settings/shop', { currency: 'USD' }, { authorization: `Bearer ${token}` })
    expect(refused.status).toBe(403)
    expect((await refused.json()).detail).toMatch(/^Only the owner's token may change the shop's currency/)
    const readOnly = await (await app.call('POST', '/v3/tokens', { name: 'screen', scope: 'read-only' })).json()
    expect((await app.call('PUT', '/v3/settings/shop', { currency: 'USD' }, { authorization: `Bearer ${readOnly.token}` })).status).toBe(403)
    expect((await (await app.call('GET', '/v3/settings/shop')).json()).currency).toBe('GBP')
  })

  it.each([['XYZ'], ['gbp'], ['EURO'], [12], [null]])('refuses %j with 400 naming currency, changing nothing', async (currency) => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors).toEqual([{ field: 'currency', message: expect.stringContaining('ISO 4217') }])
    expect(problem.detail).toMatch(/^The shop setting was not changed: /)
    expect((await (await app.call('GET', '/v3/settings/shop')).json()).currency).toBe(currencyOfLocale(computerLocale()))
  })

  it('refuses an unknown field', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'GBP', locale: 'en-GB' })
    expect((await response.json()).errors[0].field).toBe('locale')
  })
})
