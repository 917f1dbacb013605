/**
 * Bulk actions and delete in Chromium against the real server: tick rows
 * (shift-click range), set a status on all of them and undo it in one go;
 * delete one (Undo brings it back), delete several after a confirmation;
 * print the labels of "all matching" as a PDF; prices in the shop's currency.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { NewPlant } from '#shared/plant'
import { readPrintedLabels } from './pages/printed-labels'
import { openTill } from './pages/till-session'

/** Plants A…E (ids 1–5, listed by name in id order), alternately available and pending. */
const PLANTS: NewPlant[] = ['Agave', 'Begonia', 'Cactus', 'Dahlia', 'Echeveria'].map((name, index) => ({
  name,
  category: 'Shop floor',
  tags: [],
  status: index % 2 ? 'pending' : 'available',
  price: 3 + index
}))

describe('bulk actions', () => {
  it('ticks a shift-click range, sets the status of all in one step, and one Undo puts each back', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await page.getByRole('checkbox', { name: 'Select Begonia' }).click()
    await page.getByRole('checkbox', { name: 'Select Dahlia' }).click({ modifiers: ['Shift'] })
    const bar = page.getByRole('region', { name: 'Selected plants' })
    await bar.getByText('3 selected').waitFor()
    await bar.getByRole('button', { name: 'Set status…' }).click()
    await bar.getByRole('button', { name: 'Sold', exact: true }).click()
    const toast = s.catalogue.toast('3 plants set to sold')
    await toast.waitFor()
    const statuses = async () => (await s.api.listPlants({ sort: 'id' })).plants.map((plant) => plant.status)
    expect(await statuses()).toEqual(['available', 'sold', 'sold', 'sold', 'available'])
    await expect.poll(() => s.catalogue.statusOf('Cactus').inputValue()).toBe('sold')
    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(statuses).toEqual(['available', 'pending', 'available', 'pending', 'available'])
    await expect.poll(() => s.catalogue.statusOf('Cactus').inputValue()).toBe('available')
    await s.finish()
  })

  it('a bulk Undo refused because one plant was sold since names that plant, and puts nothing back', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await page.getByRole('checkbox', { name: 'Select Agave' }).click()
    await page.getByRole('checkbox', { name: 'Select Cactus' }).click({ modifiers: ['Shift'] })
    const bar = page.getByRole('region', { name: 'Selected plants' })
    await bar.getByRole('button', { name: 'Set status…' }).click()
    await bar.getByRole('button', { name: 'Pending', exact: true }).click()
    const toast = s.catalogue.toast('3 plants set to pending')
    await toast.waitFor()
    await s.api.updatePlant({ id: 3, status: 'sold' }) // the till sells Cactus meanwhile
    await toast.getByRole('button', { name: 'Undo' }).click()
    await s.catalogue.toast('Could not undo: Cactus was changed since (for example sold at the till), so nothing was put back.').waitFor()
    expect((await s.api.listPlants({ sort: 'id' })).plants.slice(0, 3).map((plant) => plant.status)).toEqual(['pending', 'pending', 'sold'])
    expect(s.watched.problems.filter((problem) => !/status of 412\b/.test(problem))).toEqual([]) // the refused Undo's answer
    await s.watched.context.close()
  })

  it('deletes one plant at once and Undo restores it; several ask first, and Undo restores them all', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await page.getByRole('checkbox', { name: 'Select Cactus' }).click()
    await page.getByRole('region', { name: 'Selected plants' }).getByRole('button', { name: 'Delete' }).click()
    const toast = s.catalogue.toast('Deleted Cactus')
    await toast.waitFor()
    await s.catalogue.row('Cactus').waitFor({ state: 'detached' })
    expect((await s.api.listPlants()).total).toBe(4)
    // Its label now says it was deleted.
    await s.scan('PS-3')
    await page.getByRole('dialog', { name: 'Plant PS-3 was deleted' }).waitFor()
    await page.keyboard.press('Escape')
    await toast.getByRole('button', { name: 'Undo' }).click()
    await s.catalogue.row('Cactus').waitFor()
    expect(await s.api.getPlant(3)).toMatchObject({ id: 3, name: 'Cactus', price: 5 })

    await page.getByRole('checkbox', { name: 'Select Agave' }).click()
    await page.getByRole('checkbox', { name: 'Select Begonia' }).click()
    await page.getByRole('region', { name: 'Selected plants' }).getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 plants?' })
    await confirm.getByRole('button', { name: 'Delete 2 plants' }).click()
    const bulkToast = s.catalogue.toast('Deleted 2 plants')
    await bulkToast.waitFor()
    await expect.poll(() => s.catalogue.names()).toEqual(['Cactus', 'Dahlia', 'Echeveria'])
    await bulkToast.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => s.catalogue.names()).toEqual(['Agave', 'Begonia', 'Cactus', 'Dahlia', 'Echeveria'])
    await s.finish(1)
  })

  it('deletes from the edit dialog with Undo; a plant a script deletes or restores leaves or rejoins an open UI', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.catalogue.row('Dahlia').getByRole('button', { name: 'Edit Dahlia', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    const toast = s.catalogue.toast('Deleted Dahlia')
    await toast.waitFor()
    await s.catalogue.row('Dahlia').waitFor({ state: 'detached' })
    await toast.getByRole('button', { name: 'Undo' }).click()
    await s.catalogue.row('Dahlia').waitFor()
    expect(await s.api.getPlant(4)).toMatchObject({ name: 'Dahlia', status: 'pending', price: 6 })

    await s.api.deletePlant(5)
    await s.catalogue.row('Echeveria').waitFor({ state: 'detached' })
    await expect.poll(() => s.catalogue.count('All')).toBe(4)
    await s.api.bulkDelete([1, 2])
    await expect.poll(() => s.catalogue.names()).toEqual(['Cactus', 'Dahlia'])
    await s.api.bulkRestore([1, 2])
    await s.api.restorePlant(5)
    await expect.poll(() => s.catalogue.names()).toEqual(['Agave', 'Begonia', 'Cactus', 'Dahlia', 'Echeveria'])
    await s.finish()
  })

  it('shows prices in the shop’s currency, sorts by price, and prints the labels of all matching plants with prices', async ({ browser }) => {
    const s = await openTill(browser, PLANTS)
    const page = s.watched.page
    await s.api.setShopSettings({ currency: 'GBP' })
    await page.reload()
    await s.catalogue.summary.waitFor()
    await expect.poll(() => s.catalogue.row('Agave').locator('.cell-price').textContent()).toBe('£3.00')
    await page.getByRole('button', { name: 'Price' }).click()
    await page.getByRole('button', { name: 'Price' }).click()
    await expect.poll(() => s.catalogue.names()).toEqual(['Echeveria', 'Dahlia', 'Cactus', 'Begonia', 'Agave'])

    await page.getByRole('checkbox', { name: 'Select Agave' }).click()
    const bar = page.getByRole('region', { name: 'Selected plants' })
    await bar.getByRole('button', { name: 'Select all 5 matching' }).click()
    await bar.getByText('5 selected').waitFor()
    await bar.getByRole('button', { name: 'Print labels' }).click()
    await page.getByRole('dialog', { name: 'Print labels' }).getByText('5 labels on 1 A4 page').waitFor()
    const sheet = await readPrintedLabels(await page.pdf({ preferCSSPageSize: true }))
    expect(sheet.text).toContain('Agave')
    expect(sheet.text).toContain('£3.00')
    // Labels go in id order: Agave (PS-1) first, top left.
    expect(await sheet.decodeQr(1, { x: 0, y: 0, width: 70, height: 38 })).toBe('PS-1')
    await s.finish()
  })
})
