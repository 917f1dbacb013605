/**
 * The till by keyboard and screen reader, in Chromium against a real server: a refund acts on the receipt the
 * field names, never on one still on screen; focus comes back to the scan box after every dialog and after Remove
 * (a code typed by hand then adds the plant); the basket's changes and Pay's change are heard through polite live
 * regions.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openTill, type TillSession } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [
  { name: 'Basil', price: 3.99, quantity: 10 },
  { name: 'Fern', price: 12.5 },
  { name: 'Cactus', price: 8 },
  { name: 'Mint', price: 2.5, quantity: 10 }
]

/** Two sales made through the API: receipt 1 (a Fern and a Cactus) and receipt 2 (3 pots of Basil). */
async function twoSales(s: TillSession): Promise<void> {
  await s.api.completeSale({
    lines: [
      { plantId: 2, quantity: 1 },
      { plantId: 3, quantity: 1 }
    ],
    payments: [{ method: 'cash', amount: 2050 }]
  })
  await s.api.completeSale({ lines: [{ plantId: 1, quantity: 3 }], payments: [{ method: 'card', amount: 1197 }] })
}

describe('a refund at the till', () => {
  it('after receipt 1 is found, another number and Enter finds that receipt: receipt 1 is not refunded', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    await twoSales(s)
    const { page } = s.watched
    const till = new TillPage(page)
    await till.open()
    await page.keyboard.press('F4')
    const refund = till.dialog('Refund')
    const field = refund.getByLabel('Receipt number')
    await field.fill('1')
    await field.press('Enter')
    await refund.getByLabel('Pots of Cactus to refund').fill('1')
    await refund.getByLabel('Reason').fill('died within a week')
    await field.fill('2')
    await field.press('Enter')
    await refund.getByLabel('Pots of Basil to refund').or(refund.getByRole('status')).first().waitFor()
    expect(await s.api.saleRefunds(1)).toEqual([])
    expect(await s.api.saleRefunds(2)).toEqual([])
    await refund.getByLabel('Pots of Basil to refund').waitFor()
    expect(await refund.getByLabel('Pots of Cactus to refund').count()).toBe(0)
    // Until Enter, the lines on screen are the last receipt found, and the dialog says what Enter will do.
    await field.fill('1')
    await refund.getByText('The lines below are of receipt 2. Enter finds receipt 1').waitFor()
    expect(await refund.getByRole('button', { name: /^Refund/ }).count()).toBe(0)
    await field.fill('2')
    // Refunding now refunds receipt 2, the one the field names.
    await refund.getByLabel('Pots of Basil to refund').fill('1')
    await refund.getByLabel('Reason').fill('wrong size')
    await refund.getByRole('button', { name: 'Refund from receipt 2' }).click()
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refund 1 of receipt 2')
    expect(await s.api.saleRefunds(1)).toEqual([])
    expect((await s.api.saleRefunds(2)).map((made) => made.lines.map((line) => line.quantity))).toEqual([[1]])
    await s.finish(1)
  })
})
