/**
 * A restore while the catalogue is open in Chromium: the server is stopped, `plant-store restore` puts a backup back
 * and the server starts again; the page reloads on its own and says what happened (from a backup of when, by what).
 * Screenshots of the notice at the three sizes.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { CataloguePage } from './pages/catalogue-page'
import { screenshotEachSize } from './pages/screens'

describe('a restore while the page is open', () => {
  it('reloads the page and tells the people looking at it that a backup was put back, of when and by what', async ({ browser }) => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await api.addPlant({ name: 'Fern' })
    const backup = await runCli(['backup', '--data', dir])
    expect(backup.code).toBe(0)
    const file = /to (.+\.json)\n/.exec(backup.stdout)![1]!
    await api.addPlant({ name: 'Added after the backup' })

    const watched = await openPage(browser, { width: 1366, height: 768 })
    const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
    await catalogue.row('Added after the backup').waitFor()
    const notice = watched.page.getByRole('status').filter({ hasText: 'The catalogue was restored from a backup' })
    expect(await notice.count()).toBe(0)

    await server.stop()
    const restore = await runCli(['restore', '--from', file, '--data', dir])
    expect(restore.code, restore.stderr).toBe(0)
    const restarted = await startServe(dir, ['--port', String(server.port)])
    await catalogue.row('Added after the backup').waitFor({ state: 'detached', timeout: 15_000 })
    await notice.waitFor({ timeout: 15_000 })
    expect((await notice.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /The catalogue was restored from a backup of .+ by the command line \(plant-store restore\)(, account \S+)?, at .+\. The page now shows the restored catalogue: changes made after that backup are not in it\./
    )
    expect(await catalogue.names()).toEqual(['Fern'])
    expect(await screenshotEachSize(watched.page, 'restore-notice')).toEqual([])
    expect(await axeViolations(watched.page)).toEqual([])

    await notice.getByRole('button', { name: 'OK' }).click()
    await notice.waitFor({ state: 'detached' })
    await watched.page.reload()
    await catalogue.row('Fern').waitFor()
    expect(await notice.count()).toBe(0) // told once: a reload of the tab does not tell it again
    // While the server was down the browser logged the refused reconnects; nothing else may have gone wrong.
    expect(watched.problems.filter((problem) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(problem))).toEqual([])
    await watched.context.close()
    await restarted.stop()
  })
})
