/** The h3 app over a real store in a temp directory, called in-process (no socket). */
import { onTestFinished } from 'vitest'
import type { H3 } from 'h3'
import { AccessPolicy } from '#server/security/access-policy'
import { NamedTokenRegistry } from '#auth/named-token-registry'
import { createApp } from '#server/create-app'
import { PlantStore, type OpenPlantStoreOptions } from '#store/catalogue/plant-store'
import { makeTempDir } from './temp-dir'

/** The token every in-process app accepts; `call` sends it unless told otherwise. */
export const TEST_TOKEN = 'in-process-test-token-0123456789abcdefghij'

/** The port the in-process app believes it listens on (no socket is opened). */
export const TEST_PORT = 7420

/** Headers `call` sends by default: a valid Host and the token. */
export const DEFAULT_TEST_HEADERS: Readonly<Record<string, string>> = {
  host: `127.0.0.1:${TEST_PORT}`,
  authorization: `Bearer ${TEST_TOKEN}`
}

/** An app under test plus helpers to call it. */
export interface TestApp {
  app: H3
  store: PlantStore
  dir: string
  /** The app's access policy (listening on {@link TEST_PORT}, token {@link TEST_TOKEN} unless `token` was given). */
  access: AccessPolicy
  /** The named tokens of `dir` (tokens.json) the app accepts besides the owner's. */
  namedTokens: NamedTokenRegistry
  /**
   * Sends a request with {@link DEFAULT_TEST_HEADERS}; `body` objects are sent as JSON (strings and bytes as they are) with
   * Content-Type application/json. A header given as `undefined` is left out (e.g. `{ authorization: undefined }`).
   */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string | undefined>): Promise<Response>
}

/** Options of {@link createTestApp}: the store's, plus the token the app accepts. */
export type TestAppOptions = Partial<OpenPlantStoreOptions> & { token?: () => string }

function requestHeaders(body: unknown, headers: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string | undefined> = {
    ...DEFAULT_TEST_HEADERS,
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers
  }
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

/** Creates a fresh app over an empty (or given) data directory. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { token = () => TEST_TOKEN, ...storeOptions } = options
  const dir = storeOptions.dir ?? (await makeTempDir())
  const store = await PlantStore.open({ ...storeOptions, dir })
  onTestFinished(() => store.close())
  const namedTokens = await NamedTokenRegistry.open(dir)
  onTestFinished(() => namedTokens.close())
  const access = new AccessPolicy({ token, namedTokens })
  access.listeningOn(TEST_PORT)
  const app = createApp({ store, access, tokens: namedTokens })
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string | undefined> = {}) => {
    const init: RequestInit = { method, headers: requestHeaders(body, headers) }
    if (body !== undefined) init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)
    return Promise.resolve(app.request(`http://127.0.0.1:${TEST_PORT}${path}`, init))
  }
  return { app, store, dir, access, namedTokens, call }
}
