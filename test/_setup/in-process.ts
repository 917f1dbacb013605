/** The h3 app over a real store in a temp directory, called in-process (no socket). */
import { onTestFinished } from 'vitest'
import type { H3 } from 'h3'
import { createApp } from '../../src-main/server/create-app'
import { PlantStore, type OpenPlantStoreOptions } from '../../src-main/store/plant-store'
import { makeTempDir } from './temp-dir'

/** An app under test plus helpers to call it. */
export interface TestApp {
  app: H3
  store: PlantStore
  dir: string
  /** Sends a request; `body` objects are sent as JSON with Content-Type application/json. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
}

/** Creates a fresh app over an empty (or given) data directory. */
export async function createTestApp(options: Partial<OpenPlantStoreOptions> = {}): Promise<TestApp> {
  const dir = options.dir ?? (await makeTempDir())
  const store = await PlantStore.open({ ...options, dir })
  onTestFinished(() => store.close())
  const app = createApp({ store })
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } }
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      init.headers = { 'content-type': 'application/json', ...headers }
    }
    return Promise.resolve(app.request(`http://127.0.0.1:7420${path}`, init))
  }
  return { app, store, dir, call }
}
