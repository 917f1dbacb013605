/**
 * The first-run screen in Chromium: a till never set up (`plant-store serve --first-run`) connects to a real
 * primary by its pairing QR code. A wrong code is refused in words and keeps what was typed; the right one turns
 * the same process into a till and the page into the staff UI, showing the primary's catalogue. Screenshots of the
 * screen, the form and the refusal at each size.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { pairingQrText } from '#shared/lan'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { setUpPrimary } from '#setup/tills'
import { DATA_FILE_NAME } from '#store'
import { axeViolations } from './pages/axe'
import { FirstRunPage } from './pages/first-run-page'
import { CataloguePage } from './pages/catalogue-page'
import { screenshotEachSize } from './pages/screens'

describe('the first-run screen', () => {
  it('connects to the main computer from its scanned QR code, after saying in words that a wrong code was refused', async ({ browser }) => {
    const { tillDir, primary } = await setUpPrimary()
    const owner = createApiClient({ baseUrl: primary.baseUrl, token: primary.token })
    await owner.addPlant({ name: 'Maidenhair fern' })
    const till = await startServe(tillDir, ['--first-run'])

    const watched = await openPage(browser, { width: 1366, height: 768 })
    const page = watched.page
    await page.goto(till.uiUrl)
    const screen = new FirstRunPage(page)
    await screen.heading.waitFor()
    await screen.mainChoice.waitFor()
    expect(await screenshotEachSize(page, 'first-run-choice')).toEqual([])
    expect(await axeViolations(page)).toEqual([])

    await screen.connectChoice.click()
    await screen.address.waitFor()
    await screen.scan(pairingQrText(primary.lanUrl, '0000-0000', primary.fingerprint))
    // The scan filled the code and the fingerprint, and left the address as the address.
    await expect.poll(() => screen.field('Pairing code').inputValue()).toBe('0000-0000')
    expect(await screen.address.inputValue()).toBe(primary.lanUrl)
    expect(await screen.field('Certificate fingerprint (SHA-256)').inputValue()).toBe(primary.fingerprint)
    await screen.field("This till's name").fill('door')
    expect(await screenshotEachSize(page, 'first-run-connect')).toEqual([])
    await screen.form.getByRole('button', { name: 'Connect', exact: true }).click()
    await screen.refusal.filter({ hasText: 'Make a new pairing code on the main computer (Settings → Let other tills connect)' }).waitFor()
    await screen.form.getByText('The main computer refused this code: wrong, used already or expired', { exact: true }).waitFor() // under the code
    expect(await screen.field("This till's name").inputValue()).toBe('door') // kept
    expect(await screenshotEachSize(page, 'first-run-refused')).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect((await (await fetch(`${till.baseUrl}/setup`, { headers: till.headers() })).json()).stage).toBe('first-run') // still not paired

    const code = ((await (await fetch(`${primary.baseUrl}/pairing-codes`, { method: 'POST', headers: primary.headers() })).json()) as { qr: string })
      .qr
    await screen.scan(code)
    // All filled: the scan put the focus on Connect, so the scanner's next Enter (or a person's) connects.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent?.trim()')).toBe('Connect')
    await page.keyboard.press('Enter')

    const catalogue = new CataloguePage(page)
    await catalogue.summary.waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: `Connected to the shop's main computer at ${primary.lanUrl}` })
      .waitFor()
    await catalogue.rows.filter({ hasText: 'Maidenhair fern' }).waitFor()
    expect(await screenshotEachSize(page, 'first-run-connected')).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect(till.output()).toContain(`Connected to the shop's main computer: till "door" of ${primary.lanUrl}`)
    // The refused attempt's answer is the only failed request the console saw.
    expect(watched.problems.filter((problem) => !/status of 403\b/.test(problem))).toEqual([])
    await watched.context.close()
  })

  it('starts the catalogue here once "This is the shop\'s main computer" is confirmed, and never asks again', async ({ browser }) => {
    const dir = await makeTempDir()
    const server = await startServe(dir, ['--first-run'])
    const watched = await openPage(browser, { width: 1024, height: 600 })
    const page = watched.page
    await page.goto(server.uiUrl)
    const screen = new FirstRunPage(page)
    await screen.mainChoice.click()
    await page.getByRole('heading', { name: "Keep the shop's catalogue on this computer?" }).waitFor()
    expect(existsSync(path.join(dir, DATA_FILE_NAME))).toBe(false) // nothing yet: a slip of the hand goes Back
    expect(await screenshotEachSize(page, 'first-run-main')).toEqual([])
    await page.getByRole('button', { name: 'Yes, this is the main computer' }).click()
    await new CataloguePage(page).summary.waitFor()
    await page.getByRole('status').filter({ hasText: "This computer is the shop's main computer now." }).waitFor()
    expect(existsSync(path.join(dir, DATA_FILE_NAME))).toBe(true)
    // Opened again on its first-run address, the page goes straight to the staff UI.
    await page.goto(server.uiUrl)
    await new CataloguePage(page).summary.waitFor()
    expect(await screen.heading.count()).toBe(0)
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })
})
