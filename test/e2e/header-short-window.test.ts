/**
 * The header of a 1024×600 till with a member signed in, in Chromium: one line, in every view (the member's button
 * beside Settings, nothing pushed onto a second row), so the list and the basket keep their height.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { scrollsSideways } from './pages/layout-probes'
import { saveScreenshot } from './pages/screenshots'
import { StaffPad } from './pages/staff-pad'

describe('the header at 1024×600 with someone signed in', () => {
  it('stays on one line in every view', async ({ browser }) => {
    const server = await startServe(await makeTempDir(), [])
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await api.addPlant({ name: 'Fern', price: 12.5 })
    await api.addStaffMember({ name: 'Alexandra Featherstone', role: 'owner', pin: '1111' })
    await api.signOutStaff()

    const watched = await openPage(browser, { width: 1024, height: 600 })
    const page = watched.page
    await page.goto(server.uiUrl)
    const pad = new StaffPad(page)
    await pad.heading.waitFor()
    await page.keyboard.press('1')
    await pad.pinField('Alexandra Featherstone').waitFor()
    await page.keyboard.type('1111')
    await page.keyboard.press('Enter')
    await pad.signedIn('Alexandra Featherstone').waitFor()

    const header = page.getByRole('banner')
    for (const view of ['Catalogue', 'Till', 'Stock', 'Reports']) {
      await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: view, exact: true }).click()
      // One line: every control of the header shares the first one's row (their vertical middles within a few px).
      const middles = await header.evaluate((element) =>
        [...element.children]
          .filter((child) => child.getBoundingClientRect().height > 0)
          .map((child) => {
            const box = child.getBoundingClientRect()
            return Math.round(box.top + box.height / 2)
          })
      )
      expect(Math.max(...middles) - Math.min(...middles), `${view}: ${middles.join(', ')}`).toBeLessThanOrEqual(4)
      expect((await header.boundingBox())!.height, view).toBeLessThan(64)
      expect(await scrollsSideways(page), view).toBe(false)
      await saveScreenshot(page, `header-signed-in-${view.toLowerCase()}-1024`)
    }
    // The search box keeps room to type in.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Catalogue', exact: true }).click()
    expect((await page.getByRole('searchbox', { name: 'Search' }).boundingBox())!.width).toBeGreaterThan(60)
    await watched.context.close()
  })
})
