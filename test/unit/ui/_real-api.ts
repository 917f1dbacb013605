/**
 * The real app for the UI's store tests: the h3 app over a real store in a temporary folder, reached by the UI's own
 * client as main.ts builds it (the token, and the server's proof asked before it goes out), in-process. It is built
 * in test/_setup/ui-app.ts, loaded here by name: the server's types are not the page's (tsconfig.web.json).
 *
 * It runs in Node's environment and in happy-dom's alike (test/_setup/happy-dom-server.ts): component tests may use
 * it too. The fake client (_fake-api.ts) stays for what the real app cannot be told to do on cue (stream states,
 * events, failures of one call, answers of a till or a first run).
 */
import type { ApiClient } from '#shared/api-client'
import { useApiClient } from '#renderer/api'

/** test/_setup/ui-app.ts's UiAppOptions. */
export interface RealApiOptions {
  /** The data folder holds the test staff of test/_setup/staff.ts (Olga 1, Max 2 and Anna 3, PIN 1234). */
  staff?: boolean
}

/** test/_setup/ui-app.ts's UiApp: the UI's client, and the test's own way in (Host and token set, `body` as JSON). */
export interface RealApi {
  client: ApiClient
  call(method: string, path: string, body?: unknown): Promise<Response>
}

/** Where the app is built, by name (a path TypeScript does not follow into the server). */
const UI_APP = '../../_setup/ui-app'

/** Opens the real app in a temporary folder (closed when the test ends) and makes its client the one every store uses. */
export async function realApi(options: RealApiOptions = {}): Promise<RealApi> {
  const { openUiApp } = (await import(/* @vite-ignore */ UI_APP)) as { openUiApp(options: RealApiOptions): Promise<RealApi> }
  const api = await openUiApp(options)
  useApiClient(api.client)
  return api
}
