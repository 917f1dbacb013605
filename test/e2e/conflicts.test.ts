/**
 * Safe concurrent edits and named tokens in the real UI: two browser pages (or
 * a page and a script) change the same plant; the later save is refused and
 * shown as a choice, never a silent overwrite; the Settings dialog makes and
 * revokes tokens a script then uses.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { Browser } from 'playwright-core'
import { createApiClient } from '#shared/api-client'
import { openPage, type WatchedPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'
import { ConflictDialog, SettingsDialog } from './pages/conflict-dialog'
import { axeViolations } from './pages/axe'
import { screenshotEachSize } from './pages/screens'

/** Chromium logs every refused fetch; a 412 is the expected answer here, anything else is a problem. */
async function finish(...pages: WatchedPage[]): Promise<void> {
  for (const watched of pages) {
    expect(watched.problems.filter((problem) => !/responded with a status of 412\b/.test(problem))).toEqual([])
    await watched.context.close()
  }
}

async function twoPages(browser: Browser, plants: { name: string; category?: string }[]) {
  const server = await startServe(await makeTempDir())
  const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
  for (const plant of plants) await api.addPlant(plant)
  const first = await openPage(browser)
  const second = await openPage(browser)
  return {
    server,
    api,
    first,
    second,
    one: await CataloguePage.open(first.page, server.uiUrl),
    two: await CataloguePage.open(second.page, server.uiUrl)
  }
}

describe('editing the same plant in two places (Chromium)', () => {
  it('the second save shows the conflict with the current values, and applying mine again loses nothing', async ({ browser }) => {
    const { api, first, second, one, two } = await twoPages(browser, [{ name: 'Boston fern', category: 'Ferns' }])
    await one.row('Boston fern').getByRole('button', { name: 'Edit Boston fern', exact: true }).click()
    await two.row('Boston fern').getByRole('button', { name: 'Edit Boston fern', exact: true }).click()
    await two.form.fill({ name: 'Kimberly fern' })
    await two.form.save.click()
    await two.toast('Saved Kimberly fern').waitFor()

    await one.form.fill({ category: 'Ferns and mosses' })
    await one.form.save.click()
    const conflict = new ConflictDialog(first.page)
    await conflict.dialog.waitFor()
    expect(await one.form.dialog.count()).toBe(0) // the edit form handed over; what was typed is in the conflict dialog
    expect(await conflict.row('Name')).toEqual(['Kimberly fern', 'unchanged'])
    expect(await conflict.row('Category')).toEqual(['Ferns', 'Ferns and mosses'])
    expect(await api.getPlant(1)).toMatchObject({ name: 'Kimberly fern', category: 'Ferns', version: 2 }) // nothing overwritten

    await conflict.applyMine.click()
    await one.toast('Saved Kimberly fern').waitFor()
    expect(await conflict.dialog.count()).toBe(0)
    expect(await api.getPlant(1)).toMatchObject({ name: 'Kimberly fern', category: 'Ferns and mosses', version: 3 })
    await one.row('Kimberly fern').waitFor()
    await finish(first, second)
  })

  it('Undo after a script sold the plant shows the conflict instead of setting it back; keeping theirs keeps the sale', async ({ browser }) => {
    const { api, first, second, one } = await twoPages(browser, [{ name: 'Peace lily' }])
    await one.statusOf('Peace lily').selectOption({ label: 'Pending' })
    const toast = one.toast('Peace lily is now pending')
    await toast.waitFor()
    await api.updatePlant({ id: 1, status: 'sold' }) // the till's script, a moment later
    await toast.getByRole('button', { name: 'Undo', exact: true }).click()
    const conflict = new ConflictDialog(first.page)
    await conflict.dialog.waitFor()
    expect(await conflict.row('Status')).toEqual(['Sold', 'Available'])
    await conflict.keepTheirs.click()
    await conflict.dialog.waitFor({ state: 'detached' })
    expect((await api.getPlant(1)).status).toBe('sold')
    await expect.poll(() => one.statusOf('Peace lily').inputValue()).toBe('sold')
    await finish(first, second)
  })
})

describe('the conflict dialog lists every field (Chromium)', () => {
  it('shows a price changed at the till beside mine, in the shop’s money, instead of rows that all read unchanged', async ({ browser }) => {
    const { api, first, second, one } = await twoPages(browser, [{ name: 'Olive tree', category: 'Trees' }])
    await api.setShopSettings({ currency: 'GBP' })
    await first.page.reload()
    await one.summary.waitFor()
    await one.row('Olive tree').getByRole('button', { name: 'Edit Olive tree', exact: true }).click()
    await api.updatePlant({ id: 1, price: 49 }) // the till's script reprices it meanwhile
    await one.form.dialog.getByLabel('Price', { exact: true }).fill('45')
    await one.form.save.click()
    const conflict = new ConflictDialog(first.page)
    await conflict.dialog.waitFor()
    expect(await conflict.row('Price')).toEqual(['£49.00', '£45.00'])
    expect(await conflict.row('Name')).toEqual(['Olive tree', 'unchanged'])
    expect(await conflict.row('Stock')).toEqual(['—', 'unchanged'])
    expect(await conflict.row('Reorder at')).toEqual(['—', 'unchanged'])
    expect(await screenshotEachSize(first.page, 'conflict-price')).toEqual([])
    expect(await axeViolations(first.page)).toEqual([])
    await conflict.applyMine.click()
    await conflict.dialog.waitFor({ state: 'detached' })
    expect((await api.getPlant(1)).price).toBe(45)
    await finish(first, second)
  })
})

describe('Settings: named tokens (Chromium)', () => {
  it('makes a read-only token a script can read with but not write, and revokes it', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const watched = await openPage(browser)
    await CataloguePage.open(watched.page, server.uiUrl)
    const settings = await SettingsDialog.open(watched.page)
    const secret = await settings.create('label-printer', true)
    await settings.tokenRow('label-printer').waitFor()
    expect(await settings.tokenRow('label-printer').getByRole('cell').nth(0).textContent()).toBe('Read only')
    const script = createApiClient({ baseUrl: server.baseUrl, token: secret })
    await expect.poll(async () => (await script.listPlants()).total).toBe(0)
    await expect(script.addPlant({ name: 'x' })).rejects.toMatchObject({ status: 403, detail: expect.stringMatching(/^This token may only read/) })
    await settings.revoke('label-printer')
    await expect(script.listPlants()).rejects.toMatchObject({ status: 401 })
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })
})
