/**
 * Slips in the back room, in Chromium against a real server: a number refused in Write off is not carried to the next
 * plant (scan the next plant in Stock-take, type 20: the count is 20, not "920"), and a count that changes a line by
 * more than half and more than 20 pots is asked about twice: when it is typed, and again when the stock-take is applied.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { axeViolations } from './pages/axe'
import { StockPage } from './pages/stock-page'
import { openTill } from './pages/till-session'

describe('stock-take slips (Chromium)', () => {
  it('clears the number for a new plant, and asks before a count of 920 on a line of 22 is applied', async ({ browser }) => {
    const s = await openTill(browser, [
      { name: 'Lavender', price: 4.5, quantity: 5 },
      { name: 'Boston fern', price: 9, quantity: 22 }
    ])
    const page = s.watched.page
    const stock = new StockPage(page)

    // Write off 9 of a line of 5: refused, and the 9 stays for a correction of this line.
    await stock.open('Write off')
    await s.scan('PS-1')
    await expect.poll(() => stock.picked.textContent()).toContain('Lavender')
    await stock.pots.fill('9')
    await stock.reason.fill('frost damage')
    await stock.reason.press('Enter')
    await expect.poll(() => page.getByText('Only 5 in stock').count()).toBe(1)
    expect(await stock.pots.inputValue()).toBe('9')

    // The next plant, in Stock-take: its number field starts empty, so 20 typed is 20.
    await page.getByRole('group', { name: 'What to do' }).getByRole('button', { name: 'Stock-take' }).click()
    await stock.plant.focus()
    await s.scan('PS-2')
    await expect.poll(() => stock.picked.textContent()).toContain('Boston fern')
    await expect.poll(() => stock.pots.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true)
    expect(await stock.pots.inputValue()).toBe('')
    await page.keyboard.type('20')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByRole('table', { name: 'Lines counted' }).locator('tbody tr').first().textContent())
      .toContain(['Boston fern PS-2', '22', '20', '−2'].join('')) // the line and its code, had, counted, the difference

    // Counted again at 920 (a slip): asked at once; Count again keeps it.
    await stock.plant.focus()
    await s.scan('PS-2')
    await expect.poll(() => stock.picked.textContent()).toContain('Boston fern')
    await stock.pots.fill('920')
    await stock.pots.press('Enter')
    const question = 'That changes the stock a lot: 22 → 920 (+898). Check the number: Count again keeps it.'
    await expect.poll(() => page.getByText(question).count()).toBe(1)
    expect(await page.getByRole('table', { name: 'Lines counted' }).locator('tbody tr').first().textContent()).toContain('2220−2')
    await stock.pots.press('Enter')
    await expect.poll(() => page.getByRole('table', { name: 'Lines counted' }).locator('tbody tr').first().textContent()).toContain('22920+898')

    // The review shows it, and Apply asks before anything is saved.
    await stock.button(/^Review stock-take/).click()
    await expect.poll(() => stock.reviewGroup('Goes up').allTextContents()).toEqual(['Boston fern PS-2: 22 → 920 (+898)'])
    await stock.button(/^Apply stock-take/).click()
    const asked = page.getByRole('alert').filter({ hasText: 'This count changes the stock by more than half and more than 20 pots' })
    await expect.poll(() => asked.count()).toBe(1)
    expect(await asked.textContent()).toContain('Boston fern: 22 → 920 (+898)')
    expect(await s.api.getPlant(2).then((plant) => plant.quantity)).toBe(22)
    expect(await axeViolations(page)).toEqual([])
    await stock.button(/^Apply anyway/).click()
    await expect.poll(() => s.api.getPlant(2).then((plant) => plant.quantity)).toBe(920)
    await s.finish()
  })
})
