/**
 * The real app for the UI's store tests: the h3 app over a real store in a temporary folder, reached by the UI's own
 * client as main.ts builds it (the token, and the server's proof asked before it goes out), in-process. It is built
 * in test/_setup/ui-app.ts, loaded here by name: the server's types are not the page's (tsconfig.web.json).
 *
 * It runs in Node's environment and in happy-dom's alike (test/_setup/happy-dom-server.ts): component tests may use
 * it too. The fake client (_fake-api.ts) stays for what the real app cannot be told to do on cue (stream states,
 * events, failures of one call, answers of a till or a first run).
 */
import { flushPromises } from '@vue/test-utils'
import type { ApiClient } from '#shared/api-client'
import { useApiClient } from '#renderer/api'

/** test/_setup/ui-app.ts's UiAppOptions. */
export interface RealApiOptions {
  /** The data folder holds the test staff of test/_setup/staff.ts (Olga 1, Max 2 and Anna 3, PIN 1234). */
  staff?: boolean
  /** The shop's set-up is still to do, as after a first run's "main computer". */
  shopToSetUp?: boolean
}

/** test/_setup/ui-app.ts's UiApp: the UI's client, and the test's own way in (Host and token set, `body` as JSON). */
export interface RealApi {
  client: ApiClient
  call(method: string, path: string, body?: unknown): Promise<Response>
}

/** What {@link realApi} gives a test: the app, and a wait for it. */
export interface RealApiForTests extends RealApi {
  /** Resolves once every call the client made has been answered (the calls those answers led to as well) and the page took the answers in. */
  settled(): Promise<void>
}

/** Makes every call of `client` known to the returned `settled` while it is under way. */
function trackCalls(client: ApiClient): () => Promise<void> {
  const underWay = new Set<Promise<unknown>>()
  const methods = client as unknown as Record<string, unknown>
  for (const [name, method] of Object.entries(methods)) {
    if (typeof method !== 'function') continue
    methods[name] = (...args: unknown[]) => {
      const answer: unknown = method.apply(client, args)
      if (answer instanceof Promise) {
        underWay.add(answer)
        const done = () => underWay.delete(answer)
        answer.then(done, done)
      }
      return answer
    }
  }
  return async () => {
    do {
      await Promise.allSettled(underWay)
      await flushPromises()
    } while (underWay.size > 0)
  }
}

/** Where the app is built, by name (a path TypeScript does not follow into the server). */
const UI_APP = '../../_setup/ui-app'

/** Opens the real app in a temporary folder (closed when the test ends) and makes its client the one every store uses. */
export async function realApi(options: RealApiOptions = {}): Promise<RealApiForTests> {
  const { openUiApp } = (await import(/* @vite-ignore */ UI_APP)) as { openUiApp(options: RealApiOptions): Promise<RealApi> }
  const api = await openUiApp(options)
  const settled = trackCalls(api.client)
  useApiClient(api.client)
  return { ...api, settled }
}
