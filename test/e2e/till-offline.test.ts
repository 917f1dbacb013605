/**
 * A paired till keeps selling while the shop's main computer is away, in Chromium against two real processes: a
 * plant the till's window had listed is scanned in after the main computer was killed, paid in cash, and kept on the
 * till (said in words, no receipt to print yet); once the main computer is back the sale arrives there, and the
 * till's basket is empty after a reload (it is the till's own, so the DELETE after the sale reached it).
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { setUpPrimary, startPairedTill, startPrimary } from '#setup/tills'
import { CataloguePage } from './pages/catalogue-page'
import { saveScreenshot } from './pages/screenshots'
import { TillPage } from './pages/till-page'

describe('a paired till while the main computer is away', () => {
  it('scans a plant it had listed, sells it into its outbox, and the sale arrives once the main computer is back', async ({ browser }) => {
    const { primaryDir, tillDir, primary } = await setUpPrimary()
    const owner = createApiClient({ baseUrl: primary.baseUrl, token: primary.token })
    await owner.addPlant({ name: 'Fern', price: 4, quantity: 3 })
    await owner.addPlant({ name: 'Ivy', price: 3 })
    const till = await startPairedTill(tillDir, primary)

    const watched = await openPage(browser, { width: 1366, height: 768 })
    const { page } = watched
    const catalogue = await CataloguePage.open(page, till.uiUrl)
    await catalogue.rows.filter({ hasText: 'Ivy' }).waitFor() // the till's window listed both plants
    const tillView = new TillPage(page)
    // The Till view reads the sales settings (tax) as it opens: the till keeps that answer too.
    const settingsRead = page.waitForResponse((response) => response.url().endsWith('/v3/settings/sales'))
    await tillView.open()
    await settingsRead

    await primary.stop('SIGKILL')
    await tillView.search.fill('PS-2')
    await tillView.search.press('Enter')
    await expect.poll(() => tillView.lines.count()).toBe(1)
    await expect.poll(() => tillView.total.textContent()).toContain('3.00')

    await page.keyboard.press('F2')
    const pay = tillView.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('5')
    await pay.getByLabel('Cash given').press('Enter')
    await page.getByRole('status').filter({ hasText: 'Sold, and kept on this till' }).waitFor()
    expect(await page.getByRole('dialog', { name: /^Receipt/ }).count()).toBe(0) // nothing to print before it has a number
    await expect.poll(() => tillView.lines.count()).toBe(0)
    await saveScreenshot(page, 'till-offline-kept')

    const back = await startPrimary(primaryDir) // the LAN listener where it was; the local port is another
    const ownerAgain = createApiClient({ baseUrl: back.baseUrl, token: back.token })
    await expect.poll(async () => (await ownerAgain.getPlant(2)).status, { timeout: 30_000 }).toBe('sold')
    expect(await ownerAgain.getSale(1)).toMatchObject({ till: 'door', lines: [{ name: 'Ivy', quantity: 1 }], madeOfflineAt: expect.any(String) })
    await page.reload()
    await tillView.open()
    expect(await tillView.lines.count()).toBe(0) // the sold basket did not come back
    await watched.context.close()
  })
})
