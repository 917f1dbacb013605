/** The shop's currency, time zone and locale: GET and PUT /v3/settings/shop. */
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTINGS_FILE_NAME, writeSetting } from '#settings/settings'
import { computerLocale, currencyOfLocale, readShopSettings } from '#settings/shop-settings'
import { formatMoney } from '#shared/money'
import { computerTimeZone } from '#shared/shop-day'
import { createTestApp } from '#setup/in-process'

describe('GET /v3/settings/shop', () => {
  it("answers the currency of the computer's locale until one is set, and the locale", async () => {
    const { call } = await createTestApp()
    const shop = await (await call('GET', '/v3/settings/shop')).json()
    expect(shop).toEqual({ currency: currencyOfLocale(computerLocale()), locale: computerLocale(), timeZone: computerTimeZone() })
  })

  it.each([
    ['de-DE', 'EUR'],
    ['en-GB', 'GBP'],
    ['en-US', 'USD'],
    ['de-CH', 'CHF'],
    ['sv-SE', 'SEK'],
    ['xx-ZZ', 'EUR'],
    // No region named: never guessed from the language ("en" or Node's "und" for LANG=C would be the United States).
    ['en', 'EUR'],
    ['und', 'EUR'],
    ['de', 'EUR'],
    ['sv', 'EUR']
  ])('takes the default currency of %s from the region it names: %s', (locale, currency) => {
    expect(currencyOfLocale(locale)).toBe(currency)
  })
})

describe('settings changed by another process while serving', () => {
  it('are answered at once, though the server holds the settings it read (plant-store config set writes the file itself)', async () => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/settings/shop', { currency: 'GBP' })
    const minuteAgo = new Date(Date.now() - 60_000)
    await utimes(path.join(app.dir, SETTINGS_FILE_NAME), minuteAgo, minuteAgo) // an old file: held, not read again
    expect((await (await app.call('GET', '/v3/settings/shop')).json()).currency).toBe('GBP')
    await writeSetting(app.dir, 'currency', 'CHF') // what `config set currency CHF` does, from its own process
    expect((await (await app.call('GET', '/v3/settings/shop')).json()).currency).toBe('CHF')
  })
})

describe('PUT /v3/settings/shop', () => {
  it('sets the currency for good (settings.json), the owner only', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'GBP' })
    expect(response.status).toBe(200)
    expect((await response.json()).currency).toBe('GBP')
    expect(await readShopSettings(app.dir, 'de-DE', 'Europe/Berlin')).toEqual({ currency: 'GBP', locale: 'de-DE', timeZone: 'Europe/Berlin' })
    expect(formatMoney(19.99, { currency: 'GBP', locale: 'en-GB' })).toBe('£19.99')
    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    const refused = await app.call('PUT', '/v3/settings/shop', { currency: 'USD' }, { authorization: `Bearer ${token}` })
    expect(refused.status).toBe(403)
    expect((await refused.json()).detail).toMatch(/^Only the owner's token may change the shop's settings/)
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

  it('refuses a code of three capitals that is no money currency (XXX) saying so, not that it is not three capitals', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'XXX' })
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0].message).toBe(
      'currency XXX is not a money currency this computer knows; choose an ISO 4217 currency such as EUR, GBP or USD'
    )
  })

  it.each([
    ['JPY', 'no decimals'],
    ['KWD', '3 decimals']
  ])('refuses %s, whose amounts do not have the two decimals prices are kept with, in words', async (currency, decimals) => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors).toEqual([
      { field: 'currency', message: expect.stringContaining(`currency ${currency} cannot be used: its amounts have ${decimals}`) }
    ])
    expect(problem.errors[0].message).toContain('choose a currency with two decimals such as EUR, GBP or USD')
  })

  it('shows a price in a currency set earlier without cents as it is kept, never rounded', () => {
    expect(formatMoney(6.9, { currency: 'JPY', locale: 'en-US' })).toBe('¥6.90')
  })

  it('does not default to a currency that cannot be set', () => {
    expect(currencyOfLocale('ja-JP')).toBe('EUR')
  })

  it('sets the time zone, leaving the currency as it is, and the currency leaving the time zone', async () => {
    const app = await createTestApp()
    const zoned = await app.call('PUT', '/v3/settings/shop', { timeZone: 'America/New_York' })
    expect(zoned.status).toBe(200)
    expect(await zoned.json()).toMatchObject({ currency: currencyOfLocale(computerLocale()), timeZone: 'America/New_York' })
    await app.call('PUT', '/v3/settings/shop', { currency: 'USD' })
    expect(await readShopSettings(app.dir, 'en-US', 'Europe/Berlin')).toEqual({ currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' })
  })

  it.each(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Calcutta'])('accepts the time zone %s and stores it as given', async (timeZone) => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { timeZone })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ timeZone })
    expect((await readShopSettings(app.dir, 'en-US', 'Europe/Berlin')).timeZone).toBe(timeZone)
  })

  it.each([
    ['europe/berlin', 'timeZone must be written as the IANA name is: "Europe/Berlin" (got "europe/berlin")'],
    ['Mars/Olympus_Mons', 'timeZone must be an IANA time zone name such as Europe/Berlin or America/New_York; got "Mars/Olympus_Mons"'],
    [120, 'timeZone must be an IANA time zone name such as Europe/Berlin or America/New_York; got 120']
  ])('refuses the time zone %j with 400 naming timeZone, changing nothing', async (timeZone, message) => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'GBP', timeZone })
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual([{ field: 'timeZone', message }])
    expect(await readShopSettings(app.dir, 'de-DE', 'Europe/Berlin')).toEqual({ currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' })
  })

  it('refuses an empty body with 400 saying what it may change, changing nothing', async () => {
    const app = await createTestApp()
    const before = await (await app.call('GET', '/v3/settings/shop')).json()
    const response = await app.call('PUT', '/v3/settings/shop', {})
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors).toEqual([{ field: '', message: expect.stringMatching(/^say what to change: currency, timeZone/) }])
    expect(problem.detail).toMatch(/^The shop setting was not changed: say what to change: currency, timeZone/)
    expect(await (await app.call('GET', '/v3/settings/shop')).json()).toEqual(before)
  })

  it('refuses an unknown field', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', { currency: 'GBP', language: 'en-GB' })
    expect((await response.json()).errors[0].field).toBe('language')
  })
})

describe("the shop's locale", () => {
  it("is the computer's until set; once set it is answered, kept, and the currency stays", async () => {
    const app = await createTestApp()
    const before = (await (await app.call('GET', '/v3/settings/shop')).json()) as { currency: string; locale: string }
    expect(before.locale).toBe(computerLocale())
    const response = await app.call('PUT', '/v3/settings/shop', { locale: 'en-US' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...before, locale: 'en-US' })
    expect(await (await app.call('GET', '/v3/settings/shop')).json()).toEqual({ ...before, locale: 'en-US' })
    expect(await readShopSettings(app.dir, 'de-DE', 'Europe/Berlin')).toMatchObject({ locale: 'en-US', currency: currencyOfLocale('de-DE') })
  })

  it.each([
    ['en-gb', 'locale must be written as Intl spells it: "en-GB" (got "en-gb")'],
    ['English', 'locale must be a language and region such as en-GB, en-US or de-DE'],
    ['xx-YY', 'locale must be a language and region such as en-GB'],
    [7, 'locale must be a language and region such as en-GB']
  ])('refuses %j in words, changing nothing', async (locale, words) => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/settings/shop', { locale: 'en-GB' })
    const response = await app.call('PUT', '/v3/settings/shop', { locale, currency: 'EUR' })
    expect(response.status).toBe(400)
    const problem = (await response.json()) as { errors: { field: string; message: string }[] }
    expect(problem.errors).toEqual([{ field: 'locale', message: expect.stringContaining(words) }])
    expect(await (await app.call('GET', '/v3/settings/shop')).json()).toMatchObject({ locale: 'en-GB' })
  })

  it('is used for the dates and times of a receipt and the Z report: a UK shop writes 08/11/2026, 19:51 and a US one 11/08/2026, 07:51 PM', async () => {
    const app = await createTestApp({ now: () => new Date('2026-11-08T19:51:00.000Z') })
    await app.call('PUT', '/v3/settings/shop', { locale: 'en-GB', timeZone: 'Europe/London' })
    await app.call('POST', '/v3/plant', { name: 'Fern', price: 5, quantity: 2 })
    await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 500 }] })
    expect(await (await app.call('GET', '/v3/sales/1/receipt')).text()).toContain('08/11/2026, 19:51 · Till')
    await app.call('PUT', '/v3/settings/shop', { locale: 'en-US' })
    expect(await (await app.call('GET', '/v3/sales/1/receipt')).text()).toContain('11/08/2026, 07:51 PM · Till')
    expect((await app.call('POST', '/v3/days/current/close', { counted: 0, nextFloat: 0 })).status).toBe(201)
    expect(await (await app.call('GET', '/v3/days/1/report')).text()).toContain('closed 11/08/2026, 07:51 PM')
  })
})

describe('a shop settings body with a key twice', () => {
  it('is refused as a shop setting not changed, not as "not a plant"', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/settings/shop', '{"timeZone":"UTC","timeZone":"UTC"}')
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.detail).toBe('The shop setting was not changed: the key "timeZone" is given more than once; give each field once.')
  })
})
