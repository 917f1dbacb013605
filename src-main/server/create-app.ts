/**
 * Builds the h3 application: routes, the Allow/405 rule for known paths, and
 * the single place where errors become problem+json.
 */
import { H3, type H3Event } from 'h3'
import { API_BASE, API_PATHS } from '../../src-shared/api-paths'
import { PROBLEM_TYPES } from '../../src-shared/problem'
import type { PlantStore } from '../store/plant-store'
import { API_HEADERS, ApiError, toProblemResponse } from './api-error'
import { createOpenApiDocument } from './openapi'
import { registerPlantRoutes } from './routes/plants'

/** What the app needs to serve the API. */
export interface CreateAppOptions {
  store: PlantStore
}

/** Methods each known path answers; any other method gets 405 with this list in Allow. */
const ALLOWED_METHODS: Record<string, string[]> = {
  [API_PATHS.plant]: ['POST', 'PUT'],
  [API_PATHS.searchByStatus]: ['GET', 'HEAD'],
  [API_PATHS.openapi]: ['GET', 'HEAD']
}

function refuseOtherMethods(app: H3): void {
  for (const [path, methods] of Object.entries(ALLOWED_METHODS)) {
    const allow = methods.join(', ')
    app.all(API_BASE + path, (event) => {
      throw new ApiError(
        {
          type: PROBLEM_TYPES.methodNotAllowed,
          title: 'Method not allowed',
          status: 405,
          detail: `${API_BASE}${path} does not answer ${event.req.method}; it answers ${allow}.`
        },
        { allow }
      )
    })
  }
}

/** Creates the API application over `store`. */
export function createApp(options: CreateAppOptions): H3 {
  const openapi = JSON.stringify(createOpenApiDocument())
  const app = new H3({
    // Errors are logged by toProblemResponse (unexpected ones only), not by h3.
    silent: true,
    onRequest(event) {
      for (const [name, value] of Object.entries(API_HEADERS)) event.res.headers.set(name, value)
    },
    onError(error, event) {
      return toProblemResponse(error, event.req.method, event.url.pathname)
    }
  })
  const serveOpenApi = (event: H3Event) => {
    event.res.headers.set('content-type', 'application/json; charset=utf-8')
    return openapi
  }
  app.get(API_BASE + API_PATHS.openapi, serveOpenApi)
  app.on('HEAD', API_BASE + API_PATHS.openapi, serveOpenApi)
  registerPlantRoutes(app, options.store)
  refuseOtherMethods(app)
  return app
}
