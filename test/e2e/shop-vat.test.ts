/**
 * Settings → Shop & VAT in Chromium against a real `plant-store serve`, with no curl: the owner names the shop, sets
 * VAT at 20 % and 5 % with Herbs at 5 %, and chooses pounds and UK dates; a herb and a plant sold at the till then give a receipt
 * with the shop's head, its footer, the date written the UK way and the two VAT lines.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { axeViolations } from './pages/axe'
import { SettingsDialog } from './pages/conflict-dialog'
import { saveScreenshot } from './pages/screenshots'
import { openTill } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [
  { name: 'Basil', price: 3, quantity: 10, category: 'Herbs' },
  { name: 'Fern', price: 10, quantity: 5, category: 'Ferns' }
]

describe('Settings → Shop & VAT', () => {
  it('sets the shop head, VAT 20 % and 5 % with Herbs at 5 %, and the receipt of a herb and a plant shows them', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    const settings = await SettingsDialog.open(page)
    const dialog = settings.dialog

    await dialog.getByLabel('Currency of prices').selectOption('GBP')
    await dialog.getByRole('button', { name: 'Save currency' }).click()
    await expect.poll(async () => (await s.api.shopSettings()).currency).toBe('GBP')
    await dialog.getByLabel('Dates, times and amounts').selectOption('en-GB')
    await dialog.getByRole('button', { name: 'Save date format' }).click()
    await expect.poll(async () => (await s.api.shopSettings()).locale).toBe('en-GB')
    // The catalogue behind the dialog writes its times the UK way at once (00:44, not 12:44 AM).
    await expect.poll(async () => await s.catalogue.row('Basil').textContent()).toMatch(/\d\d:\d\d Edit Basil$/)

    await dialog.getByLabel('Shop name').fill('The Green Shed')
    await dialog.getByLabel('Shop address').fill('1 Mill Lane\nBristol BS1 4DJ')
    await dialog.getByLabel('VAT number').fill('GB123456789')
    await dialog.getByLabel('Receipt footer').fill('Returns within 28 days')
    await dialog.getByRole('button', { name: 'Save receipt words' }).click()
    await expect.poll(async () => (await s.api.salesSettings()).shopName).toBe('The Green Shed')

    for (const [name, percent] of [
      ['Standard 20%', '20'],
      ['Reduced 5%', '5']
    ] as const) {
      await dialog.getByLabel('New rate’s name').fill(name)
      await dialog.getByLabel('Percent', { exact: true }).fill(percent)
      await dialog.getByRole('button', { name: 'Add rate' }).click()
    }
    await dialog.getByLabel('Category', { exact: true }).fill('Herbs')
    await dialog.getByLabel('takes').selectOption({ label: 'Reduced 5%' })
    await dialog.getByRole('button', { name: 'Set category rate' }).click()
    // A rate in use is not removed: the form says where it is used.
    await dialog.getByRole('button', { name: 'Remove Reduced 5%' }).click()
    await dialog.getByText('“Reduced 5%” is the rate of Herbs: choose another rate for them first, then remove it.').waitFor()
    await saveScreenshot(page, 'settings-shop-vat')
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save VAT' }).click()
    await expect.poll(async () => (await s.api.salesSettings()).categoryTaxRates).toEqual({ Herbs: 'reduced-5' })
    expect(await s.api.salesSettings()).toMatchObject({
      taxRates: [
        { id: 'standard-20', name: 'Standard 20%', percent: 20 },
        { id: 'reduced-5', name: 'Reduced 5%', percent: 5 }
      ],
      defaultTaxRate: 'standard-20'
    })
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()

    const till = new TillPage(page)
    await till.open()
    for (const code of ['PS-1', 'PS-2']) await s.scan(code)
    await expect.poll(() => till.lines.count()).toBe(2)
    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('20')
    await pay.getByLabel('Cash given').press('Enter')
    const receipt = till.dialog('Receipt 1')
    const printed = () => receipt.getByTestId('receipt').evaluate((host) => host.shadowRoot?.textContent ?? '')
    await expect.poll(printed).toContain('keep it for returns')
    const text = (await printed()).replace(/\s+/g, ' ')
    for (const words of ['The Green Shed', '1 Mill Lane', 'Bristol BS1 4DJ', 'VAT GB123456789', 'Returns within 28 days', 'Tax included'])
      expect(text, words).toContain(words)
    expect(text).toMatch(/\d\d\/\d\d\/20\d\d, \d\d:\d\d · Till/) // the UK way: 08/11/2026, 19:51
    expect(text).toContain('Reduced 5% on £2.86£0.14') // 3.00 holds 0.142… → 0.14, on 2.86 net
    expect(text).toContain('Standard 20% on £8.33£1.67') // 10.00 holds 1.666… → 1.67, on 8.33 net
    await saveScreenshot(page, 'receipt-shop-vat')
    await s.finish(1) // the till asks for a basket this window never kept
    await s.server.stop()
  })
})
