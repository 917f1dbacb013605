/**
 * The real app for the UI's tests (test/unit/ui/_real-api.ts loads this file by name: the server's types are not
 * the page's, tsconfig.web.json). The h3 app over a real store in a temporary folder (in-process.ts), reached by the
 * UI's own client as the page's main.ts builds it: the token, sent only after the server proved it knows it
 * (server-check.ts), each request handed to the app in-process with the app's own Host. In Node's environment and
 * in happy-dom's (happy-dom-server.ts, imported first so that it comes before the server's modules).
 */
import './happy-dom-server'
import { createApiClient, type ApiClient } from '#shared/api-client'
import type { FetchLike } from '#shared/api-request'
import { createTestApp, TEST_TOKEN, type TestApp } from './in-process'
import { changeSettings } from '#settings/settings'
import { writeTestStaff } from './staff'
import { makeTempDir } from './temp-dir'

/** Options of {@link openUiApp}. */
export interface UiAppOptions {
  /** The data folder holds the test staff of staff.ts (Olga, Max and Anna, PIN 1234). */
  staff?: boolean
  /** The shop's set-up is still to do, as after a first run's "main computer" (settings.json `shopSetUp: 'pending'`). */
  shopToSetUp?: boolean
}

/** The UI's client of a fresh app, and the test's own way in (the app's `call`: its Host and token, `body` as JSON). */
export interface UiApp {
  client: ApiClient
  call(method: string, path: string, body?: unknown): Promise<Response>
}

/**
 * A fetch that hands each request to `test` in-process with the app's own Host. The Request is made first and its
 * Host set after: happy-dom's Request constructor drops that header, its Headers keep it.
 */
function inProcessFetch(test: TestApp): FetchLike {
  return async (url, init) => {
    const request = new Request(url, init)
    for (const [name, value] of new Headers(init.headers)) request.headers.set(name, value)
    request.headers.set('host', `127.0.0.1:${test.port}`)
    return test.app.fetch(request)
  }
}

/** Opens the app (closed when the test ends) and builds the UI's client for it. */
export async function openUiApp(options: UiAppOptions = {}): Promise<UiApp> {
  const dir = await makeTempDir()
  if (options.staff) await writeTestStaff(dir)
  if (options.shopToSetUp) await changeSettings(dir, (stored) => void (stored.shopSetUp = 'pending'))
  const test = await createTestApp({ dir })
  const fetch = inProcessFetch(test)
  const client = createApiClient({ baseUrl: `${test.origin}/v3`, token: TEST_TOKEN, fetch, verifyServer: true })
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${test.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  return { client, call }
}
