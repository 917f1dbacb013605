/**
 * A shop set up from a fresh data folder in Chromium, with no curl: the first run's "main computer", then the shop's
 * set-up as a UK shop (name, address, VAT number, the United Kingdom's VAT 20 % and 5 %, the owner) starting with the
 * sample plants; a sale whose receipt shows the shop's head and its VAT line; then "Remove sample plants", which says
 * how many it removed (the sold one too: selling a sample is trying the till). What it keeps is the store test's.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { SAMPLE_COUNT } from '#shared/sample-plants'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { CataloguePage } from './pages/catalogue-page'
import { FirstRunPage } from './pages/first-run-page'
import { saveScreenshot } from './pages/screenshots'
import { screenshotEachSize } from './pages/screens'
import { ShopSetUpPage } from './pages/shop-set-up-page'
import { TillPage } from './pages/till-page'

describe("the shop's set-up", () => {
  it('sets up a UK shop with sample plants, sells one with the shop head and VAT on the receipt, then removes the samples', async ({ browser }) => {
    const server = await startServe(await makeTempDir(), ['--first-run'])
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const page = watched.page
    await page.goto(server.uiUrl)
    const firstRun = new FirstRunPage(page)
    await firstRun.mainChoice.click()
    await page.getByRole('button', { name: 'Yes, this is the main computer' }).click()

    const setUp = new ShopSetUpPage(page)
    await setUp.heading('Your shop').waitFor()
    await setUp.next.click()
    await page.getByText('Give the shop’s name: it heads every receipt').waitFor() // nothing else is said: no field names
    await setUp.field('Shop name').fill('The Green Door')
    await setUp.field('Address (optional)').fill('12 High Street, Bath')
    await setUp.field('VAT number (optional)').fill('GB123456789')
    expect(await screenshotEachSize(page, 'shop-set-up-shop')).toEqual([]) // no sideways scrolling at 1366, 1024 or 390 px
    await setUp.next.click()

    await setUp.heading('Where is the shop?').waitFor()
    await setUp.field('Country').selectOption({ label: 'United Kingdom' })
    await setUp.next.click()
    await setUp.heading('Money and tax').waitFor()
    expect(await setUp.rateNames()).toEqual(['VAT 20%', 'VAT 5%'])
    expect(await setUp.field('Currency').inputValue()).toBe('GBP')
    expect(await setUp.field('Time zone').inputValue()).toBe('Europe/London')
    expect(await screenshotEachSize(page, 'shop-set-up-tax')).toEqual([]) // no sideways scrolling at 1366, 1024 or 390 px
    expect(await axeViolations(page)).toEqual([])
    await setUp.next.click()

    await setUp.heading('The owner').waitFor()
    await setUp.field('Owner’s name').fill('Olga')
    await setUp.field('PIN (4 to 8 digits)').fill('2468')
    await setUp.next.click()
    await setUp.heading('How would you like to start?').waitFor()
    expect(await screenshotEachSize(page, 'shop-set-up-start')).toEqual([]) // no sideways scrolling at 1366, 1024 or 390 px
    expect(await axeViolations(page)).toEqual([])
    await setUp.start('Start with a few sample plants to try').click()

    const catalogue = new CataloguePage(page)
    const banner = page.getByRole('status').filter({ hasText: `${SAMPLE_COUNT} sample plants to try the till with.` })
    await banner.waitFor()
    await catalogue.rows.filter({ hasText: 'Monstera deliciosa' }).waitFor()
    await setUp.heading('How would you like to start?').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /Olga/ }).first().waitFor() // the owner is signed in at the till
    await saveScreenshot(page, 'shop-set-up-done')

    const till = new TillPage(page)
    await till.open()
    await till.search.fill('PS-1') // the first sample: Monstera deliciosa, £24.00 with VAT 20 %
    await till.search.press('Enter')
    await expect.poll(() => till.lines.count()).toBe(1)
    await expect.poll(() => till.total.textContent()).toContain('£24.00')
    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('30')
    await pay.getByLabel('Cash given').press('Enter')
    const receipt = till.dialog('Receipt 1')
    const receiptText = () => receipt.getByTestId('receipt').evaluate((host) => host.shadowRoot?.textContent ?? '')
    await expect.poll(receiptText).toContain('keep it for returns')
    const text = await receiptText()
    for (const words of ['The Green Door', '12 High Street, Bath', 'VAT GB123456789', 'Monstera deliciosa', 'Tax included', 'VAT 20%', '£4.00'])
      expect(text, words).toContain(words)
    await page.keyboard.press('Escape')

    // Read as a script would (a read needs no member at the till): the rates the set-up wrote.
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    expect(await api.salesSettings()).toMatchObject({
      taxRates: [
        { id: 'standard', name: 'VAT 20%', percent: 20 },
        { id: 'reduced', name: 'VAT 5%', percent: 5 }
      ],
      defaultTaxRate: 'standard'
    })
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Catalogue' }).click()
    await banner.getByRole('button', { name: 'Remove sample plants' }).click()
    await page.getByText(`Removed ${SAMPLE_COUNT} sample plants.`, { exact: true }).waitFor()
    await banner.waitFor({ state: 'detached' })
    await expect.poll(async () => (await api.listPlants()).total).toBe(0)
    // The first GET of this window's basket (none kept yet) answers 404; nothing else went wrong.
    expect(watched.problems).toEqual(['console: Failed to load resource: the server responded with a status of 404 ()'])
    await watched.context.close()
  })
})
