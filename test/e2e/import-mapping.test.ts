/**
 * The mapping step in Chromium against a real `plant-store serve`: a Shopify export is recognised and mapped, its
 * gift card left out by one tick, imported; the same sheet a second time needs no click in the mapping step.
 * Screenshots of the step at 1366×768, 1024×600 and 390×844 go to test-results/screenshots.
 */
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { CataloguePage } from './pages/catalogue-page'
import { TransferPanel } from './pages/import-dialog'
import { scrollsSideways } from './pages/layout-probes'

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots')
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true })
})

async function screenshot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}x${height}.png`) })
}

describe('the mapping step of an import', () => {
  it('names the Shopify preset, maps its columns, leaves the gift card out on one tick, and needs no click the second time', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await api.setShopSettings({ currency: 'GBP' })
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
    const transfer = new TransferPanel(watched.page)
    const shopify = new Uint8Array(await readFile(path.join(FIXTURES, 'shopify-products.csv')))

    await transfer.choose('products_export.csv', shopify)
    await expect.poll(() => transfer.mappingSummary.textContent()).toContain('This looks like a Shopify product export')
    expect(await transfer.mapping.getAttribute('open')).not.toBeNull()
    expect(await transfer.columnTarget('Title').inputValue()).toBe('name')
    expect(await transfer.columnTarget('Variant Price').inputValue()).toBe('price')
    expect(await transfer.columnTarget('Body (HTML)').inputValue()).toBe('skip')
    expect(await transfer.counts.textContent()).toContain('4 plants to add')
    await expect.poll(() => transfer.dialog.locator('.import-changes').textContent()).toContain('Lavender — 2 L (new)')
    expect(await transfer.dialog.locator('.import-changes').textContent()).toContain('price: £8.90')
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 600 },
      { width: 390, height: 844 }
    ]) {
      await watched.page.setViewportSize(size)
      expect(await scrollsSideways(watched.page), `${size.width} px`).toBe(false)
      await screenshot(watched.page, 'import-mapping-shopify')
    }
    await watched.page.setViewportSize({ width: 1366, height: 768 })
    expect(await axeViolations(watched.page)).toEqual([])

    await transfer.mapping.getByLabel('Leave out “Gift Card — €25”').check()
    await expect.poll(() => transfer.counts.textContent()).toContain('3 plants to add')
    await transfer.dialog.getByRole('button', { name: 'Import 3 plants' }).click()
    await transfer.dialog.waitFor({ state: 'detached' })
    await expect.poll(() => catalogue.total()).toBe(3)
    const names = (await api.listPlants({ limit: 10 })).plants.map((plant) => plant.name)
    expect(names).toEqual(['Lavender — 2 L', 'Lavender — 5 L', 'Monstera deliciosa'])

    // The same sheet again: the mapping is remembered, folded, and the gift card stays out without a click.
    await transfer.choose('products_export.csv', shopify)
    await expect.poll(() => transfer.mappingSummary.textContent()).toContain('Columns as at your last import of this sheet')
    expect(await transfer.mapping.getAttribute('open')).toBeNull()
    expect(await transfer.counts.textContent()).toContain('3 plants to add')
    await screenshot(watched.page, 'import-mapping-remembered')
    await transfer.dialog.getByRole('button', { name: 'Import 3 plants' }).click()
    await transfer.dialog.waitFor({ state: 'detached' })
    await expect.poll(() => catalogue.total()).toBe(6)
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })

  it('asks for the decimal mark of an unclear price column and imports once it is chosen', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    await createApiClient({ baseUrl: server.baseUrl, token: server.token }).setShopSettings({ currency: 'GBP' })
    const watched = await openPage(browser, { width: 1024, height: 600 })
    await CataloguePage.open(watched.page, server.uiUrl)
    const transfer = new TransferPanel(watched.page)
    await transfer.choose('eigene-liste.csv', new TextEncoder().encode('Bezeichnung;Preis;Status\nFarn;1,250;Ausverkauft?\nMoos;2,500;verfügbar\n'))
    await expect.poll(() => transfer.mappingSummary.textContent()).toContain('Your sheet’s columns')
    await expect.poll(() => transfer.errors.first().textContent()).toContain('choose the decimal mark')
    expect(await transfer.mapping.getByLabel('Text encoding').inputValue()).toBe('utf-8')
    await screenshot(watched.page, 'import-mapping-questions')
    await transfer.mapping.getByLabel('Comma: 1.249,00').check()
    await expect.poll(() => transfer.mapping.getByLabel('Comma: 1.249,00').isChecked()).toBe(true)
    await transfer.mapping.getByLabel('“Ausverkauft?” (1 row)').selectOption('sold')
    await expect.poll(() => transfer.counts.textContent()).toContain('2 plants to add')
    expect(await transfer.dialog.locator('.import-changes').textContent()).toContain('price: £1.25')
    await transfer.dialog.getByRole('button', { name: 'Import 2 plants' }).click()
    await transfer.dialog.waitFor({ state: 'detached' })

    // An old Excel's Windows-1252 file is detected, and its encoding can be chosen.
    await transfer.choose('lager.csv', new Uint8Array(await readFile(path.join(FIXTURES, 'de-excel-windows-1252.csv'))))
    await expect.poll(() => transfer.mapping.getByLabel('Text encoding').inputValue()).toBe('windows-1252')
    await expect.poll(() => transfer.dialog.locator('.import-changes').textContent()).toContain('Glücksfeder (new)')
    expect(await transfer.dialog.locator('.import-changes').textContent()).toContain('price: £1,249.00')
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })
})
