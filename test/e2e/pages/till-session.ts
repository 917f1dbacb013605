/**
 * A till session for the till's e2e tests: a real `plant-store serve` with
 * its own data, the typed client on it, and the UI open in Chromium.
 */
import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { createApiClient, type ApiClient } from '#shared/api-client'
import type { NewPlant } from '#shared/plant'
import { openPage, type WatchedPage } from '#setup/browser'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './catalogue-page'

export interface TillSession {
  server: ServeProcess
  api: ApiClient
  watched: WatchedPage
  catalogue: CataloguePage
  /**
   * Types `code` and Enter as a scanner does: keys `gapMs` (4) ms apart by their own
   * time stamps (CDP Input.dispatchKeyEvent `timestamp`), however long the
   * page takes to handle each one, as with a real scanner's queued keys.
   */
  scan(code: string, gapMs?: number): Promise<void>
  /** Checks the console stayed clean (no script error, no CSP violation; only the `expected` 404s) and closes the page. */
  finish(expected404s?: number): Promise<void>
}

export async function openTill(browser: Browser, plants: readonly NewPlant[]): Promise<TillSession> {
  const server = await startServe(await makeTempDir())
  const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
  for (const plant of plants) await api.addPlant(plant)
  const watched = await openPage(browser)
  const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
  return {
    server,
    api,
    watched,
    catalogue,
    async scan(code, gapMs = 4) {
      const cdp = await watched.context.newCDPSession(watched.page)
      const start = Date.now() / 1000
      const keys = [...code]
        .map((key) => ({ key, text: key }))
        .concat({ key: 'Enter', text: '\r', code: 'Enter', windowsVirtualKeyCode: 13 } as never)
      for (const [index, key] of keys.entries()) {
        const timestamp = start + (index * gapMs) / 1000
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', timestamp, ...key })
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp: timestamp + 0.001, key: key.key })
      }
      await cdp.detach()
    },
    async finish(expected404s = 0) {
      const notFound = 'console: Failed to load resource: the server responded with a status of 404 ()'
      expect(watched.problems.filter((problem) => problem !== notFound)).toEqual([])
      expect(watched.problems).toHaveLength(expected404s)
      await watched.context.close()
    }
  }
}
