/**
 * The shop's time zone in Settings → Shop, in Chromium against a real `plant-store serve` on a computer in Berlin:
 * the field shows the server's zone, a zone it does not know is refused in words, a city typed in lower case is saved
 * under its zone's IANA name. Screenshots of each state at the three sizes.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { CataloguePage } from './pages/catalogue-page'
import { SettingsDialog } from './pages/conflict-dialog'
import { screenshotEachSize } from './pages/screens'

describe("the shop's time zone in Settings", () => {
  it('shows the server’s zone, refuses an unknown one in words, and saves a city typed in lower case under its zone’s IANA name', async ({
    browser
  }) => {
    const server = await startServe(await makeTempDir(), [], { TZ: 'Europe/Berlin' })
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    expect((await api.shopSettings()).timeZone).toBe('Europe/Berlin')
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const page = watched.page
    const catalogue = await CataloguePage.open(page, server.uiUrl)
    const settings = await SettingsDialog.open(page)
    const zone = settings.dialog.getByLabel('Time zone of the shop')
    await expect.poll(() => zone.inputValue()).toBe('Europe/Berlin')
    const save = settings.dialog.getByRole('button', { name: 'Save time zone' })

    await zone.fill('Atlantis')
    await save.click()
    const refusal = settings.dialog.getByText('“Atlantis” is not a time zone this computer knows: choose one from the list (type a city to find it).')
    await refusal.waitFor()
    expect(await screenshotEachSize(page, 'settings-time-zone-refused', refusal)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect((await api.shopSettings()).timeZone).toBe('Europe/Berlin')

    await zone.fill('tokyo')
    await save.click()
    await catalogue.toast(/^The shop’s day now follows Asia\/Tokyo/).waitFor()
    expect(await zone.inputValue()).toBe('Asia/Tokyo')
    expect((await api.shopSettings()).timeZone).toBe('Asia/Tokyo')
    expect(await screenshotEachSize(page, 'settings-time-zone', zone)).toEqual([])
    expect(watched.problems).toEqual([])
    await watched.context.close()
    await server.stop()
  })
})
