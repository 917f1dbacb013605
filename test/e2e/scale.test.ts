/**
 * The catalogue at 10,000 plants in Chromium against a real server: it opens, filters, searches and pages.
 * Only that it works, with generous timeouts for a loaded 2-core machine; how fast is measured by
 * `npm run bench:ui` (bench/ui, reported in docs/performance.md).
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'
import { PLANT_COUNT, seed } from './pages/large-catalogue'

describe(`the catalogue with ${PLANT_COUNT.toLocaleString('en')} plants`, () => {
  it('opens, filters, searches and pages; the headers stay visible and a new page starts at its top', { timeout: 240_000 }, async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await seed(api, PLANT_COUNT)
    const { page, problems, context } = await openPage(browser, { width: 1024, height: 600 })
    const catalogue = await CataloguePage.open(page, server.uiUrl)
    expect(await catalogue.rows.count()).toBe(50)
    expect(await catalogue.counts()).toEqual({ All: 10_000, Available: 5000, Pending: 3000, Sold: 2000 })

    await catalogue.filter('Sold').check()
    await expect.poll(() => catalogue.total(), { timeout: 15_000 }).toBe(2000)
    await catalogue.filter('All').check()
    await expect.poll(() => catalogue.total(), { timeout: 15_000 }).toBe(PLANT_COUNT)
    await catalogue.search.fill('zz plant 09')
    const expected = (await api.listPlants({ q: 'zz plant 09', limit: 1 })).total
    await expect.poll(() => catalogue.total(), { timeout: 15_000 }).toBe(expected)
    await catalogue.search.fill('')
    await expect.poll(() => catalogue.total(), { timeout: 15_000 }).toBe(PLANT_COUNT)

    // Sticky headers: scrolled down the table, the Name header is still at the top of the table's area.
    const pages = page.getByRole('navigation', { name: 'Pages' })
    const header = page.getByRole('columnheader', { name: /Name/ })
    const headerTop = (await header.boundingBox())!.y
    await catalogue.rows.nth(45).scrollIntoViewIfNeeded()
    expect((await header.boundingBox())!.y).toBe(headerTop)
    expect(await header.isVisible()).toBe(true)
    // Last page, then Go to page: each starts at its first row.
    await pages.getByRole('button', { name: 'Last page' }).click()
    await expect.poll(() => catalogue.summary.textContent(), { timeout: 15_000 }).toBe('9,951–10,000 of 10,000 plants')
    expect(await pages.getByRole('button', { name: 'Page 200' }).getAttribute('aria-current')).toBe('page')
    // The rows of the new page can still be drawing when the summary changes: wait for the first one to have a box.
    const firstRowTop = async () => (await catalogue.rows.first().boundingBox())?.y ?? Number.NaN
    await expect.poll(firstRowTop, { timeout: 15_000 }).toBeGreaterThan(headerTop) // back at the top, under the headers
    await catalogue.rows.nth(45).scrollIntoViewIfNeeded()
    await pages.getByLabel('Go to page').fill('42')
    await pages.getByLabel('Go to page').press('Enter')
    await expect.poll(() => catalogue.summary.textContent(), { timeout: 15_000 }).toBe('2,051–2,100 of 10,000 plants')
    const headerBox = (await header.boundingBox())!
    // the first row shows, right under the headers
    await expect.poll(firstRowTop, { timeout: 15_000 }).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1)
    expect(problems).toEqual([])
    await context.close()
    await server.stop()
  })
})
