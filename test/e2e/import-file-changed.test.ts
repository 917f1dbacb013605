/**
 * The preview is what gets applied. A browser's File reads the disk again on
 * each use: a sheet saved again between the preview and "Import N plants"
 * made Chromium refuse to read it, and the dialog said the server was down.
 */
import { utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'
import { TransferPanel } from './pages/import-dialog'

describe('import of a file saved again after its preview', () => {
  it('applies exactly the rows previewed', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const sheet = path.join(await makeTempDir(), 'stock.csv')
    await writeFile(sheet, 'name,status\nRose,sold\n')
    const watched = await openPage(browser)
    const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
    const transfer = new TransferPanel(watched.page)
    await watched.page.getByRole('button', { name: 'Import', exact: true }).click()
    await transfer.dialog.getByLabel('File to import').setInputFiles(sheet)
    await expect.poll(() => transfer.dialog.locator('.import-counts').textContent()).toContain('1 plant to add')
    // The owner saves the sheet again in the spreadsheet (another time stamp), then confirms the preview.
    await writeFile(sheet, 'name,status\nRose,sold\nLily,sold\nTulip,sold\n')
    await utimes(sheet, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000))
    await transfer.dialog.getByRole('button', { name: 'Import 1 plant' }).click()
    await transfer.dialog.waitFor({ state: 'detached' })
    await expect.poll(() => catalogue.total()).toBe(1)
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    expect((await api.getPlant(1)).name).toBe('Rose')
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })
})
