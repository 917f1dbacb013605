/**
 * A whole sale at the till, in Chromium against a real server, at 1366×768 and 1024×600: three plants scanned (one
 * kept in stock, scanned twice), a discount, the basket kept through a reload, paid in cash with the change shown,
 * the receipt opened and read, one line refunded, the day closed; the Z report's net equals the Reports view's takings.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { axeViolations } from './pages/axe'
import { saveScreenshot } from './pages/screenshots'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [
  { name: 'Basil', price: 3.99, quantity: 10 },
  { name: 'Fern', price: 12.5 },
  { name: 'Cactus', price: 8 }
]

describe('a sale at the till', () => {
  it.for([
    { width: 1366, height: 768 },
    { width: 1024, height: 600 }
  ])('scans, discounts, pays cash, shows the receipt, refunds a line and closes the day at $width×$height', async (viewport, { browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    await page.setViewportSize(viewport)
    const till = new TillPage(page)
    await till.open()

    for (const code of ['PS-1', 'PS-2', 'PS-3', 'PS-1']) {
      await s.scan(code)
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added' }).count()).toBeGreaterThan(0)
    }
    await expect.poll(() => till.lines.count()).toBe(3)
    await expect.poll(() => till.line('Basil').getByRole('spinbutton').inputValue()).toBe('2')
    // A single plant scanned again stays one.
    await s.scan('PS-2')
    await expect.poll(() => till.page.getByRole('status').first().textContent()).toContain('in the basket already')
    await till.discount('Fern', '2.50', 'damaged leaf')
    // 2 × 3.99 + 12.50 − 2.50 + 8.00
    await expect.poll(() => till.total.textContent()).toContain('25.98')

    // The basket is kept on the server for this window: a reload brings it back.
    await page.reload()
    await till.open()
    await expect.poll(() => till.lines.count()).toBe(3)
    await expect.poll(() => till.total.textContent()).toContain('25.98')
    await saveScreenshot(page, `till-basket-${viewport.width}`)
    expect(await axeViolations(page)).toEqual([])

    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('30')
    await expect.poll(() => pay.getByTestId('change').textContent()).toContain('4.02')
    await saveScreenshot(page, `till-pay-${viewport.width}`)
    await pay.getByLabel('Cash given').press('Enter')

    const receipt = till.dialog('Receipt 1')
    await expect.poll(() => receipt.getByTestId('receipt').evaluate((host) => host.shadowRoot?.textContent ?? '')).toContain('keep it for returns')
    const text = await receipt.getByTestId('receipt').evaluate((host) => host.shadowRoot!.textContent!)
    for (const words of ['2 × Basil', 'Fern', 'discount: damaged leaf', 'Cactus', 'Total', '25.98', 'given', '30.00', 'Change', '4.02'])
      expect(text, words).toContain(words)
    await saveScreenshot(page, `till-receipt-${viewport.width}`)
    await page.keyboard.press('Escape')
    await expect.poll(() => till.lines.count()).toBe(0)
    expect((await s.api.getPlant(1)).quantity).toBe(8)

    await page.keyboard.press('F4')
    const refund = till.dialog('Refund')
    // The receipt's number scanned into the focused field (a scanner's burst, leading zeros and all) finds the sale.
    const field = refund.getByLabel('Receipt number')
    await expect.poll(() => field.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true)
    await s.scan('0001')
    await refund.getByLabel('Pots of Cactus to refund').fill('1')
    await refund.getByLabel('Cactus back into stock').uncheck()
    await refund.getByLabel('Reason').fill('died within a week')
    await expect.poll(() => refund.getByTestId('refund-total').textContent()).toContain('8.00')
    await refund.getByRole('button', { name: 'Refund' }).click()
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refund 1 of receipt 1')
    await page.keyboard.press('Escape')

    await page.keyboard.press('F9')
    const day = till.dialog(/X report: day 1/)
    await expect.poll(() => day.getByTestId('day-net').textContent()).toContain('17.98')
    await day.getByLabel('Cash counted').fill('17.98')
    await day.getByLabel('Cash counted').press('Enter')
    const z = till.dialog(/Z report: day 1/)
    await expect.poll(() => z.getByTestId('day-difference').textContent()).toContain('0.00')
    const net = (await z.getByTestId('day-net').textContent())!.trim()
    expect(net).toContain('17.98')
    await saveScreenshot(page, `till-z-report-${viewport.width}`)
    await page.keyboard.press('Escape')

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Reports' }).click()
    await expect.poll(() => page.getByTestId('report-takings').textContent()).toContain(`Till takings ${net}`)
    await saveScreenshot(page, `till-reports-${viewport.width}`)
    // The first GET of this window's basket (none kept yet) answers 404.
    await s.finish(1)
  })
})
