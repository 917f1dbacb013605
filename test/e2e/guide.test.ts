/**
 * The pictures of the shop owners' guide (docs/guide/img), made from the running app: one shop's day in Chromium at
 * 1366×768 against a real `plant-store serve`. Each picture is compared with the one the guide shows, so a change to
 * a screen the guide pictures fails here until `npm run docs:guide` (scripts/docs-guide.mjs) makes them again; only
 * that command writes into docs/.
 */
import { copyFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { SettingsDialog } from './pages/conflict-dialog'
import { ShopSetUpPage } from './pages/shop-set-up-page'
import { FirstRunPage } from './pages/first-run-page'
import { differingShare } from './pages/image-diff'
import { TransferPanel } from './pages/import-dialog'
import { SCREENSHOTS, saveScreenshot } from './pages/screenshots'
import { StaffPad } from './pages/staff-pad'
import { StockPage } from './pages/stock-page'
import { TillPage } from './pages/till-page'
import { openTill } from './pages/till-session'

/** Set by `npm run docs:guide`: the guide's pictures are written there instead of compared. */
const WRITE_TO = process.env.PLANT_STORE_DOCS_GUIDE
const GUIDE_PICTURES = path.resolve(import.meta.dirname, '../../docs/guide/img')
const VIEWPORT = { width: 1366, height: 768 }

const SHOP_PLANTS = [
  { name: 'Lavender Hidcote', category: 'Perennials', price: 6.5, quantity: 24, reorderAt: 6 },
  { name: 'Basil', category: 'Herbs', price: 2.99, quantity: 30 },
  { name: 'Boston fern', category: 'Ferns', price: 12.5, quantity: 5 },
  { name: 'Olive tree, 1.2 m', category: 'Trees', price: 89 }
]

/** A UK shop: VAT 20 %, herbs at 5 %, prices including VAT, the receipt's head. */
const SALES_SETTINGS = {
  pricesIncludeTax: true,
  taxRates: [
    { id: 'standard', name: 'VAT 20%', percent: 20 },
    { id: 'reduced', name: 'VAT 5%', percent: 5 }
  ],
  defaultTaxRate: 'standard',
  categoryTaxRates: { Herbs: 'reduced' },
  shopName: 'The Green Shed',
  shopAddress: '1 Mill Lane, Bristol',
  vatNumber: 'GB123456789'
}

/**
 * Takes the picture `name` and compares it with the guide's (or writes it there under `npm run docs:guide`). Times
 * and temporary paths on screen differ from run to run and stay far below the limit.
 */
async function picture(browser: Browser, page: Page, name: string, changed: string[]): Promise<void> {
  await saveScreenshot(page, `guide-${name}`)
  const shot = path.join(SCREENSHOTS, `guide-${name}-${VIEWPORT.width}x${VIEWPORT.height}.png`)
  const target = path.join(GUIDE_PICTURES, `${name}.png`)
  if (WRITE_TO) return copyFile(shot, path.join(WRITE_TO, `${name}.png`))
  const shown = await readFile(target).catch(() => undefined)
  if (!shown || (await differingShare(browser, await readFile(shot), shown)) >= 0.02) changed.push(name)
}

describe("the shop owners' guide", () => {
  it('pictures each page from the running app, as the guide shows them (npm run docs:guide makes them again)', async ({ browser }) => {
    const changed: string[] = []

    // Setting up: a fresh install's first run, as a UK shop.
    const fresh = await startServe(await makeTempDir(), ['--first-run'])
    const first = await openPage(browser, VIEWPORT)
    await first.page.goto(fresh.uiUrl)
    await new FirstRunPage(first.page).mainChoice.click()
    await first.page.getByRole('button', { name: 'Yes, this is the main computer' }).click()
    const setUp = new ShopSetUpPage(first.page)
    await setUp.heading('Your shop').waitFor()
    await setUp.field('Shop name').fill('The Green Shed')
    await setUp.field('Address (optional)').fill('1 Mill Lane, Bristol')
    await setUp.field('VAT number (optional)').fill('GB123456789')
    await picture(browser, first.page, 'set-up-shop', changed)
    await setUp.next.click()
    await setUp.heading('Where is the shop?').waitFor()
    await setUp.field('Country').selectOption({ label: 'United Kingdom' })
    await setUp.next.click()
    await setUp.heading('Money and tax').waitFor()
    await picture(browser, first.page, 'set-up-tax', changed)
    await setUp.next.click()
    await setUp.heading('The owner').waitFor()
    await setUp.next.click()
    await setUp.heading('How would you like to start?').waitFor()
    await picture(browser, first.page, 'set-up-start', changed)
    await first.context.close()

    const s = await openTill(browser, SHOP_PLANTS)
    const { page } = s.watched
    await page.setViewportSize(VIEWPORT)
    const put = await fetch(`${s.server.baseUrl}/settings/sales`, {
      method: 'PUT',
      headers: { ...s.server.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(SALES_SETTINGS)
    })
    expect(put.status).toBe(200)
    await s.api.setShopSettings({ currency: 'GBP', timeZone: 'Europe/London' })
    await page.reload()

    // Selling: three plants scanned, then Pay with cash given.
    const till = new TillPage(page)
    await till.open()
    for (const code of ['PS-1', 'PS-2', 'PS-2', 'PS-3']) await s.scan(code)
    await expect.poll(() => till.line('Basil').getByRole('spinbutton').inputValue()).toBe('2')
    await expect.poll(() => till.lines.count()).toBe(3)
    await picture(browser, page, 'selling-basket', changed)
    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    await pay.getByLabel('Cash given').fill('30')
    await expect.poll(() => pay.getByTestId('change').textContent()).toContain('5.02')
    await picture(browser, page, 'selling-pay', changed)
    await pay.getByLabel('Cash given').press('Enter')
    await till.dialog('Receipt 1').waitFor()
    await page.keyboard.press('Escape')

    // Refunds: one basil back from receipt 1.
    await page.keyboard.press('F4')
    const refund = till.dialog('Refund')
    await refund.getByLabel('Receipt number').fill('1')
    await refund.getByLabel('Receipt number').press('Enter')
    await refund.getByLabel('Pots of Basil to refund').fill('1')
    await refund.getByLabel('Basil back into stock').uncheck()
    await refund.getByLabel('Reason').fill('died within a week')
    await expect.poll(() => refund.getByTestId('refund-total').textContent()).toContain('2.99')
    await picture(browser, page, 'refund', changed)
    await refund.getByRole('button', { name: 'Refund' }).click()
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refund 1 of receipt 1')
    await page.keyboard.press('Escape')

    // Closing the day: the X report.
    await page.keyboard.press('F9')
    const day = till.dialog(/X report: day 1/)
    await expect.poll(() => day.getByTestId('day-net').textContent()).toContain('21.99')
    await picture(browser, page, 'day-x-report', changed)
    await page.keyboard.press('Escape')

    // Stock: a stock-take of the lavender, reviewed.
    const stock = new StockPage(page)
    await stock.open('Stock-take')
    await s.scan('PS-1')
    await expect.poll(() => stock.picked.textContent()).toContain('Lavender Hidcote')
    await stock.pots.fill('22')
    await page.keyboard.press('Enter')
    await stock.button(/^Review stock-take/).click()
    await stock.reviewGroup('Goes down').first().waitFor()
    await picture(browser, page, 'stock-take', changed)

    // Moving in: a shop's own sheet in the Import dialog's mapping step.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Catalogue', exact: true }).click()
    const transfer = new TransferPanel(page)
    await transfer.choose(
      'my-plants.csv',
      Buffer.from('Plant,Group,Price,On hand\nMonstera deliciosa,Houseplants,£24.00,6\nRosemary,Herbs,£3.50,18\n')
    )
    await transfer.mapping.waitFor()
    await picture(browser, page, 'moving-in-mapping', changed)
    await page.keyboard.press('Escape')

    // Backups: the backup folder in Settings, after a first backup.
    const usb = await makeTempDir()
    await s.api.setBackupFolder(usb)
    await s.api.backUpToFolder()
    const settings = await SettingsDialog.open(page)
    await settings.dialog.getByLabel('Folder (full path)').scrollIntoViewIfNeeded()
    await picture(browser, page, 'backups', changed)
    await page.keyboard.press('Escape')

    // Staff: "Who is selling?" once the owner and a member are set up.
    await s.api.addStaffMember({ name: 'Olga', role: 'owner', pin: '1111' })
    await s.api.signInStaff(1, '1111')
    await s.api.addStaffMember({ name: 'Anna', role: 'staff', pin: '2222' })
    await s.api.signOutStaff()
    await page.reload()
    await new StaffPad(page).heading.waitFor()
    await picture(browser, page, 'staff-pin-pad', changed)
    await s.watched.context.close()

    // A second till: the connect form of a computer never set up, filled in as from the main computer's screen.
    const door = await startServe(await makeTempDir(), ['--first-run'])
    const watched = await openPage(browser, VIEWPORT)
    await watched.page.goto(door.uiUrl)
    const screen = new FirstRunPage(watched.page)
    await screen.connectChoice.click()
    await screen.address.fill('https://192.168.1.20:7421')
    await screen.field('Pairing code').fill('4821-3307')
    await screen
      .field('Certificate fingerprint (SHA-256)')
      .fill(Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase()).join(':'))
    await screen.field("This till's name").fill('door')
    await picture(browser, watched.page, 'second-till-connect', changed)
    await watched.context.close()

    expect(changed, `the guide's pictures no longer show these screens as they are: run \`npm run docs:guide\``).toEqual([])
  })
})
