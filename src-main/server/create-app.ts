/**
 * Builds the h3 application: routes, the Allow/405 rule for known paths, and
 * the single place where errors become problem+json.
 */
import { H3, type H3Event } from 'h3'
import { API_BASE, API_PATHS } from '#shared/api-paths'
import type { PlantStore } from '#store'
import type { AccessPolicy } from '#server/security/access-policy'
import { actAsSender } from '#server/security/actor'
import { serializeOpenApiDocument } from '#server/openapi/openapi'
import { API_HEADERS, toProblemResponse } from '#server/problems/problem-response'
import { problem } from '#server/problems/problems'
import { registerBackupRoutes } from './routes/backup'
import { registerEventRoutes, type EventRouteOptions } from './routes/events'
import { registerHealthRoutes } from './routes/health'
import { registerServerProofRoutes } from './routes/server-proof'
import { registerHistoryRoutes } from './routes/history'
import { registerLanRoutes, type LanAdmin } from './routes/lan'
import { registerPlantRoutes } from './routes/plants'
import { registerBulkRoutes } from './routes/plants-bulk'
import { registerReportRoutes } from './routes/reports'
import { registerSaleRoutes } from './routes/sales'
import { registerOfflineSaleRoutes } from './routes/offline-sales'
import { registerDayRoutes } from './routes/days'
import { registerBasketRoutes } from './routes/baskets'
import { registerSettingsRoutes } from './routes/settings'
import { MAIN_COMPUTER_SETUP, registerSetupRoutes } from './routes/setup'
import { registerStaffRoutes } from './routes/staff'
import { registerStockRoutes } from './routes/stock'
import { registerTokenRoutes, type NamedTokenAdmin } from './routes/tokens'
import { registerTransferRoutes } from './routes/transfer'
import { registerUiRoutes } from './routes/ui'
import { checkHostAndOrigin, requireApiToken } from '#server/security/security'
import { requireStaffSession, type StaffAccess } from '#server/security/staff-gate'
import { ALLOWED_METHODS, routePattern } from './urls'

/** What the app needs to serve the API. */
export interface CreateAppOptions {
  store: PlantStore
  /**
   * Who may call (token, own Host and Origin values). Required: there is no
   * unprotected app. Call `access.listeningOn(port)` once the port is known;
   * until then every request is refused.
   */
  access: AccessPolicy
  /** The built staff UI (out/renderer), served at `/`; no UI routes when absent. */
  uiDir?: string
  /** Options of the change stream at /v3/events. */
  events?: EventRouteOptions
  /** The named tokens the owner manages at /v3/tokens (the checks themselves are `access`'s). */
  tokens?: NamedTokenAdmin
  /** The staff members and their sessions at /v3/staff; without them every write is the owner's, as before staff. */
  staff?: StaffAccess
  /** The LAN listener's setting, pairing codes and the pairing of tills. */
  lan?: LanAdmin
}

function refuseOtherMethods(app: H3): void {
  for (const [path, methods] of Object.entries(ALLOWED_METHODS)) {
    const allow = methods.join(', ')
    app.all(routePattern(path), (event) => {
      throw problem('methodNotAllowed', path, event.req.method, allow)
    })
  }
}

/**
 * An h3 app with the doors every listener has (the API headers, the Host and Origin checks, the token on /v3)
 * and the one place errors become problem+json: the catalogue's app and a paired till's are both built on it.
 */
export function createGuardedApp(access: AccessPolicy): H3 {
  const app = new H3({
    // Errors are logged by toProblemResponse (unexpected ones only), not by h3.
    silent: true,
    onRequest(event) {
      for (const [name, value] of Object.entries(API_HEADERS)) event.res.headers.set(name, value)
      // DNS rebinding and CSRF: a foreign Host or Origin is refused before routing, middleware or any handler.
      checkHostAndOrigin(event, access)
    },
    onError(error, event) {
      return toProblemResponse(error, event.req.method, event.url.pathname)
    }
  })
  // The first middleware, so that no route (nor any later middleware) answers /v3 without the token.
  app.use(requireApiToken(access))
  return app
}

/** Creates the API application over `store`. */
export function createApp(options: CreateAppOptions): H3 {
  let openapi: string | undefined // built on first request: the start-up need not wait for it
  const app = createGuardedApp(options.access)
  if (options.staff !== undefined) app.use(requireStaffSession(options.staff)) // once members exist, the member at the till
  app.use(actAsSender) // the change log's `by` (and `staff`)
  const serveOpenApi = (event: H3Event) => {
    event.res.headers.set('content-type', 'application/json; charset=utf-8')
    return (openapi ??= serializeOpenApiDocument())
  }
  app.get(API_BASE + API_PATHS.openapi, serveOpenApi)
  app.on('HEAD', API_BASE + API_PATHS.openapi, serveOpenApi)
  // One line per resource (routes/<resource>.ts); openapi/openapi.ts lists the same resources' path items.
  registerPlantRoutes(app, options.store)
  registerBulkRoutes(app, options.store)
  registerStockRoutes(app, options.store)
  registerSaleRoutes(app, options.store)
  registerOfflineSaleRoutes(app, options.store)
  registerDayRoutes(app, options.store)
  registerBasketRoutes(app, options.store.dir)
  registerEventRoutes(app, options.store, { ...options.events, stillAllowed: (header) => options.access.checkAuthorization(header).ok })
  registerHistoryRoutes(app, options.store)
  registerReportRoutes(app, options.store)
  if (options.tokens !== undefined) registerTokenRoutes(app, options.tokens)
  if (options.staff !== undefined) registerStaffRoutes(app, options.staff)
  if (options.lan !== undefined) registerLanRoutes(app, options.lan)
  registerSetupRoutes(app, MAIN_COMPUTER_SETUP)
  registerTransferRoutes(app, options.store)
  registerBackupRoutes(app, options.store)
  registerSettingsRoutes(app, options.store)
  registerHealthRoutes(app, options.store)
  registerServerProofRoutes(app, options.access)
  if (options.uiDir !== undefined) registerUiRoutes(app, options.uiDir)
  refuseOtherMethods(app)
  return app
}
