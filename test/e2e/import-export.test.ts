/** Export and import in the staff UI (Chromium against a real `plant-store serve`). */
import { readdir, rm } from 'node:fs/promises'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { Browser } from 'playwright-core'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'
import { SettingsDialog } from './pages/conflict-dialog'
import { TransferPanel } from './pages/import-dialog'

async function session(browser: Browser) {
  const server = await startServe(await makeTempDir())
  const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
  await api.addPlant({ name: 'Monstera', category: 'Aroids', tags: ['indoor', 'shade'] })
  await api.addPlant({ name: 'Boston fern', status: 'pending' })
  await api.addPlant({ name: '=1+1', tags: ['-dry'], status: 'sold' })
  const watched = await openPage(browser)
  const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
  return { server, api, watched, catalogue, transfer: new TransferPanel(watched.page) }
}

describe('export and import in the staff UI', () => {
  it('exports CSV and imports the same file back as all unchanged', async ({ browser }) => {
    const s = await session(browser)
    const file = await s.transfer.export('CSV — all plants')
    expect(file.name).toMatch(/^plants-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file.text.startsWith('\uFEFFid,name,category,tags,status')).toBe(true)
    expect(file.text).toContain(`3,'=1+1,,'-dry,sold,`)
    expect(await s.transfer.preview(file.name, file.text)).toBe('0 plants to add, 0 plants to update, 3 unchanged')
    expect(await s.transfer.dialog.getByRole('button', { name: /^Import / }).count()).toBe(0)
    await s.transfer.dialog.getByRole('button', { name: 'Close' }).click()
    expect(s.watched.problems).toEqual([])
    await s.watched.context.close()
  })

  it('shows the row of an error and changes nothing; a valid file updates the table', async ({ browser }) => {
    const s = await session(browser)
    const bad = 'id;status\n1;sold\n2;Sould\n'
    expect(await s.transfer.preview('edit.csv', bad)).toBe('0 plants to add, 1 plant to update, 0 unchanged')
    await expect.poll(() => s.transfer.errors.first().textContent()).toContain('row 3, status: the status word "Sould" (rows 3) is not known')
    expect(await s.transfer.dialog.getByRole('button', { name: /^Import / }).count()).toBe(0)
    await s.transfer.dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await s.api.getPlant(1)).status).toBe('available')

    expect(await s.transfer.preview('edit.csv', 'id;status;name\n1;sold;\n;pending;Ivy\n')).toBe('1 plant to add, 1 plant to update, 0 unchanged')
    await expect.poll(() => s.transfer.dialog.locator('.import-changes').textContent()).toContain('status: Available → Sold')
    await s.transfer.dialog.getByRole('button', { name: 'Import 2 plants' }).click()
    await s.transfer.dialog.waitFor({ state: 'detached' })
    await expect.poll(() => s.catalogue.total()).toBe(4)
    expect((await s.api.getPlant(1)).status).toBe('sold')
    // An import by a script reaches the open UI as one import.applied event, which reloads the view.
    await s.api.importPlants('id,status\n2,sold\n4,sold\n', 'csv', false)
    await expect.poll(async () => (await s.catalogue.counts()).Sold).toBe(4)
    expect(s.watched.problems).toEqual([])
    await s.watched.context.close()
  })

  it('shows the last backup into the backup folder, or a calm warning when the folder is missing', async ({ browser }) => {
    const dir = await makeTempDir()
    const usb = await makeTempDir()
    expect((await runCli(['config', 'set', 'backup.dir', usb, '--data', dir])).code).toBe(0)
    const server = await startServe(dir)
    const watched = await openPage(browser)
    await CataloguePage.open(watched.page, server.uiUrl)
    const line = watched.page.locator('.backup-status')
    await expect.poll(() => line.textContent()).toMatch(new RegExp(`^Last backup: today \\d{2}:\\d{2} on ${usb}$`))
    expect(await line.getAttribute('class')).not.toContain('backup-status-warn')
    await rm(usb, { recursive: true })
    await watched.page.reload()
    await expect.poll(() => line.textContent()).toContain('is missing')
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })

  it('sets the backup folder in Settings (a folder that cannot be used is refused, saying why) and backs up now', async ({ browser }) => {
    const dir = await makeTempDir()
    const usb = await makeTempDir()
    const server = await startServe(dir)
    await createApiClient({ baseUrl: server.baseUrl, token: server.token }).addPlant({ name: 'Fern' })
    const watched = await openPage(browser)
    const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
    const settings = await SettingsDialog.open(watched.page)
    const field = settings.dialog.getByLabel('Folder (full path)')
    await field.fill(`${usb}/gone`)
    await settings.dialog.getByRole('button', { name: 'Save folder' }).click()
    await expect.poll(() => settings.dialog.locator('#backup-dir-error').textContent()).toContain(`${usb}/gone does not exist`)
    await field.fill(usb)
    await settings.dialog.getByRole('button', { name: 'Save folder' }).click()
    await catalogue.toast(`Backups now also go to ${usb}`).waitFor()
    expect((await runCli(['config', 'get', 'backup.dir', '--data', dir])).stdout).toBe(`${usb}\n`)
    await settings.dialog.getByRole('button', { name: 'Back up now' }).click()
    await catalogue.toast(/^Backed up 1 plant to /).waitFor()
    expect((await readdir(usb)).filter((name) => name.startsWith('plants-'))).toHaveLength(1)
    // The one refusal is the 422 asked for above; the browser logs every non-2xx answer.
    expect(watched.problems).toEqual(['console: Failed to load resource: the server responded with a status of 422 ()'])
    await watched.context.close()
  })
})
