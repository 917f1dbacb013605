/**
 * What a scan does where focus is, in Chromium (one rule per place, docs/ui.md "Scan to sell"): in a dialog it is
 * ignored (its Enter presses no button and saves no form; what its keys typed is put back); on a status badge it opens
 * the till card and the badge keeps its status; while the till card is open it shows the plant scanned next, with no
 * pots counted from the code's digits.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { NewPlant } from '#shared/plant'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'
import { screenshotEachSize } from './pages/screens'

/** Fern is PS-1; Lavender, a line with 40 pots, is PS-12 (a code with two digits that a count could take). */
const PLANTS: NewPlant[] = [
  { name: 'Fern', status: 'available' },
  ...Array.from({ length: 10 }, (_, index) => ({ name: `Filler ${index + 2}` })),
  { name: 'Lavender', quantity: 40 }
]

describe('a scan while a dialog or a control has focus', () => {
  it('in the edit dialog: Save focused is not pressed, a text field keeps what it had, nothing is saved', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.catalogue.search.fill('Fern')
    await s.catalogue.row('Fern').getByRole('button', { name: 'Edit Fern', exact: true }).click()
    await s.catalogue.form.field('Category').fill('Ferns')
    await s.catalogue.form.save.focus()
    await s.scan('PS-12')
    await s.catalogue.form.field('Name').focus()
    await s.scan('PS-12')
    // A person's Enter still saves: the scans before it neither saved nor typed.
    expect(await s.catalogue.form.dialog.isVisible()).toBe(true)
    expect(await s.catalogue.form.field('Name').inputValue()).toBe('Fern')
    expect(await page.getByRole('dialog', { name: /^Plant PS-12/ }).count()).toBe(0)
    expect(await s.api.getPlant(1)).toMatchObject({ name: 'Fern', version: 1 })
    expect((await s.api.getPlant(1)).category).toBeUndefined()
    await s.catalogue.form.save.click()
    await s.catalogue.form.dialog.waitFor({ state: 'detached' })
    expect(await s.api.getPlant(1)).toMatchObject({ name: 'Fern', category: 'Ferns', version: 2 })
    await s.finish()
  })

  it("on a row's status badge: the till card opens and the badge keeps its status (the code's letters pick nothing)", async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.catalogue.search.fill('Fern')
    const badge = s.catalogue.statusOf('Fern')
    await badge.focus()
    await s.scan('PS-12')
    const card = page.getByRole('dialog', { name: 'Plant PS-12: Lavender' })
    await card.waitFor()
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    expect(await badge.inputValue()).toBe('available')
    expect(await s.api.getPlant(1)).toMatchObject({ status: 'available', version: 1 })
    await s.finish()
  })

  it('with the till card open: the plant scanned next is shown, and Enter adds one pot, not the code’s digits', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.scan('PS-1')
    await page.getByRole('dialog', { name: 'Plant PS-1: Fern' }).waitFor()
    await s.scan('PS-12')
    const card = page.getByRole('dialog', { name: 'Plant PS-12: Lavender' })
    await card.getByRole('button', { name: 'Add 1 to basket' }).waitFor()
    await s.scan('PS-12') // the same line again, as for a second pot
    await expect.poll(() => card.getByRole('button', { name: /^Add / }).textContent()).toBe('Add 1 to basket')
    expect(await screenshotEachSize(page, 'till-card-after-second-scan')).toEqual([])
    await page.keyboard.press('Enter')
    const till = new TillPage(page)
    await expect.poll(() => till.line('Lavender').getByRole('spinbutton').inputValue()).toBe('1')
    expect(await till.lines.count()).toBe(1)
    expect((await s.api.getPlant(12)).quantity).toBe(40) // nothing leaves stock until the basket is paid
    // The first GET of this window's basket (none kept yet) answers 404.
    await s.finish(1)
  })
})
