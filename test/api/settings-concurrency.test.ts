/** Settings saved at the same moment (the currency, the backup folder): every change that answered 200 is kept. */
import { describe, expect, it } from 'vitest'
import { readSettings } from '#settings/settings'
import { createTestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

describe('settings saved at the same moment', () => {
  it('keep both the currency and the backup folder, pair after pair', async () => {
    const app = await createTestApp()
    const folders = [await makeTempDir(), await makeTempDir()]
    for (const [round, currency] of [
      'GBP',
      'USD',
      'CHF',
      'SEK',
      'AUD',
      'EUR',
      'NOK',
      'DKK',
      'GBP',
      'USD',
      'CHF',
      'SEK',
      'AUD',
      'EUR',
      'NOK',
      'DKK',
      'PLN',
      'CZK',
      'BGN',
      'RON'
    ].entries()) {
      const dir = folders[round % 2]!
      const [shop, backup] = await Promise.all([app.call('PUT', '/v3/settings/shop', { currency }), app.call('PUT', '/v3/backup', { dir })])
      expect([shop.status, backup.status]).toEqual([200, 200])
      expect(await readSettings(app.dir)).toEqual({ currency, 'backup.dir': dir })
    }
  })
})
