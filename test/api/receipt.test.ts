/** A sale's receipt as printable HTML: the shop's head from the settings, lines, tax, payments, change, the number as text. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('the receipt page', () => {
  it('prints the shop, the lines, the tax breakdown, payments, change and the receipt number; escapes what the shop typed', async () => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/settings/sales', {
      pricesIncludeTax: true,
      taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
      defaultTaxRate: 'reduced',
      shopName: 'The Green <Shed>',
      shopAddress: '1 Mill Lane\nBristol',
      vatNumber: 'GB123456789',
      receiptFooter: 'Returns within 28 days\n<Thank you>'
    })
    await app.call('POST', '/v3/plant', { name: 'Basil & Thyme', price: 3.99, quantity: 5 })
    const sold = await app.call('POST', '/v3/sales', {
      lines: [{ plantId: 1, quantity: 2, discount: { amount: 98, reason: 'wilted' } }],
      payments: [{ method: 'cash', amount: 700, given: 1000 }]
    })
    expect(sold.status).toBe(201)
    for (const paper of ['80mm', '58mm', 'a5']) {
      const response = await app.call('GET', `/v3/sales/1/receipt?paper=${paper}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await response.text()
      expect(html).toContain('The Green &lt;Shed&gt;')
      expect(html).toContain('<div>1 Mill Lane</div><div>Bristol</div>')
      expect(html).toMatch(
        /keep it for returns<\/p><div class="shop-footer"><div>Returns within 28 days<\/div><div>&lt;Thank you&gt;<\/div><\/div><\/footer>/
      )
      expect(html).toContain('VAT GB123456789')
      expect(html).toContain('2 × Basil &amp; Thyme <small>PS-1</small>') // the code tells two plants of one name apart
      expect(html).toContain('discount: wilted')
      expect(html).toMatch(/Plants 7% on [^<]*6[.,]54<\/td><td class="n">[^<]*0[.,]46/) // 7.00 holds 0.458 → 0.46
      expect(html).toMatch(/Change<\/td><td class="n">[^<]*3[.,]00/)
      expect(html).toContain('<strong id="receipt-number">1</strong>')
      expect(html).not.toContain('<script')
    }
    expect(await (await app.call('GET', '/v3/sales/1/receipt')).text()).toContain('size: 80mm auto')
    expect((await app.call('GET', '/v3/sales/1/receipt?paper=a4')).status).toBe(400)
    expect((await app.call('GET', '/v3/sales/2/receipt')).status).toBe(404)
  })

  it("prints the time as the shop's clock shows it, in its time zone and locale (a sale at 23:30 UTC is 00:30 the next day in Berlin)", async () => {
    const app = await createTestApp({ now: () => new Date('2026-11-24T23:30:00.000Z') })
    expect((await app.call('PUT', '/v3/settings/shop', { timeZone: 'Europe/Berlin', locale: 'de-DE' })).status).toBe(200)
    await app.call('POST', '/v3/plant', { name: 'Fern', price: 5, quantity: 2 })
    expect((await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 500 }] })).status).toBe(
      201
    )
    const html = await (await app.call('GET', '/v3/sales/1/receipt')).text()
    expect(html).toContain('25.11.2026, 00:30 · Till</p>') // the main computer's own till, never its token name "ui"
    expect(html).not.toContain('UTC')
  })
})
