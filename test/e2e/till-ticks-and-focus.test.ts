/**
 * What a keyboard or mouse user at the till sees of a selection and where focus lands, in Chromium (a real
 * user event: the page's own handlers run between the click and the browser's default action, which a
 * jsdom component test does not reproduce).
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { NewPlant } from '#shared/plant'
import { focusedLabel } from './pages/layout-probes'
import { openTill } from './pages/till-session'

const PLANTS: NewPlant[] = ['Agave', 'Begonia', 'Cactus'].map((name) => ({ name, category: 'Shop floor', tags: [], status: 'available' }))

describe('tick boxes', () => {
  it('show the tick a click or Space puts on a row and on the page box', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    const begonia = page.getByRole('checkbox', { name: 'Select Begonia' })
    await begonia.click()
    await page.getByRole('region', { name: 'Selected plants' }).getByText('1 selected').waitFor()
    expect(await begonia.isChecked()).toBe(true)
    const cactus = page.getByRole('checkbox', { name: 'Select Cactus' })
    await cactus.focus()
    await page.keyboard.press('Space')
    await page.getByRole('region', { name: 'Selected plants' }).getByText('2 selected').waitFor()
    expect(await cactus.isChecked()).toBe(true)
    await page.keyboard.press('Space')
    await page.getByRole('region', { name: 'Selected plants' }).getByText('1 selected').waitFor()
    expect(await cactus.isChecked()).toBe(false)
    const pageBox = page.getByRole('checkbox', { name: 'Select all plants on this page' })
    await pageBox.click()
    await page.getByRole('region', { name: 'Selected plants' }).getByText('3 selected').waitFor()
    expect(await pageBox.isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Select Agave' }).isChecked()).toBe(true)
    await s.finish()
  })
})

describe('focus after a delete', () => {
  it("moves to the row now in the deleted one's place, not to the page", async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await page.getByRole('button', { name: 'Edit Begonia', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).focus()
    await page.keyboard.press('Enter')
    await s.catalogue.toast('Deleted Begonia').waitFor()
    await s.catalogue.row('Begonia').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim())).toBe('Edit Cactus')
    await s.finish()
  })
})

describe('focus after a dialog of the selection bar', () => {
  it('goes back to the button that opened the label dialog or the delete question', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    const bar = page.getByRole('region', { name: 'Selected plants' })
    await page.getByRole('checkbox', { name: 'Select Agave' }).click()
    await page.getByRole('checkbox', { name: 'Select Begonia' }).click()
    await bar.getByRole('button', { name: 'Print labels' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Print labels' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim())).toBe('Print labels')
    await bar.getByRole('button', { name: 'Delete', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog', { name: 'Delete 2 plants?' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim())).toBe('Delete')
    await s.finish()
  })

  it('moves to the first ticked row after a status is chosen from Set status…', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    const bar = page.getByRole('region', { name: 'Selected plants' })
    await page.getByRole('checkbox', { name: 'Select Agave' }).click()
    await bar.getByRole('button', { name: 'Set status…' }).focus()
    await page.keyboard.press('Enter')
    await bar.getByRole('button', { name: 'Pending', exact: true }).focus()
    await page.keyboard.press('Enter')
    await s.catalogue.toast('Agave is now pending').or(s.catalogue.toast('set to pending')).first().waitFor()
    await expect.poll(() => focusedLabel(page)).toBe('Status of Agave')
    await s.finish()
  })
})
