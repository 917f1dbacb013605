/**
 * Scan to sell in Chromium: a scanner's key burst opens the till card, Enter
 * puts the plant in the Till view's basket (paid there); codes typed into the search box work too.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [
  { name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor', 'shade'] },
  { name: 'Boston fern', category: 'Ferns', tags: ['humid'] }
]

describe('scan to sell', () => {
  it('a fast key burst opens the till card; Enter puts the plant in the Till view’s basket, selling nothing yet', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.scan('PS-1')
    const card = page.getByRole('dialog', { name: 'Plant PS-1: Monstera deliciosa' })
    await card.waitFor()
    expect(await card.getByRole('heading').textContent()).toBe('Monstera deliciosa')
    expect(await card.getByRole('listitem').allTextContents()).toEqual(['indoor', 'shade'])
    await expect
      .poll(() => card.getByRole('button', { name: 'Add to basket' }).evaluate((button) => button.ownerDocument.activeElement === button))
      .toBe(true)
    await page.keyboard.press('Enter')
    await card.waitFor({ state: 'detached' })
    const till = new TillPage(page)
    await till.search.waitFor()
    await expect.poll(() => till.lines.count()).toBe(1)
    await till.line('Monstera deliciosa').waitFor()
    expect((await s.api.getPlant(1)).status).toBe('available') // sold only once paid
    // The first GET of this window's basket (none kept yet) answers 404.
    await s.finish(1)
  })

  it('a code typed slowly into the search box opens the card on Enter; unknown codes say so', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.catalogue.search.pressSequentially('PS-2', { delay: 150 })
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Plant PS-2: Boston fern' }).waitFor()
    expect(await s.catalogue.search.inputValue()).toBe('')
    await page.keyboard.press('Escape')

    // Keys 150 ms apart (a person) with no field focused are no scan; the next real scan shows only its own plant.
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await s.scan('PS-1', 150)
    await s.scan('PS-2')
    await page.getByRole('dialog', { name: 'Plant PS-2: Boston fern' }).waitFor()
    expect(asked.filter((pathname) => pathname.startsWith('/v3/plant/'))).toEqual(['/v3/plant/2'])
    await page.keyboard.press('Escape')

    await s.scan('PS-999')
    const missing = page.getByRole('dialog', { name: 'No plant PS-999' })
    await missing.waitFor()
    expect(await missing.getByRole('alert').textContent()).toContain('No plant PS-999 — it may have been deleted.')
    await s.finish(1)
  })
})
