/**
 * The staff UI end to end: the built renderer served by a real
 * `plant-store serve` (own temporary data per test), in Debian's Chromium.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { Browser } from 'playwright-core'
import { createApiClient } from '#shared/api-client'
import type { NewPlant } from '#shared/plant'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { SAMPLE_PLANTS, finish, openSession } from './pages/catalogue-session'

const session = (browser: Browser, plants: NewPlant[] = []) => openSession(browser, plants)

describe('staff UI in Chromium', () => {
  it('opens from the printed address, drops the token from the address bar and lists the catalogue', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 3))
    expect(s.watched.page.url()).toBe(`http://127.0.0.1:${s.server.port}/`)
    expect(await s.catalogue.names()).toEqual(['Aloe vera', 'Boston fern', 'Monstera deliciosa'])
    expect(await s.catalogue.row('Monstera deliciosa').getByRole('listitem').allTextContents()).toEqual(['indoor', 'shade', 'large'])
    // A reload in the same tab keeps working: the token is in session storage.
    await s.watched.page.reload()
    await s.catalogue.summary.waitFor()
    expect(await s.catalogue.total()).toBe(3)
    await finish(s)
  })

  it('adds a plant with n, the form and Enter; tags become chips', async ({ browser }) => {
    const s = await session(browser)
    await s.watched.page.getByText('No plants yet').waitFor()
    await s.watched.page.keyboard.press('n')
    await s.catalogue.form.fill({ name: 'Monstera deliciosa', category: 'Aroids', tags: 'indoor, shade' })
    expect(await s.catalogue.form.chips()).toEqual(['indoor', 'shade'])
    expect(await s.catalogue.form.field('Status').inputValue()).toBe('available')
    await s.catalogue.form.field('Tags').press('Enter')
    await s.catalogue.toast('Added Monstera deliciosa').waitFor()
    await s.catalogue.row('Monstera deliciosa').waitFor()
    expect(await s.catalogue.form.dialog.count()).toBe(0)
    expect(await s.catalogue.row('Monstera deliciosa').getByRole('listitem').allTextContents()).toEqual(['indoor', 'shade'])
    const stored = await s.api.listPlants()
    expect(stored.plants).toEqual([
      expect.objectContaining({ name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor', 'shade'], status: 'available' })
    ])
    expect(await s.catalogue.count('All')).toBe(1)
    await finish(s)
  })

  it('edits a plant from its row; Esc asks before dropping what was typed', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 3))
    await s.catalogue.row('Boston fern').getByRole('cell').first().click()
    await s.catalogue.form.fill({ name: 'Kimberly fern' })
    await s.watched.page.keyboard.press('Escape')
    // Something was typed: Esc asks first; Esc again keeps editing, Discard drops it.
    const confirm = s.watched.page.getByRole('alertdialog', { name: 'Discard changes?' })
    await confirm.waitFor()
    await s.watched.page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    expect(await s.catalogue.form.field('Name').inputValue()).toBe('Kimberly fern')
    await s.watched.page.keyboard.press('Escape')
    await confirm.getByRole('button', { name: 'Discard' }).click()
    expect(await s.catalogue.form.dialog.count()).toBe(0)
    expect((await s.api.getPlant(2)).name).toBe('Boston fern')

    await s.catalogue.row('Boston fern').getByRole('button', { name: 'Edit Boston fern', exact: true }).click()
    expect(await s.catalogue.form.field('Name').inputValue()).toBe('Boston fern')
    expect(await s.catalogue.form.field('Tags').inputValue()).toBe('humid, hanging')
    await s.catalogue.form.fill({ name: 'Kimberly queen fern', tags: 'humid, hanging, pet safe' })
    await s.catalogue.form.save.click()
    await s.catalogue.row('Kimberly queen fern').waitFor()
    expect(await s.api.getPlant(2)).toMatchObject({
      name: 'Kimberly queen fern',
      category: 'Ferns',
      tags: ['humid', 'hanging', 'pet safe'],
      status: 'pending'
    })
    await finish(s)
  })

  it('changes a status in one step from the row and updates the counts', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 3))
    expect(await s.catalogue.counts()).toEqual({ All: 3, Available: 1, Pending: 1, Sold: 1 })
    await s.catalogue.statusOf('Monstera deliciosa').selectOption({ label: 'Sold' })
    await s.catalogue.toast('Monstera deliciosa is now sold').waitFor()
    expect((await s.api.getPlant(1)).status).toBe('sold')
    await expect.poll(() => s.catalogue.counts()).toEqual({ All: 3, Available: 0, Pending: 1, Sold: 2 })
    expect(await s.catalogue.form.dialog.count()).toBe(0) // the select did not open the row's form
    await finish(s)
  })

  it('filters by status with live counts', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS)
    expect(await s.catalogue.counts()).toEqual({ All: 12, Available: 8, Pending: 2, Sold: 2 })
    await s.catalogue.filter('Pending').check()
    await expect.poll(() => s.catalogue.names()).toEqual(['Boston fern', 'Peace lily'])
    await s.catalogue.filter('Sold').check()
    await expect.poll(() => s.catalogue.names()).toEqual(['Aloe vera', 'Olive tree'])
    await s.api.addPlant({ name: 'Jade plant', category: 'Succulents', status: 'sold' })
    await expect.poll(() => s.catalogue.names()).toEqual(['Aloe vera', 'Jade plant', 'Olive tree'])
    expect(await s.catalogue.count('Sold')).toBe(3)
    await s.catalogue.filter('All').check()
    await expect.poll(() => s.catalogue.total()).toBe(13)
    await finish(s)
  })

  it('searches as you type after / focuses the box; counts follow the search', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS)
    await s.watched.page.keyboard.press('/')
    await s.watched.page.keyboard.type('fern')
    await expect.poll(() => s.catalogue.names()).toEqual(['Boston fern', 'Maidenhair fern'])
    expect(await s.catalogue.counts()).toEqual({ All: 2, Available: 1, Pending: 1, Sold: 0 })
    await s.catalogue.search.fill('SUN')
    await expect.poll(() => s.catalogue.names()).toEqual(['Aloe vera', 'Bird of paradise', 'Olive tree', 'String of pearls'])
    await s.catalogue.search.fill('no such plant')
    await s.watched.page.getByText('No plants match “no such plant”').waitFor()
    await s.catalogue.search.press('Escape')
    await expect.poll(() => s.catalogue.total()).toBe(12)
    await finish(s)
  })

  it('shows a validation error at its field and keeps what was typed', async ({ browser }) => {
    const s = await session(browser)
    await s.catalogue.addPlant.click()
    await s.catalogue.form.fill({ name: 'x'.repeat(201), category: 'Aroids' })
    await s.catalogue.form.save.click()
    expect(await s.catalogue.form.field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(await s.catalogue.form.errorOf('Name')).toBe('Name is 201 characters long; at most 200 are allowed')
    expect(await s.catalogue.form.field('Category').inputValue()).toBe('Aroids')
    expect((await s.api.listPlants()).total).toBe(0)
    await s.catalogue.form.fill({ name: 'Monstera' })
    expect(await s.catalogue.form.field('Name').getAttribute('aria-invalid')).toBeNull()
    await finish(s)
  })

  // How fast it shows is measured by `npm run bench:ui` (docs/performance.md); here only that it shows, without reload.
  it('shows a plant added through the API without reload', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 2))
    await s.api.addPlant({ name: 'Added by a script', category: 'Scripts', tags: ['live'] })
    await s.catalogue.row('Added by a script').waitFor({ timeout: 15_000 })
    await s.api.updatePlant({ id: 1, status: 'sold' })
    await expect.poll(() => s.catalogue.statusOf('Monstera deliciosa').inputValue(), { timeout: 15_000 }).toBe('sold')
    await finish(s)
  })

  it('shows a calm reconnecting banner while the server is away, and catches up when it is back', async ({ browser }) => {
    const s = await session(browser, SAMPLE_PLANTS.slice(0, 1))
    await s.server.stop()
    const banner = s.watched.page.getByText('Reconnecting to the server')
    await banner.waitFor({ timeout: 5000 })
    expect(await s.catalogue.names()).toEqual(['Monstera deliciosa']) // what was shown stays on screen
    // The same data on the same port, as after a restart; a change made meanwhile must show up.
    const restarted = await startServe(s.dir, ['--port', String(s.server.port)])
    await createApiClient({ baseUrl: restarted.baseUrl, token: restarted.token }).addPlant({ name: 'Added while away' })
    await s.catalogue.row('Added while away').waitFor({ timeout: 15_000 })
    await banner.waitFor({ state: 'detached' })
    // While the server was down the browser logged the refused reconnects; nothing else may have gone wrong.
    s.watched.problems.splice(
      0,
      s.watched.problems.length,
      ...s.watched.problems.filter((p) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(p))
    )
    await finish(s)
  })

  it('asks for the access link when opened without a token', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const watched = await openPage(browser)
    await watched.page.goto(`http://127.0.0.1:${server.port}/`)
    await watched.page.getByRole('heading', { name: 'This page needs its access link' }).waitFor()
    await watched.context.close()
  })
})
