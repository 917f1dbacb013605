/**
 * The app of a computer that keeps no catalogue of its own: a paired till, or a first run not yet decided. Both pass
 * the same doors as the main computer (Host, Origin, the local token), answer the page's check that they know that
 * token and what the computer is (GET /v3/setup) themselves, and hand every other /v3 request to `rest`.
 */
import type { EventHandler, H3 } from 'h3'
import { API_BASE } from '#shared/api-paths'
import type { AccessPolicy } from '#server/security/access-policy'
import { createGuardedApp } from './create-app'
import { registerServerProofRoutes } from './routes/server-proof/resource'
import { registerSetupRoutes, type SetupAdmin } from './routes/setup/resource'
import { registerUiRoutes } from './routes/ui/resource'

/** What a local app needs. */
export interface LocalAppOptions {
  access: AccessPolicy
  setup: SetupAdmin
  /** Answers every other /v3 request. */
  rest: EventHandler
  /** Routes of its own, answered before `rest`. */
  routes?: (app: H3) => void
  /** The built staff UI (out/renderer), served at `/`. */
  uiDir?: string
}

/** Creates the app of a till or a first run. */
export function createLocalApp(options: LocalAppOptions): H3 {
  const app = createGuardedApp(options.access)
  options.routes?.(app)
  // The page sends its token only to a server that proves it knows it: this one, not the main computer behind it.
  registerServerProofRoutes(app, options.access)
  registerSetupRoutes(app, options.setup)
  app.all(API_BASE, options.rest)
  app.all(`${API_BASE}/**`, options.rest)
  if (options.uiDir !== undefined) registerUiRoutes(app, options.uiDir)
  return app
}
