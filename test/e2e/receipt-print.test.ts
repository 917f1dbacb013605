/**
 * A receipt printed in Chromium: the receipt page opened as the till opens it, saved as PDF at the roll's width
 * (`page.pdf()`), its text read back with `pdftotext`, and its QR code decoded (as the labels' are) to the receipt
 * number a return scans.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openPage } from '#setup/browser'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { readPrintedLabels } from './pages/printed-labels'

async function call(server: ServeProcess, method: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: server.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body)
  })
  expect(response.status, `${method} ${route}`).toBeLessThan(300)
  return (await response.json()) as Record<string, unknown>
}

describe('printing a receipt', () => {
  it('prints on an 80 mm and a 58 mm roll the shop, the lines, the total and the receipt number as text and as a QR code', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    await call(server, 'PUT', '/settings/sales', {
      pricesIncludeTax: true,
      taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
      defaultTaxRate: 'reduced',
      shopName: 'The Green Shed'
    })
    await call(server, 'POST', '/plant', { name: 'Boston fern', price: 12.5, quantity: 20 })
    for (let i = 0; i < 11; i++)
      await call(server, 'POST', '/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 1250 }] })
    const { page, context, problems } = await openPage(browser)
    await context.setExtraHTTPHeaders(server.headers())
    for (const width of [80, 58]) {
      const response = await page.goto(`${server.baseUrl}/sales/11/receipt?paper=${width}mm`)
      expect(response?.status()).toBe(200)
      const printed = await readPrintedLabels(await page.pdf({ width: `${width}mm`, height: '200mm', printBackground: true }))
      expect(printed.pageSizeMm[0]).toBe(width)
      expect(printed.pages).toBe(1)
      expect(printed.text).toContain('The Green Shed')
      expect(printed.text).toContain('Boston fern')
      expect(printed.text).toMatch(/Total \$12\.50/) // the default currency
      expect(printed.text).toContain('Receipt 11')
      expect(await printed.decodeQr(1, { x: 0, y: 0, width, height: 200 })).toBe('11')
    }
    expect(problems).toEqual([])
  })
})
