/**
 * A refund's slip as printable HTML (GET /v3/sales/{receipt}/refunds/{refund}/slip): the shop's head, the refund's and
 * the original receipt's numbers, the lines given back with their plant codes, the tax in the money back, the money
 * back by method, the reason; on each paper; what the shop or the till typed escaped.
 */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

async function soldAndRefunded() {
  const app = await createTestApp()
  await app.call('PUT', '/v3/settings/sales', {
    pricesIncludeTax: true,
    taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
    defaultTaxRate: 'reduced',
    shopName: 'The Green <Shed>',
    shopAddress: '1 Mill Lane, Bristol',
    vatNumber: 'GB123456789'
  })
  await app.call('POST', '/v3/plant', { name: 'Basil & Thyme', price: 3.99, quantity: 5 })
  await app.call('POST', '/v3/plant', { name: 'Fern', price: 12.5 })
  // Receipt 1 is another customer's; the refund is of receipt 2.
  await app.call('POST', '/v3/sales', { lines: [{ plantId: 2, quantity: 1 }], payments: [{ method: 'card', amount: 1250 }] })
  const sold = await app.call('POST', '/v3/sales', {
    lines: [{ plantId: 1, quantity: 3 }],
    payments: [{ method: 'cash', amount: 1197, given: 2000 }]
  })
  expect(sold.status).toBe(201)
  const refund = await app.call('POST', '/v3/sales/2/refunds', {
    lines: [{ line: 1, quantity: 2, restock: false }],
    reason: 'wilted <in a week>',
    payments: [
      { method: 'cash', amount: 500 },
      { method: 'card', amount: 298 }
    ]
  })
  expect(refund.status).toBe(201)
  return app
}

describe('the refund slip', () => {
  it('prints the shop, the refund and receipt numbers, the lines with their codes, tax, money back by method and the reason', async () => {
    const app = await soldAndRefunded()
    for (const [paper, size] of [
      ['80mm', '80mm auto'],
      ['58mm', '58mm auto'],
      ['a5', 'A5']
    ]) {
      const response = await app.call('GET', `/v3/sales/2/refunds/1/slip?paper=${paper}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await response.text()
      expect(html).toContain(`size: ${size}`)
      expect(html).toContain('<title>Refund 1 of receipt 2</title>')
      expect(html).toContain('The Green &lt;Shed&gt;')
      expect(html).toContain('1 Mill Lane, Bristol')
      expect(html).toContain('VAT GB123456789')
      expect(html).toContain('Refund <strong id="refund-number">1</strong> of receipt <strong id="receipt-number">2</strong>')
      expect(html).toMatch(/ · Till( |<)/) // the main computer's own till, never its token name "ui"
      expect(html).toMatch(/2 × Basil &amp; Thyme <small>PS-1<\/small><\/td><td class="n">[^<]*7[.,]98/)
      expect(html).toMatch(/Refunded<\/td><td class="n">[^<]*7[.,]98/)
      expect(html).toMatch(/Plants 7% on [^<]*7[.,]46<\/td><td class="n">[^<]*0[.,]52/) // 7.98 holds 0.522 → 0.52
      expect(html).toMatch(/Cash<\/td><td class="n">[^<]*5[.,]00/)
      expect(html).toMatch(/Card<\/td><td class="n">[^<]*2[.,]98/)
      expect(html).toContain('Reason: wilted &lt;in a week&gt;')
      expect(html).not.toContain('<script')
    }
    expect(await (await app.call('GET', '/v3/sales/2/refunds/1/slip')).text()).toContain('size: 80mm auto')
  })

  it('is refused for a refund of another receipt, an unknown one, a bad number or paper', async () => {
    const app = await soldAndRefunded()
    const other = await app.call('GET', '/v3/sales/1/refunds/1/slip')
    expect(other.status).toBe(404)
    expect((await other.json()).detail).toBe('Receipt 1 has no refund number 1; GET /v3/sales/1/refunds lists its refunds.')
    expect((await app.call('GET', '/v3/sales/2/refunds/2/slip')).status).toBe(404)
    expect((await app.call('GET', '/v3/sales/3/refunds/1/slip')).status).toBe(404)
    expect((await app.call('GET', '/v3/sales/2/refunds/0/slip')).status).toBe(400)
    expect((await app.call('GET', '/v3/sales/2/refunds/1/slip?paper=a4')).status).toBe(400)
  })
})
