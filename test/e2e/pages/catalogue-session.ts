/**
 * One e2e session: a fresh `plant-store serve` with its own data and sample plants, and the UI opened in
 * Chromium from the address it printed; `finish` requires a clean console (no script error, CSP violation or
 * failed request).
 */
import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { createApiClient, type ApiClient } from '#shared/api-client'
import type { NewPlant } from '#shared/plant'
import { openPage, type WatchedPage } from '#setup/browser'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage } from './catalogue-page'

export const SAMPLE_PLANTS: NewPlant[] = [
  { name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor', 'shade', 'large'] },
  { name: 'Boston fern', category: 'Ferns', tags: ['humid', 'hanging'], status: 'pending' },
  { name: 'Aloe vera', category: 'Succulents', tags: ['sun', 'medicinal'], status: 'sold' },
  { name: 'Fiddle-leaf fig', category: 'Ficus', tags: ['indoor', 'bright light'] },
  { name: 'Snake plant', category: 'Dracaena', tags: ['low light', 'hardy'] },
  { name: 'Peace lily', category: 'Aroids', tags: ['shade', 'flowering'], status: 'pending' },
  { name: 'String of pearls', category: 'Succulents', tags: ['hanging', 'sun'] },
  { name: 'Calathea orbifolia', category: 'Marantaceae', tags: ['humid', 'pet safe'] },
  { name: 'Olive tree', category: 'Trees', tags: ['outdoor', 'sun'], status: 'sold' },
  { name: 'ZZ plant', category: 'Aroids', tags: ['low light', 'hardy'] },
  { name: 'Maidenhair fern', category: 'Ferns', tags: ['humid', 'shade'] },
  { name: 'Bird of paradise', category: 'Strelitzia', tags: ['sun', 'large'] }
]

export interface Session {
  dir: string
  server: ServeProcess
  api: ApiClient
  watched: WatchedPage
  catalogue: CataloguePage
}

/**
 * A fresh server with `plants`, and the UI opened (at `viewport`) from the address it printed. With
 * `clock`, the page's timers run on Playwright's clock (installed before the page loads, running normally), so a
 * test can pause them and know no timer of the app fires meanwhile.
 */
export async function openSession(
  browser: Browser,
  plants: NewPlant[] = [],
  viewport?: { width: number; height: number },
  { clock = false } = {}
): Promise<Session> {
  const dir = await makeTempDir()
  const server = await startServe(dir)
  const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
  for (const plant of plants) await api.addPlant(plant)
  const watched = await openPage(browser, viewport)
  if (clock) await watched.page.clock.install()
  const catalogue = await CataloguePage.open(watched.page, server.uiUrl)
  return { dir, server, api, watched, catalogue }
}

/** Every test ends with a clean console: no script error, no CSP violation, no failed request. */
export async function finish({ watched }: Pick<Session, 'watched'>): Promise<void> {
  expect(watched.problems).toEqual([])
  await watched.context.close()
}
