/**
 * The staff UI on a real till, in Chromium against a real server: narrow windows, keyboard-only
 * status changes, toasts that leave the controls free, offline and reconnect, a token rotated under an open
 * window, and axe-core finding nothing at 1366 and 390 px. Screenshots at 1366×768, 1024×600 and 390×844 go to
 * test-results/screenshots (ignored by git; docs/screenshot.png is written only by `npm run docs:screenshot`).
 */
import { copyFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { Browser } from 'playwright-core'
import type { NewPlant } from '#shared/plant'
import { samplePlants } from '#shared/sample-plants'
import { openPage } from '#setup/browser'
import type { Page } from 'playwright-core'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { differingShare } from './pages/image-diff'
import { SCREENSHOTS, saveScreenshot } from './pages/screenshots'
import { SAMPLE_PLANTS, finish, openSession, type Session } from './pages/catalogue-session'
import { displayOf, focusedLabel, scrollsSideways, statusControlsUnderToasts } from './pages/layout-probes'

/** Set by `npm run docs:screenshot` (scripts/docs-screenshot.mjs): where the README's screenshot goes. */
const DOCS_SCREENSHOT = process.env.PLANT_STORE_DOCS_SCREENSHOT
const README_PICTURE = path.resolve(import.meta.dirname, '../../docs/screenshot.png')
/**
 * The README's catalogue: the sample plants a new shop may start with (src-shared/sample-plants.ts), so the picture
 * shows plants the app has, a few of them put aside, sold out or low on stock.
 */
const README_CHANGES: Record<string, Partial<NewPlant>> = {
  'Boston fern': { status: 'pending' },
  'Japanese maple': { status: 'pending' },
  'Echeveria Lola': { quantity: 0 },
  'Fiddle-leaf fig': { reorderAt: 5 }
}
const README_PLANTS: NewPlant[] = samplePlants('USD').map((plant) => ({ ...plant, ...README_CHANGES[plant.name ?? ''] }))

const LONG_PLANTS: NewPlant[] = [
  { name: 'X'.repeat(200), category: 'Tests', tags: ['long'] },
  { name: 'Many tags', category: 'Tests', tags: Array.from({ length: 32 }, (_, i) => `a-rather-long-tag-number-${i + 1}`) }
]

const session = (browser: Browser, plants: NewPlant[], viewport = { width: 1366, height: 768 }, options?: { clock?: boolean }) =>
  openSession(browser, plants, viewport, options)

/** Stops counting the refused reconnects the browser logs while the server is away as problems. */
function forgiveRefusedConnections(s: Session): void {
  const kept = s.watched.problems.filter((p) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(p))
  s.watched.problems.splice(0, s.watched.problems.length, ...kept)
}

/**
 * Stops the page's timers at its present moment. pauseAt takes a time not yet past, and the page's clock moves on
 * between reading it and pausing (on a busy machine, by more than a few ms): read again and retry, a few times.
 */
async function pauseClockNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.clock.pauseAt(await page.evaluate(() => Date.now() + 20))
    } catch (error) {
      if (attempt >= 5 || !/to the past/.test(String(error))) throw error
    }
  }
}

describe('the staff UI on a till', () => {
  it('has no horizontal scroll or clipped filter from 360 to 1920 px; below 700 px rows are cards; long text stays in bounds', async ({
    browser
  }) => {
    const s = await session(browser, [...SAMPLE_PLANTS, ...LONG_PLANTS])
    const { page } = s.watched
    for (const width of [1920, 1366, 1024, 800, 700, 390, 360]) {
      await page.setViewportSize({ width, height: 800 })
      expect(await scrollsSideways(page), `${width} px`).toBe(false)
      const sold = await s.catalogue.filter('Sold').locator('..').boundingBox()
      expect(sold!.x + sold!.width, `Sold filter at ${width} px`).toBeLessThanOrEqual(width)
      const row = s.catalogue.row('Many tags')
      const display = await displayOf(row)
      expect(display, `${width} px`).toBe(width <= 700 ? 'grid' : 'table-row')
      // 32 long tags: two lines of chips at most, the rest in "+N".
      expect((await row.boundingBox())!.height, `row height at ${width} px`).toBeLessThan(width <= 700 ? 170 : 110)
      const chips = await row.getByRole('listitem').allTextContents()
      expect(chips.at(-1)!.trim(), `${width} px`).toMatch(new RegExp(`^\\+${32 - (chips.length - 1)} more: `))
    }
    await page.setViewportSize({ width: 1366, height: 768 })
    // The 200-character name: cut in the row with the full text in its tooltip; the dialog wraps it.
    const longRow = s.catalogue.row('X'.repeat(200))
    expect(await longRow.getByRole('rowheader').getAttribute('title')).toBe('X'.repeat(200))
    await longRow.getByRole('button', { name: `Edit ${'X'.repeat(200)}` }).click()
    const dialog = s.catalogue.form.dialog
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    const box = (await dialog.boundingBox())!
    expect(box.x >= 0 && box.x + box.width <= 1366 && box.y >= 0 && box.y + box.height <= 768).toBe(true)
    await page.keyboard.press('Escape')
    await finish(s)
  })

  it('changes a status from the keyboard only on Enter, and keeps focus when the row leaves the filter', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 3))
    const select = s.catalogue.statusOf('Monstera deliciosa')
    await select.focus()
    await s.watched.page.keyboard.press('ArrowDown')
    await s.watched.page.keyboard.press('ArrowDown')
    expect(await select.inputValue()).toBe('sold') // shown…
    expect((await s.api.getPlant(1)).status).toBe('available') // …but not saved
    await s.watched.page.keyboard.press('Enter')
    await s.catalogue.toast('Monstera deliciosa is now sold').waitFor()
    expect((await s.api.getPlant(1)).status).toBe('sold')
    expect(await s.catalogue.notifications.locator('.toast').count()).toBe(1) // one change, one toast
    // Ctrl+Z undoes it while the toast shows.
    await s.watched.page.keyboard.press('Control+z')
    await expect.poll(async () => (await s.api.getPlant(1)).status).toBe('available')

    await s.catalogue.filter('Available').check()
    await expect.poll(() => s.catalogue.names()).toEqual(['Monstera deliciosa'])
    await s.api.addPlant({ name: 'Nerve plant' })
    await expect.poll(() => s.catalogue.names()).toEqual(['Monstera deliciosa', 'Nerve plant'])
    await s.catalogue.statusOf('Monstera deliciosa').focus()
    await s.watched.page.keyboard.press('ArrowDown')
    await s.watched.page.keyboard.press('Enter')
    await expect.poll(() => s.catalogue.names()).toEqual(['Nerve plant'])
    await expect.poll(() => focusedLabel(s.watched.page)).toBe('Status of Nerve plant')
    await finish(s)
  })

  it('never covers a status control with toasts at 1024 × 600, and shows at most two', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS, { width: 1024, height: 600 })
    for (const name of ['Bird of paradise', 'Calathea orbifolia', 'Fiddle-leaf fig']) await s.catalogue.statusOf(name).selectOption({ label: 'Sold' })
    await s.catalogue.toast('Fiddle-leaf fig is now sold').waitFor()
    await saveScreenshot(s.watched.page, 'toasts')
    const toasts = s.catalogue.notifications.locator('.toast')
    expect(await toasts.count()).toBe(2)
    // What is on top at the centre of each status control on screen: never a toast.
    const covered = await statusControlsUnderToasts(s.watched.page)
    expect(covered).toEqual([])
    // Scrolled to the end of the table, the last rows are above the toasts too.
    await s.catalogue.statusOf('ZZ plant').scrollIntoViewIfNeeded()
    const last = (await s.catalogue.statusOf('ZZ plant').boundingBox())!
    const firstToast = (await toasts.first().boundingBox())!
    expect(last.y + last.height).toBeLessThanOrEqual(firstToast.y)
    await finish(s)
  })

  it('disables changes while the server is away without moving the page, and Retry now reconnects at once', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 2), undefined, { clock: true })
    const { page } = s.watched
    const tableTop = (await s.catalogue.table.boundingBox())!.y
    await s.server.stop()
    const retry = page.getByRole('button', { name: 'Retry now' })
    await retry.waitFor({ timeout: 15_000 })
    expect((await s.catalogue.table.boundingBox())!.y).toBe(tableTop) // the banner floats: the page did not jump
    expect(await s.catalogue.addPlant.isDisabled()).toBe(true)
    expect(await s.catalogue.statusOf('Boston fern').isDisabled()).toBe(true)
    // The page's timers stop here, so the automatic reconnect (at most 5 s away) cannot come first however long
    // the restart takes on a busy machine: only the click can reconnect.
    await pauseClockNow(page)
    const restarted = await startServe(s.dir, ['--port', String(s.server.port)])
    await retry.click()
    await retry.waitFor({ state: 'detached', timeout: 15_000 })
    expect(await s.catalogue.addPlant.isDisabled()).toBe(false)
    await page.clock.resume()
    forgiveRefusedConnections(s)
    await finish(s)
    await restarted.stop()
  })

  it('locks a window whose token was revoked, in staff words, and opens again with a pasted access code', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 2))
    const till = await s.api.createToken('till-1', 'read-write')
    const watched = await openPage(browser)
    await watched.page.goto(`${new URL(s.server.uiUrl).origin}/#token=${encodeURIComponent(till.token)}`)
    await watched.page.getByRole('combobox', { name: 'Status of Boston fern' }).waitFor()
    await s.api.revokeToken('till-1')
    await watched.page.getByRole('combobox', { name: 'Status of Boston fern' }).selectOption({ label: 'Sold' })
    await watched.page.getByRole('heading', { name: 'This window’s access has expired' }).waitFor()
    expect(await watched.page.getByRole('table').count()).toBe(0) // nothing of the catalogue behind it
    expect(await watched.page.locator('body').textContent()).not.toMatch(/Authorization|Bearer/)
    await watched.page.getByLabel('Access code').fill(s.server.uiUrl) // the whole link works too
    await watched.page.getByRole('button', { name: 'Open the catalogue' }).click()
    await watched.page.getByRole('combobox', { name: 'Status of Boston fern' }).waitFor()
    watched.problems.splice(0, watched.problems.length, ...watched.problems.filter((p) => !/401/.test(p)))
    await finish({ watched })
    await finish(s)
  })
})

describe('axe-core and screenshots', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 }
  ]) {
    it(`reports no violations at ${viewport.width} px: empty, full table, dialog with errors, toast, reconnecting, locked`, async ({ browser }) => {
      const empty = await session(browser, [], viewport)
      await empty.watched.page.getByText('No plants yet').waitFor()
      expect(await axeViolations(empty.watched.page), 'empty catalogue').toEqual([])
      await finish(empty)

      const s = await session(browser, SAMPLE_PLANTS, viewport)
      const { page } = s.watched
      expect(await axeViolations(page), 'full table').toEqual([])
      await saveScreenshot(page, 'catalogue')
      await s.catalogue.addPlant.click()
      await s.catalogue.form.save.click()
      expect(await s.catalogue.form.errorOf('Name')).toBe('Give the plant a name')
      expect(await axeViolations(page), 'dialog with errors').toEqual([])
      await saveScreenshot(page, 'dialog-errors')
      await page.keyboard.press('Escape')
      await s.catalogue.statusOf('Aloe vera').selectOption({ label: 'Available' })
      const toast = s.catalogue.toast('Aloe vera is now available')
      await toast.waitFor()
      await expect.poll(() => toast.getAttribute('class')).not.toMatch(/toast-enter/) // faded in: axe sees its real colours
      expect(await axeViolations(page), 'toast').toEqual([])
      await s.catalogue.toast('Aloe vera is now available').getByRole('button', { name: 'Dismiss' }).click()
      await s.catalogue.notifications.locator('.toast').waitFor({ state: 'detached' })
      await s.server.stop()
      await page.getByRole('button', { name: 'Retry now' }).waitFor({ timeout: 15_000 })
      expect(await axeViolations(page), 'reconnecting').toEqual([])
      await saveScreenshot(page, 'reconnecting')
      forgiveRefusedConnections(s)
      await finish(s)

      const watched = await openPage(browser, viewport)
      const server = await startServe(await makeTempDir())
      await watched.page.goto(`http://127.0.0.1:${server.port}/`)
      await watched.page.getByRole('heading', { name: 'This page needs its access link' }).waitFor()
      expect(await axeViolations(watched.page), 'locked page').toEqual([])
      await saveScreenshot(watched.page, 'locked')
      await watched.context.close()
      await server.stop()
    })
  }

  it('screens a 1024 × 600 till, and checks docs/screenshot.png is current (refreshed only under npm run docs:screenshot)', async ({ browser }) => {
    const s = await session(browser, README_PLANTS, { width: 1024, height: 600 })
    await saveScreenshot(s.watched.page, 'catalogue')
    await s.watched.page.setViewportSize({ width: 1366, height: 768 })
    await s.api.updatePlant({ id: 4, status: 'pending' })
    await expect.poll(() => s.catalogue.count('Pending')).toBe(3)
    await expect.poll(() => s.watched.page.locator('.is-fresh').count(), { timeout: 10_000 }).toBe(0) // the highlight is over…
    const tinted = () =>
      s.watched.page
        .locator('.plant-row')
        .evaluateAll((rows) => rows.filter((row) => (globalThis as any).getComputedStyle(row).backgroundColor !== 'rgba(0, 0, 0, 0)').length)
    await expect.poll(tinted, { timeout: 10_000 }).toBe(0) // …and faded out
    await saveScreenshot(s.watched.page, 'readme')
    const shot = path.join(SCREENSHOTS, 'readme-1366x768.png')
    if (DOCS_SCREENSHOT) await copyFile(shot, DOCS_SCREENSHOT)
    // The README shows the screen as it is: a change to it (a column, the header) means a new picture. The times in
    // Updated differ from run to run and stay far below the limit.
    const changed = await differingShare(browser, await readFile(shot), await readFile(README_PICTURE))
    expect(changed, 'docs/screenshot.png no longer shows the catalogue as it is: run `npm run docs:screenshot`').toBeLessThan(0.01)
    await finish(s)
  })
})
