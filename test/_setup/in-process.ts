/**
 * The h3 app over a real store in a temp directory, reached in-process or over a real socket (the `api` and
 * `api-socket` projects run each test once per transport: transport.ts).
 */
import { onTestFinished } from 'vitest'
import { AccessPolicy } from '#server/security/access-policy'
import { NamedTokenRegistry } from '#auth/named-token-registry'
import { openStaffAccess } from '#auth/staff/staff-access'
import { LanListener } from '#till/lan-listener'
import { createApp, type CreateAppOptions } from '#server/create-app'
import type { StaffAccess } from '#server/security/staff-gate'
import { ShopStore, type OpenShopStoreOptions } from '#store/shop-store'
import { openTestStore } from './test-store'
import { checkDocumentedResponse } from './response-check'
import { serveApp, type ServedApp } from './transport'
import { SettingsOwner } from '#settings/settings-owner'

/** The token every test app accepts; `call` sends it unless told otherwise. */
export const TEST_TOKEN = 'in-process-test-token-0123456789abcdefghij'

/** Headers `call` sends by default: the app's own Host and the token. */
export function defaultHeaders(port: number): Record<string, string> {
  return { host: `127.0.0.1:${port}`, authorization: `Bearer ${TEST_TOKEN}` }
}

/** An app under test plus helpers to call it. */
export interface TestApp extends ServedApp {
  store: ShopStore
  dir: string
  /** The app's access policy (listening on {@link ServedApp.port}, token {@link TEST_TOKEN} unless `token` was given). */
  access: AccessPolicy
  /** The named tokens of `dir` (tokens.json) the app accepts besides the owner's. */
  namedTokens: NamedTokenRegistry
  /** The staff members (staff.json of `dir`) and their sessions. */
  staff: StaffAccess
  /** The listener for other tills, off until a test sets its address (PUT /v3/settings/lan). */
  lan: LanListener
  /**
   * Sends a request with {@link defaultHeaders}; `body` objects are sent as JSON (strings, bytes and streams as they are) with
   * Content-Type application/json. A header given as `undefined` is left out (e.g. `{ authorization: undefined }`).
   */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string | undefined>): Promise<Response>
}

/** Options of {@link createTestApp}: the store's, the token the app accepts, and the app's UI folder and event options. */
export type TestAppOptions = Partial<OpenShopStoreOptions> & { token?: () => string; staffClock?: () => number } & Pick<
    CreateAppOptions,
    'uiDir' | 'events'
  >

function requestHeaders(port: number, body: unknown, headers: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string | undefined> = {
    ...defaultHeaders(port),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers
  }
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

/** Creates a fresh app over an empty (or given) data directory. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { token = () => TEST_TOKEN, uiDir, events, staffClock, ...storeOptions } = options
  const { store, dir } = await openTestStore(storeOptions)
  const namedTokens = await NamedTokenRegistry.open(dir)
  onTestFinished(() => namedTokens.close())
  const access = new AccessPolicy({ token, namedTokens })
  const staff = await openStaffAccess(dir, staffClock)
  const settings = new SettingsOwner(dir)
  // The LAN listener is real (TLS on the address a test sets), over the same store, tokens and members.
  const lan = new LanListener({
    dataDir: dir,
    namedTokens,
    token,
    createApp: (lanAccess, admin, stopping) =>
      createApp({ store, settings, access: lanAccess, tokens: namedTokens, lan: admin, staff, events: { ...events, stopping } })
  })
  onTestFinished(() => lan.close())
  const served = await serveApp({ store, settings, access, tokens: namedTokens, lan: lan.admin, staff, uiDir, events })
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string | undefined> = {}) => {
    const init: RequestInit = { method, headers: requestHeaders(served.port, body, headers) }
    if (body instanceof ReadableStream) Object.assign(init, { body, duplex: 'half' })
    else if (body !== undefined) init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)
    const response = await served.request(path, init)
    await checkDocumentedResponse(method, path, response)
    return response
  }
  return { ...served, store, dir, access, namedTokens, staff, lan, call }
}

/** A fetch for the shared client (`createApiClient`) that reaches `test` by its transport, with the app's own Host. */
export function clientFetch(test: ServedApp): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) => test.request(url, { ...init, headers: { host: `127.0.0.1:${test.port}`, ...(init.headers as Record<string, string>) } })
}
