/**
 * The till by keyboard and screen reader, in Chromium against a real server: a refund acts on the receipt the
 * field names, never on one still on screen; focus comes back to the scan box after every dialog and after Remove
 * (a code typed by hand then adds the plant); the basket's changes and Pay's change are heard through polite live
 * regions.
 */
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { it } from '#setup/browser-test'
import { axeViolations } from './pages/axe'
import { openTill, type TillSession } from './pages/till-session'
import { TillPage } from './pages/till-page'

const PLANTS = [
  { name: 'Basil', price: 3.99, quantity: 10 },
  { name: 'Fern', price: 12.5 },
  { name: 'Cactus', price: 8 },
  { name: 'Mint', price: 2.5, quantity: 10 }
]

/** Two sales made through the API: receipt 1 (a Fern and a Cactus) and receipt 2 (3 pots of Basil). */
async function twoSales(s: TillSession): Promise<void> {
  await s.api.completeSale({
    lines: [
      { plantId: 2, quantity: 1 },
      { plantId: 3, quantity: 1 }
    ],
    payments: [{ method: 'cash', amount: 2050 }]
  })
  await s.api.completeSale({ lines: [{ plantId: 1, quantity: 3 }], payments: [{ method: 'card', amount: 1197 }] })
}

describe('a refund at the till', () => {
  it('after receipt 1 is found, another number and Enter finds that receipt: receipt 1 is not refunded', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    await twoSales(s)
    const { page } = s.watched
    const till = new TillPage(page)
    await till.open()
    await page.keyboard.press('F4')
    const refund = till.dialog('Refund')
    const field = refund.getByLabel('Receipt number')
    await field.fill('1')
    await field.press('Enter')
    await refund.getByLabel('Pots of Cactus to refund').fill('1')
    await refund.getByLabel('Reason').fill('died within a week')
    await field.fill('2')
    await field.press('Enter')
    await refund.getByLabel('Pots of Basil to refund').or(refund.getByRole('status')).first().waitFor()
    expect(await s.api.saleRefunds(1)).toEqual([])
    expect(await s.api.saleRefunds(2)).toEqual([])
    await refund.getByLabel('Pots of Basil to refund').waitFor()
    expect(await refund.getByLabel('Pots of Cactus to refund').count()).toBe(0)
    // Until Enter, the lines on screen are the last receipt found, and the dialog says what Enter will do.
    await field.fill('1')
    await refund.getByText('The lines below are of receipt 2. Enter finds receipt 1').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await refund.getByRole('button', { name: /^Refund/ }).count()).toBe(0)
    await field.fill('2')
    // Refunding now refunds receipt 2, the one the field names.
    await refund.getByLabel('Pots of Basil to refund').fill('1')
    await refund.getByLabel('Reason').fill('wrong size')
    await refund.getByRole('button', { name: 'Refund from receipt 2' }).click()
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refund 1 of receipt 2')
    expect(await s.api.saleRefunds(1)).toEqual([])
    expect((await s.api.saleRefunds(2)).map((made) => made.lines.map((line) => line.quantity))).toEqual([[1]])
    await s.finish(1)
  })
})

const focusedId = (page: Page) => page.evaluate(() => (globalThis as any).document.activeElement?.id ?? '')

/**
 * Types `code` and Enter as a person does into whatever has focus: keys 100 ms apart by their time stamps, too slow
 * for a scanner's burst (which would add the plant from anywhere), so only the scan box takes it.
 */
async function typeByHand(s: TillSession, code: string): Promise<void> {
  await s.scan(code, 100)
}

/** Checks focus is in the scan box by what it is for: a code typed by hand adds the plant (one more basket line). */
async function codeTypedByHandAdds(s: TillSession, till: TillPage, code: string, name: string): Promise<void> {
  await expect.poll(() => focusedId(s.watched.page)).toBe('till-find')
  await typeByHand(s, code)
  await till.line(name).waitFor()
}

describe('focus at the till', () => {
  it('goes back to the scan box after the receipt (Pay opened from a pots field), Remove, a refund and closing the day', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    const till = new TillPage(page)
    await till.open()
    await s.scan('PS-1')
    await till.line('Basil').waitFor()

    // Pay from the line's pots field; the receipt closed with Esc.
    await till.line('Basil').getByRole('spinbutton').focus()
    await page.keyboard.press('F2')
    await till.dialog(/^Pay /).getByLabel('Cash given').press('Enter')
    await till.dialog('Receipt 1').waitFor()
    await page.keyboard.press('Escape')
    await till.dialog('Receipt 1').waitFor({ state: 'detached' })
    await codeTypedByHandAdds(s, till, 'PS-4', 'Mint')

    // Remove by keyboard: the Remove button goes with its line.
    await till.line('Mint').getByRole('button', { name: 'Remove Mint' }).focus()
    await page.keyboard.press('Enter')
    await till.line('Mint').waitFor({ state: 'detached' })
    await codeTypedByHandAdds(s, till, 'PS-4', 'Mint')

    // A refund: the field takes focus again for the next receipt; Esc then leaves.
    await page.keyboard.press('F4')
    const refund = till.dialog('Refund')
    await typeByHand(s, '1')
    await refund.getByLabel('Pots of Basil to refund').fill('1')
    await refund.getByLabel('Reason').fill('wrong plant')
    await refund.getByLabel('Reason').press('Enter')
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refund 1 of receipt 1')
    await expect.poll(() => focusedId(page)).toBe('refund-receipt')
    await page.keyboard.press('Escape')
    await refund.waitFor({ state: 'detached' })
    await codeTypedByHandAdds(s, till, 'PS-3', 'Cactus')

    // The day: it opens on Cash counted, never on Close; Enter there with nothing counted asks for the count.
    await page.keyboard.press('F9')
    const day = till.dialog(/X report: day 1/)
    await expect.poll(() => focusedId(page)).toBe('day-counted')
    await page.keyboard.press('Enter')
    await day.getByText('Count the cash in the drawer first').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await day.getByLabel('Cash counted').fill('0')
    await day.getByLabel('Cash counted').press('Enter')
    const z = till.dialog(/Z report: day 1/)
    await z.waitFor()
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim())).toBe('Print')
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await z.waitFor({ state: 'detached' })
    await codeTypedByHandAdds(s, till, 'PS-2', 'Fern')
    await s.finish(1)
  })
})

describe('what a screen reader hears at the till', () => {
  it('every basket change with its total, the same words twice, and in Pay the change or what is short, politely', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    const till = new TillPage(page)
    await till.open()
    const notice = page.locator('.till-notice')
    const basketSaid = page.getByTestId('basket-said')
    const heard = async (region: typeof notice, words: RegExp) => {
      await expect.poll(async () => (await region.textContent())?.trim()).toMatch(words)
      expect(await region.getAttribute('role')).toBe('status')
    }

    await s.scan('PS-1')
    await heard(basketSaid, /^Basil, 1 pot\. Total \D*3\.99\.$/)
    await heard(notice, /^Added Basil\.$/)
    const firstAdded = await notice.textContent()
    // A second scan of the same plant: the notice's words repeat, its text still changes so it is read again.
    await s.scan('PS-1')
    await heard(basketSaid, /^Basil, 2 pots\. Total \D*7\.98\.$/)
    await expect.poll(() => notice.textContent()).not.toBe(firstAdded)
    expect((await notice.textContent())!.trim()).toBe('Added Basil.')

    await s.scan('PS-2')
    await heard(basketSaid, /^Fern, 1 pot\. Total \D*20\.48\.$/)
    await s.scan('PS-2')
    await heard(notice, /^Fern is in the basket already/)
    const already = await notice.textContent()
    await s.scan('PS-2')
    await expect.poll(() => notice.textContent()).not.toBe(already)

    const pots = till.line('Basil').getByRole('spinbutton')
    await pots.fill('5')
    await pots.press('Enter')
    await heard(basketSaid, /^Basil, 5 pots\. Total \D*32\.45\.$/)
    await page.getByRole('button', { name: 'Remove Fern' }).click()
    await heard(basketSaid, /^Removed Fern\. Total \D*19\.95\.$/)

    await page.keyboard.press('F2')
    const pay = till.dialog(/^Pay /)
    const paySaid = pay.getByTestId('pay-said')
    await pay.getByLabel('Cash given').pressSequentially('20')
    await heard(paySaid, /^Change \D*0\.05$/)
    await pay.getByLabel('Cash given').fill('10')
    await heard(paySaid, /^Cash given is \D*9\.95 short of \D*19\.95$/)
    // Shown at once, but as no alert: it would cut into the typing of the next key.
    expect(await pay.getByRole('alert').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await s.finish(1)
  })
})

describe('the till on a touch screen', () => {
  it('gives every basket control 44 px and room between, with − and + for the pots', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    await page.setViewportSize({ width: 1024, height: 600 })
    // A touch screen as Chromium's device mode makes one: the pointer is coarse.
    const cdp = await s.watched.context.newCDPSession(page)
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
    expect(await page.evaluate(() => (globalThis as any).matchMedia('(pointer: coarse)').matches)).toBe(true)
    const till = new TillPage(page)
    await till.open()
    await s.scan('PS-1')
    const basil = till.line('Basil')
    const pots = basil.getByRole('spinbutton', { name: 'Pots of Basil' })
    await expect.poll(() => pots.inputValue()).toBe('1')
    await basil.getByRole('button', { name: 'One pot more of Basil' }).click()
    await basil.getByRole('button', { name: 'One pot more of Basil' }).click()
    await expect.poll(() => pots.inputValue()).toBe('3')
    await basil.getByRole('button', { name: 'One pot fewer of Basil' }).click()
    await expect.poll(() => pots.inputValue()).toBe('2')
    await expect.poll(() => page.getByTestId('basket-said').textContent()).toMatch(/^Basil, 2 pots\. Total \D*7\.98\./)
    expect(await axeViolations(page)).toEqual([])

    const controls = ['One pot fewer of Basil', 'Pots of Basil', 'One pot more of Basil', 'Price of Basil', 'Discount on Basil', 'Remove Basil']
    const boxes = []
    for (const name of controls) {
      const box = (await basil.getByRole(name === 'Pots of Basil' ? 'spinbutton' : 'button', { name }).boundingBox())!
      expect(box.height, name).toBeGreaterThanOrEqual(44)
      boxes.push({ name, ...box })
    }
    for (const name of ['One pot fewer of Basil', 'One pot more of Basil', 'Price of Basil', 'Discount on Basil', 'Remove Basil'])
      expect(boxes.find((box) => box.name === name)!.width, name).toBeGreaterThanOrEqual(44)
    // Side by side, never touching: a finger meant for Discount does not land on Remove.
    for (const [left, right] of [
      [0, 1],
      [1, 2],
      [3, 4],
      [4, 5]
    ] as const)
      expect(boxes[right]!.x - (boxes[left]!.x + boxes[left]!.width), `${controls[left]} to ${controls[right]}`).toBeGreaterThanOrEqual(6)
    for (const name of ['Pay (F2)', 'Refund (F4)', 'Day (F9)', 'Empty basket'])
      expect((await page.getByRole('button', { name }).boundingBox())!.height, name).toBeGreaterThanOrEqual(44)
    await cdp.detach()
    await s.finish(1)
  })
})

describe('the till at 200 % zoom', () => {
  it('keeps the total and Pay on screen under the lines (1366×768 at 200 % is 683×384 CSS pixels)', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const { page } = s.watched
    await page.setViewportSize({ width: 683, height: 384 })
    const till = new TillPage(page)
    await till.open()
    for (const code of ['PS-1', 'PS-2', 'PS-3', 'PS-4']) await s.scan(code)
    await till.line('Mint').waitFor()
    for (const shown of [till.total, page.getByRole('button', { name: 'Pay (F2)' })]) {
      const box = (await shown.boundingBox())!
      expect(box.y + box.height, (await shown.textContent()) ?? '').toBeLessThanOrEqual(384)
    }
    expect(await till.total.textContent()).toMatch(/26\.99/)
    await page.getByRole('button', { name: 'Pay (F2)' }).click()
    await till.dialog(/^Pay /).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await s.finish(1)
  })
})
