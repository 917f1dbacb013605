/**
 * Builds the h3 application: routes, the Allow/405 rule for known paths, and
 * the single place where errors become problem+json.
 */
import { H3 } from 'h3'
import type { AccessPolicy } from '#server/security/access-policy'
import { actAsSender } from '#server/security/actor'
import { serializeOpenApiDocument } from '#server/openapi/openapi'
import { API_HEADERS, toProblemResponse } from '#server/problems/problem-response'
import { problem } from '#server/problems/problems'
import { registerResource, staffRulesAt } from './routes/operation'
import { ALLOWED_METHODS, RESOURCES, type CreateAppOptions } from './routes/resources'
import { registerUiRoutes } from './routes/ui/resource'
import { checkHostAndOrigin, requireApiToken } from '#server/security/security'
import { requireStaffSession } from '#server/security/staff-gate'
import { routePattern } from './urls'

export type { CreateAppOptions } from './routes/resources'

function refuseOtherMethods(app: H3): void {
  for (const [path, methods] of Object.entries(ALLOWED_METHODS)) {
    const allow = methods.join(', ')
    // The write rules of the path ride along: a write refused here meets the staff gate as the route it names would.
    const meta = staffRulesAt(RESOURCES, path)
    app.all(
      routePattern(path),
      (event) => {
        throw problem('methodNotAllowed', path, event.req.method, allow)
      },
      { meta }
    )
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
  const deps = { ...options, openApiDocument: () => (openapi ??= serializeOpenApiDocument()) }
  const app = createGuardedApp(options.access)
  if (options.staff !== undefined) app.use(requireStaffSession(options.staff)) // once members exist, the member at the till
  app.use(actAsSender) // the change log's `by` (and `staff`)
  // One line per resource in routes/resources.ts; a resource whose dependency is not given (tokens, staff, lan) registers nothing.
  for (const resource of RESOURCES) registerResource(app, resource, deps)
  if (options.uiDir !== undefined) registerUiRoutes(app, options.uiDir)
  refuseOtherMethods(app)
  return app
}
