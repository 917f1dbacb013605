/**
 * The app of a paired till: the staff UI on the till's own 127.0.0.1, and every /v3 request, once it passed
 * the same doors as on the main computer (Host, Origin, the till's own local token), handed to `forward`,
 * which sends it on to the main computer. What the till answers itself are its routes (till/routes/).
 */
import type { EventHandler, H3 } from 'h3'
import { createLocalApp, registerBasketRoutes, type AccessPolicy, type SetupAdmin } from '#server'
import { registerOutboxRoutes, type OutboxPort } from './routes/outbox'
import { registerTillSaleRoutes, type SalesPort } from './routes/sales'
import { registerTillStaffRoutes } from './routes/staff'

/** What a till's app needs. */
export interface TillAppOptions {
  access: AccessPolicy
  /** Sends a /v3 request on to the main computer and answers with its answer. */
  forward: EventHandler
  /** The built staff UI (out/renderer), served at `/`. */
  uiDir?: string
  /** Completing a sale (kept on the till while the main computer is away), and the outbox of kept sales. */
  sales?: SalesPort & OutboxPort
  /** Signing a member in (forwarded, the name remembered for the sales kept while the main computer is away). */
  signIn?: EventHandler
  /** The till's data folder: its windows' baskets are kept there (absent in tests that need none). */
  dataDir?: string
  /** What this till is (GET /v3/setup, answered here: the main computer would say it is the main computer). */
  setup: SetupAdmin
}

/** Creates the app of a paired till. */
export function createTillApp(options: TillAppOptions): H3 {
  const { sales } = options
  return createLocalApp({
    access: options.access,
    setup: options.setup,
    uiDir: options.uiDir,
    rest: options.forward,
    routes: (app) => {
      if (options.signIn) registerTillStaffRoutes(app, options.signIn)
      // A window's basket is this till's: kept here, it is scanned into and emptied while the main computer is away too.
      if (options.dataDir !== undefined) registerBasketRoutes(app, options.dataDir)
      registerTillSaleRoutes(app, sales)
      if (sales) registerOutboxRoutes(app, sales)
    }
  })
}
