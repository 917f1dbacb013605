/**
 * The X and Z reports as printable pages, like the receipt (the same papers, the same policy: no script, nothing
 * loaded): the shop's head, the takings, by payment and tax rate, the cash expected, and for a closed day the cash
 * counted and the difference.
 */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('the printable day reports', () => {
  it('print the X report so far and a closed day’s Z report with the cash counted and the difference', async () => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/settings/sales', {
      pricesIncludeTax: true,
      taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
      defaultTaxRate: 'reduced',
      shopName: 'The Green <Shed>'
    })
    await app.call('POST', '/v3/plant', { name: 'Basil', price: 4, quantity: 10 })
    await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 800 }] })
    await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 400 }] })

    const x = await app.call('GET', '/v3/days/current/report')
    expect(x.status).toBe(200)
    expect(x.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(x.headers.get('content-security-policy')).toContain("default-src 'none'")
    const xHtml = await x.text()
    expect(xHtml).toContain('The Green &lt;Shed&gt;')
    expect(xHtml).toContain('X report, day 1 (not closed)')
    expect(xHtml).toMatch(/Net takings<\/td><td class="n">[^<]*12[.,]00/)
    expect(xHtml).toMatch(/Cash<\/td><td class="n">[^<]*8[.,]00/)
    expect(xHtml).toMatch(/Card<\/td><td class="n">[^<]*4[.,]00/)
    expect(xHtml).toMatch(/Plants 7% on [^<]*11[.,]22<\/td><td class="n">[^<]*0[.,]78/)
    expect(xHtml).not.toContain('Counted')
    expect(xHtml).not.toContain('<script')

    expect((await app.call('POST', '/v3/days/current/close', { counted: 750, nextFloat: 100 })).status).toBe(201)
    const z = await app.call('GET', '/v3/days/1/report?paper=58mm')
    expect(z.status).toBe(200)
    expect(z.headers.get('content-security-policy')).toBe((await app.call('GET', '/v3/sales/1/receipt')).headers.get('content-security-policy'))
    const zHtml = await z.text()
    expect(zHtml).toContain('Z report, day 1')
    expect(zHtml).toContain('size: 58mm auto')
    expect(zHtml).toMatch(/Expected in the drawer<\/td><td class="n">[^<]*8[.,]00/)
    expect(zHtml).toMatch(/Counted<\/td><td class="n">[^<]*7[.,]50/)
    expect(zHtml).toMatch(/Short<\/td><td class="n">−[^<]*0[.,]50/)
    expect(zHtml).toMatch(/Left for the next day<\/td><td class="n">[^<]*1[.,]00/)

    expect(await (await app.call('GET', '/v3/days/current/report')).text()).toContain('X report, day 2 (not closed)')
    expect((await app.call('GET', '/v3/days/2/report')).status).toBe(404)
    expect((await app.call('GET', '/v3/days/1/report?paper=a4')).status).toBe(400)
    expect((await app.call('GET', '/v3/days/x/report')).status).toBe(400)
  })
})
