/**
 * A till whose access code already holds its share of live-update streams (other windows, a script) opens one
 * more window, in Chromium against a real `plant-store serve`: the server refuses that window's stream (429), and
 * the window says so in words staff can act on instead of claiming the server is away.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './pages/catalogue-page'
import { screenshotEachSize } from './pages/screens'

/** A named token's share of streams (STREAM_SLOT_LIMITS.maxStreamsPerToken). */
const SHARE = 8

describe('a window whose change stream the server refuses', () => {
  it('says too many windows are open with this access code and to close some', async ({ browser }) => {
    const server = await startServe(await makeTempDir())
    const owner = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await owner.addPlant({ name: 'Fern' })
    const { token } = await owner.createToken('till-2', 'read-write')
    const held = new AbortController()
    const streams = await Promise.all(
      Array.from({ length: SHARE }, () =>
        fetch(`${server.baseUrl}/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: held.signal })
      )
    )
    expect(streams.map((stream) => stream.status)).toEqual(Array(SHARE).fill(200))
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const catalogue = await CataloguePage.open(watched.page, `${new URL(server.uiUrl).origin}/#token=${encodeURIComponent(token)}`)
    const banner = watched.page.locator('#connection-banner')
    await expect.poll(() => banner.textContent()).toContain('too many Plant Store windows are open with this access code')
    expect(await banner.textContent()).not.toContain('until the server is back')
    expect(await catalogue.page.getByRole('button', { name: 'Import' }).getAttribute('title')).toMatch(/Close the windows or tabs you no longer need/)
    expect(await screenshotEachSize(watched.page, 'stream-refused-for-token')).toEqual([])
    // Closing the other windows gives their slots back: this one connects by itself.
    held.abort()
    await banner.waitFor({ state: 'detached' })
    await watched.context.close()
    await server.stop()
  })
})
