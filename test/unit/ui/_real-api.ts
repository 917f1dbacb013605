/**
 * The real app for the UI's store tests: the h3 app over a real store in a temporary folder (test/_setup/in-process.ts),
 * reached by the UI's own client as main.ts builds it (`createApiClient` with the token, and the server's proof asked
 * before the token goes out), its requests handed to the app in-process (`clientFetch`, with the app's own Host).
 *
 * These tests run in Node's environment, not happy-dom's: happy-dom cannot host the server. Its Request drops the
 * Host header the server insists on, and the server's HTTP layer (srvx, under h3) answers with the root Response class
 * it finds, which happy-dom only lets a window construct; Node's own classes are out of reach once happy-dom has
 * replaced them, and a test file cannot name an environment by path. A Pinia store needs no DOM, so its tests run
 * here; component tests (mount) stay in happy-dom over the fake client (_fake-api.ts).
 */
import { createApiClient, type ApiClient } from '#shared/api-client'
import { useApiClient } from '#renderer/api'
import { clientFetch, createTestApp, TEST_TOKEN, type TestApp, type TestAppOptions } from '../../_setup/in-process'

/** The app under test and the client every store now uses. */
export interface RealApi {
  test: TestApp
  client: ApiClient
}

/** Opens the real app in a temporary folder and makes the UI's client for it the one every store uses. */
export async function realApi(options: TestAppOptions = {}): Promise<RealApi> {
  const test = await createTestApp(options)
  const client = createApiClient({ baseUrl: `${test.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(test), verifyServer: true })
  useApiClient(client)
  return { test, client }
}
