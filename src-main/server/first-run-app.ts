/**
 * The app of a computer's first run: the staff UI (which opens on the first-run screen), the server's proof that it
 * knows the local token, and the first-run routes; every other /v3 request is answered "not set up yet" in words.
 * Once a choice is made, the same listener is handed the main computer's app or a till's (ListeningServer.serve).
 */
import type { H3 } from 'h3'
import type { AccessPolicy } from '#server/security/access-policy'
import { problem } from '#server/problems/problems'
import type { SetupAdmin } from './routes/setup/resource'
import { createLocalApp } from './local-app'

/** Creates the app of a computer not set up yet. */
export function createFirstRunApp(options: { access: AccessPolicy; setup: SetupAdmin; uiDir?: string }): H3 {
  return createLocalApp({
    ...options,
    rest: () => {
      throw problem('notSetUp')
    }
  })
}
