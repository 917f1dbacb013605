/**
 * Money in a de-DE shop, in Chromium against a real `plant-store serve` whose computer speaks German: the Settings
 * dialog sets the currency, the Price field refuses `0.005` in words instead of guessing, and the import preview
 * names plants and shows prices in the shop's money. Screenshots of each screen at the three sizes.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { CataloguePage } from './pages/catalogue-page'
import { SettingsDialog } from './pages/conflict-dialog'
import { TransferPanel } from './pages/import-dialog'
import { screenshotEachSize } from './pages/screens'

const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()

describe("money in the shop's locale (de-DE)", () => {
  it('sets the currency in Settings, refuses an ambiguous price in words, and previews an import in the shop’s money', async ({ browser }) => {
    const server = await startServe(await makeTempDir(), [], { LC_ALL: 'de_DE.UTF-8' })
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await api.addPlant({ name: 'Fern', price: 12.5 })
    await api.addPlant({ name: 'Moss' })
    await api.addPlant({ tags: ['unlabelled'] })
    expect(await api.shopSettings()).toMatchObject({ currency: 'EUR', locale: 'de-DE' })
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const page = watched.page
    const catalogue = await CataloguePage.open(page, server.uiUrl)
    await expect.poll(async () => nbsp(await catalogue.row('Fern').textContent())).toContain('12,50 €')

    // Settings: the currency, with an example in the shop's locale.
    const settings = await SettingsDialog.open(page)
    const currency = settings.dialog.getByLabel('Currency of prices')
    expect(await currency.inputValue()).toBe('EUR')
    await currency.selectOption('GBP')
    expect(nbsp(await settings.dialog.getByText('Prices show as').textContent())).toContain('1.234,50 £')
    expect(await screenshotEachSize(page, 'settings-currency')).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await settings.dialog.getByRole('button', { name: 'Save currency' }).click()
    await catalogue.toast(/^Prices are now in British Pound/).waitFor()
    expect((await api.shopSettings()).currency).toBe('GBP')
    await settings.dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(async () => nbsp(await catalogue.row('Fern').textContent())).toContain('12,50 £')

    // The Price field: 0.005 is refused in words, nothing is sent.
    await catalogue.row('Fern').getByRole('button', { name: 'Edit Fern', exact: true }).click()
    const price = catalogue.form.dialog.getByLabel('Price', { exact: true })
    expect(await price.inputValue()).toBe('12,50')
    await price.fill('0.005')
    await catalogue.form.save.click()
    const refusal = catalogue.form.dialog.getByText('Price 0.005 could be read two ways: is the dot a thousands mark or a decimal mark?')
    await refusal.waitFor()
    expect(await screenshotEachSize(page, 'price-ambiguous', refusal)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect((await api.getPlant(1)).price).toBe(12.5)
    await price.fill('0,30')
    await catalogue.form.save.click()
    await catalogue.form.dialog.waitFor({ state: 'detached' })
    expect((await api.getPlant(1)).price).toBe(0.3)

    // The import preview: plants by name (an unnamed one as the table calls it), prices in the shop's money.
    const transfer = new TransferPanel(page)
    expect(await transfer.preview('prices.csv', 'id;price\n1;1,10\n3;0,30\n')).toContain('2 plants to update')
    const changes = transfer.dialog.locator('.import-changes tbody tr')
    const cells = async (row: number) => (await changes.nth(row).getByRole('cell').allTextContents()).map(nbsp)
    expect(await cells(0)).toEqual(['2', 'Fern', 'price: 0,30 £ → 1,10 £'])
    expect(await cells(1)).toEqual(['3', 'Unnamed (#3)', 'price: — → 0,30 £'])
    expect(await screenshotEachSize(page, 'import-preview-money', changes.last())).toEqual([])
    expect(watched.problems).toEqual([])
    await watched.context.close()
    await server.stop()
  })
})
