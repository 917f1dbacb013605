/**
 * A plant with no stock at the till, in Chromium against a real server: the basket says so the moment it is scanned,
 * Pay waits, and "Count it" on the line counts the shelf there and then; the sale then goes through at the first Pay.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { axeViolations } from './pages/axe'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'

describe('a plant with no stock in the basket', () => {
  it('says so at once, offers Count it on the line, and sells at the first Pay once counted', async ({ browser }) => {
    const s = await openTill(browser, [{ name: 'Ivy', price: 4, quantity: 0 }])
    const { page } = s.watched
    const till = new TillPage(page)
    await till.open()

    await s.scan('PS-1')
    await expect.poll(() => page.locator('.till-notice').textContent()).toBe('Added Ivy, but none in stock: count it if the shelf holds more.')
    const line = till.line('Ivy')
    await expect.poll(() => line.textContent()).toContain('1 asked, none in stock.')
    const pay = page.getByRole('button', { name: 'Pay (F2)' })
    expect(await pay.isDisabled()).toBe(true)
    await expect
      .poll(() => pay.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()))
      .toContain('Ivy: 1 asked, none in stock')
    // F2 does not open Pay for a basket that would be refused.
    await page.keyboard.press('F2')
    expect(await till.dialog(/^Pay /).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    await line.getByRole('button', { name: 'Count it: Ivy' }).click()
    const counted = page.getByLabel('Pots counted for Ivy')
    await expect.poll(() => counted.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true)
    // As the Stock view reads pots: "1e3" is no count, and 500,000 on a line of none asks first (found by the attack).
    await counted.fill('1e3')
    await counted.press('Enter')
    await line.getByText('Type the pots on the shelf, a whole number like 12.').waitFor()
    await counted.fill('500000')
    await counted.press('Enter')
    await line.getByText('That changes the stock a lot: 0 → 500,000 (+500,000)').waitFor()
    expect((await s.api.getPlant(1)).quantity).toBe(0)
    await counted.fill('6')
    await counted.press('Enter')
    await expect.poll(() => s.api.getPlant(1).then((plant) => plant.quantity)).toBe(6)
    await expect.poll(() => pay.isDisabled()).toBe(false)
    expect(await line.textContent()).not.toContain('in stock')
    // Focus is back in the scan box, so the next scan or typed code adds.
    await expect.poll(() => till.search.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true)

    await page.keyboard.press('F2')
    const dialog = till.dialog(/^Pay /)
    await dialog.getByLabel('Card').fill('4')
    await dialog.getByLabel('Cash given').press('Enter')
    await till.dialog('Receipt 1').waitFor()
    expect((await s.api.getPlant(1)).quantity).toBe(5)
    // The first GET of this window's basket (none kept yet) answers 404.
    await s.finish(1)
  })
})
