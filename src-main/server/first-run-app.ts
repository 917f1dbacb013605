/**
 * The app of a computer's first run: the staff UI (which opens on the first-run screen), the server's proof that it
 * knows the local token, and the first-run routes; every other /v3 request is answered "not set up yet" in words.
 * Once a choice is made, the same listener is handed the main computer's app or a till's (ListeningServer.serve).
 */
import type { H3 } from 'h3'
import { API_BASE } from '#shared/api-paths'
import type { AccessPolicy } from '#server/security/access-policy'
import { problem } from '#server/problems/problems'
import { createGuardedApp } from './create-app'
import { registerServerProofRoutes } from './routes/server-proof'
import { registerSetupRoutes, type SetupAdmin } from './routes/setup'
import { registerUiRoutes } from './routes/ui'

/** What the first-run app needs. */
export interface FirstRunAppOptions {
  access: AccessPolicy
  setup: SetupAdmin
  /** The built staff UI (out/renderer), served at `/`. */
  uiDir?: string
}

/** Creates the app of a computer not set up yet. */
export function createFirstRunApp(options: FirstRunAppOptions): H3 {
  const app = createGuardedApp(options.access)
  registerServerProofRoutes(app, options.access)
  registerSetupRoutes(app, options.setup)
  const notSetUp = () => {
    throw problem('notSetUp')
  }
  app.all(API_BASE, notSetUp)
  app.all(`${API_BASE}/**`, notSetUp)
  if (options.uiDir !== undefined) registerUiRoutes(app, options.uiDir)
  return app
}
