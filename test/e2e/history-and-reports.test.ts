/**
 * The change log in the real UI against a real server, changes made by a script
 * through the API: the edit dialog's History tab shows a till's status change
 * as it happens, and the Reports view draws its chart after three sales,
 * under the UI's Content-Security-Policy without a single violation.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage, type WatchedPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'

/** The little of the page's DOM used below (these tests are type-checked without the DOM's types). */
interface PageGlobals {
  cspViolations: string[]
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      listener: (event: { violatedDirective: string; blockedURI: string; sample: string }) => void
    ): void
  }
}
interface CanvasElement {
  width: number
  height: number
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } }
}

/** Records every Content-Security-Policy violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals
    const seen: string[] = []
    page.cspViolations = seen
    page.document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`))
  })
  return () => page.evaluate(() => (globalThis as unknown as PageGlobals).cspViolations)
}

async function setUp(browser: Browser, plants: { name: string; category?: string }[]) {
  const server = await startServe(await makeTempDir())
  const owner = createApiClient({ baseUrl: server.baseUrl, token: server.token })
  for (const plant of plants) await owner.addPlant(plant)
  // The till is a script with its own named token: its changes are recorded "by till".
  const till = createApiClient({ baseUrl: server.baseUrl, token: (await owner.createToken('till', 'read-write')).token })
  const watched = await openPage(browser)
  const violations = await watchCsp(watched.page)
  const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
  return { till, watched, violations, catalogue }
}

async function finish(watched: WatchedPage, violations: () => Promise<string[]>): Promise<void> {
  expect(await violations()).toEqual([])
  expect(watched.problems).toEqual([])
  await watched.context.close()
}

describe('history and reports (Chromium)', () => {
  it("the History tab lists a till's status change in shop words, live while it is open", async ({ browser }) => {
    const { till, watched, violations, catalogue } = await setUp(browser, [{ name: 'Olive tree', category: 'Trees' }])
    const { page } = watched
    await catalogue.row('Olive tree').getByRole('button', { name: 'Edit Olive tree', exact: true }).click()
    await catalogue.form.dialog.getByRole('tab', { name: 'History', exact: true }).click()
    const panel = catalogue.form.dialog.getByRole('tabpanel', { name: 'History' })
    await panel
      .getByRole('listitem')
      .filter({ hasText: /— added as Available, by / })
      .waitFor()
    expect(await catalogue.form.field('Name').isVisible()).toBe(false) // Details step aside while History shows

    await till.updatePlant({ id: 1, status: 'sold' })
    const line = panel.getByRole('listitem').filter({ hasText: '— status Available → Sold, by till' })
    await line.waitFor()
    expect(await line.textContent()).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d( [AP]M)? — status Available → Sold, by till$/) // the shop's locale: the computer's until set
    expect(await panel.getByRole('listitem').allTextContents()).toHaveLength(2) // newest first: the sale, then the add
    expect((await panel.getByRole('listitem').first().textContent())!).toContain('Sold')

    await catalogue.form.dialog.getByRole('tab', { name: 'Details', exact: true }).click()
    expect(await catalogue.form.field('Name').isVisible()).toBe(true)
    expect(page.url()).not.toContain('token=')
    await finish(watched, violations)
  })

  it('the Reports view draws the sold-per-day chart after three sales, with no CSP violation', async ({ browser }) => {
    const names = ['Monstera', 'Fern', 'Cactus', 'Ivy']
    const { till, watched, violations, catalogue } = await setUp(
      browser,
      names.map((name, index) => ({ name, category: index < 2 ? 'Aroids' : 'Succulents' }))
    )
    for (const id of [1, 2, 3]) await till.updatePlant({ id, status: 'sold' })
    const { page } = watched

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Reports', exact: true }).click()
    const reports = page.getByRole('main', { name: 'Reports' })
    const chart = reports.getByRole('img', { name: /^Sold per day: 3 sold in 30 bars$/ })
    await chart.waitFor()
    expect(await chart.getAttribute('data-sold-total')).toBe('3')
    // Chart.js really drew: the canvas has coloured pixels.
    const painted = await chart.evaluate((canvas: CanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
      let count = 0
      for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) count++
      return count
    })
    expect(painted).toBeGreaterThan(100)
    expect(await reports.getByRole('listitem').filter({ hasText: 'Aroids' }).textContent()).toContain('2 sold')
    expect(await reports.getByRole('definition').allTextContents()).toEqual(['1', '0', '3']) // stock: available, pending, sold

    // The same figures as a CSV file.
    const [download] = await Promise.all([page.waitForEvent('download'), reports.getByRole('button', { name: 'Download CSV', exact: true }).click()])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv).toMatch(/\r\ncategory,Aroids,2,0,2,0,,\r\ncategory,Succulents,1,0,1,0,,\r\n/)
    expect(csv).toContain('\r\nstock,sold,,,,,,3\r\n')
    expect(csv).toMatch(/\r\ntotals,[\d-]+\.\.[\d-]+,3,0,3,0,0,\r\n$/)

    // A fourth sale while the view is open shows up without a reload.
    await till.updatePlant({ id: 4, status: 'sold' })
    await reports.getByRole('img', { name: /^Sold per day: 4 sold/ }).waitFor()

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Catalogue', exact: true }).click()
    await catalogue.row('Ivy').waitFor()
    await finish(watched, violations)
  })

  it('a damaged history file shows as a banner while the catalogue serves on', async ({ browser }) => {
    const dir = await makeTempDir()
    const first = await startServe(dir)
    await createApiClient({ baseUrl: first.baseUrl, token: first.token }).addPlant({ name: 'Olive tree' })
    await first.stop('SIGTERM') // a clean stop checkpoints: the change moves to this month's history file
    const historyFile = (await readdir(dir)).find((name) => /^history-\d{4}-\d{2}\.jsonl$/.test(name))!
    await writeFile(path.join(dir, historyFile), 'not a change\n')
    const server = await startServe(dir)
    const watched = await openPage(browser)
    const violations = await watchCsp(watched.page)
    const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
    await catalogue.row('Olive tree').waitFor()
    const banner = watched.page.getByRole('status').filter({ hasText: 'Part of the change history could not be read.' })
    await banner.waitFor()
    expect(await banner.textContent()).toContain(`${historyFile} is damaged`)
    // The page first, then the server: a server gone under an open page makes its change stream log a refused connection.
    await finish(watched, violations)
    await server.stop()
  })
})
