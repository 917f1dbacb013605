/**
 * The app of a paired till: the staff UI on the till's own 127.0.0.1, and every /v3 request, once it passed
 * the same doors as on the main computer (Host, Origin, the till's own local token), handed to `forward`,
 * which sends it on to the main computer. What the till answers itself are its routes (till/routes/resources.ts).
 */
import type { EventHandler, H3 } from 'h3'
import { createLocalApp, type AccessPolicy, type SetupAdmin } from '#server'
import { registerTillRoutes, type TillRouteDeps } from './routes/resources'

/** What a till's app needs: what its own routes are built from, and the rest. */
export interface TillAppOptions extends TillRouteDeps {
  access: AccessPolicy
  /** Sends a /v3 request on to the main computer and answers with its answer. */
  forward: EventHandler
  /** The built staff UI (out/renderer), served at `/`. */
  uiDir?: string
  /** What this till is (GET /v3/setup, answered here: the main computer would say it is the main computer). */
  setup: SetupAdmin
}

/** Creates the app of a paired till. */
export function createTillApp(options: TillAppOptions): H3 {
  return createLocalApp({
    access: options.access,
    setup: options.setup,
    uiDir: options.uiDir,
    rest: options.forward,
    routes: (app) => registerTillRoutes(app, options)
  })
}
