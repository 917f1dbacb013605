/**
 * One kind of sale, in Chromium against a real server: the till card a scanned label opens outside the Till view rings
 * a real sale up (Add to basket → the Till view's basket → paid, with its receipt), and its stock-only action takes
 * pots off with no payment as a write-off; Reports then shows one money figure, the till's takings, with the pots.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [{ name: 'Lavender', price: 4.5, quantity: 20 }]

describe('the till card’s two actions', () => {
  it('Add to basket is paid at the till; Take off stock moves pots with no sale; Reports shows the takings alone', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    const till = new TillPage(page)

    // Outside the Till view, a scan opens the card: 3, then Enter, puts 3 pots in the basket and shows the till.
    await s.scan('PS-1')
    const card = page.getByRole('dialog', { name: 'Plant PS-1: Lavender' })
    await card.getByRole('button', { name: 'Add 1 to basket' }).waitFor()
    await page.keyboard.press('3')
    await card.getByRole('button', { name: 'Add 3 to basket' }).waitFor()
    await page.keyboard.press('Enter')
    await card.waitFor({ state: 'detached' })
    await expect.poll(() => till.line('Lavender').getByRole('spinbutton').inputValue()).toBe('3')
    expect((await s.api.getPlant(1)).quantity).toBe(20) // nothing has left until it is paid

    await expect.poll(() => till.total.textContent()).toContain('13.50')
    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('20')
    await pay.getByLabel('Cash given').press('Enter')
    const receipt = till.dialog('Receipt 1')
    await expect.poll(() => receipt.getByTestId('receipt').evaluate((host) => host.shadowRoot?.textContent ?? '')).toContain('3 × Lavender')
    await page.keyboard.press('Escape')
    await expect.poll(async () => (await s.api.getPlant(1)).quantity).toBe(17)

    // Back in the catalogue: 2 pots taken off stock with no payment are a write-off, not a sale.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Catalogue' }).click()
    await s.scan('PS-1')
    await card.getByRole('button', { name: 'Add 1 to basket' }).waitFor()
    await page.keyboard.press('2')
    await card.getByRole('button', { name: 'Take 2 off stock (no payment)' }).click()
    await expect.poll(() => card.getByRole('status').textContent()).toContain('Taken off 2 — 15 left.')
    expect((await s.api.stockReport()).moved).toEqual({ sold: -3, 'written-off': -2 })
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Reports' }).click()
    const takings = page.getByTestId('report-takings')
    await expect.poll(() => takings.textContent()).toMatch(/^Till takings \D*13\.50\D* · 1 sale · 0 refunds$/)
    await expect.poll(() => page.getByTestId('report-pots').textContent()).toBe('3 pots sold · 0 returned · 3 net')
    // One money figure: the takings; no list-price total above or beside it, none by category.
    const sold = page.getByRole('region', { name: 'Sold per day' })
    expect((await sold.textContent())!.match(/\d+\.\d\d/g)).toEqual(['13.50'])
    expect(await page.getByRole('region', { name: 'Sold by category' }).textContent()).not.toMatch(/\d+\.\d\d/)
    // The first GET of this window's basket (none kept yet) answers 404.
    await s.finish(1)
  })
})
