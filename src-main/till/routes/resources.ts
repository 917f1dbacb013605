/**
 * The routes a paired till answers itself, in the order they are registered (before the server's proof, what this
 * computer is, and the catch-all that hands every other /v3 request on: local-app.ts). Each is declared as the main
 * computer's operations are (method, path, staff rule, body rule, handler: server/routes/operation.ts); a resource
 * whose dependency the till is not given registers nothing. A new till route is an operation in one of these
 * resources, or a new resource and one line here.
 */
import type { EventHandler, H3 } from 'h3'
import { basketsResource, defineResource, registerResource, type AnyResource } from '#server'
import { tillOutboxResource, type OutboxPort } from './outbox'
import { tillOfflineSalesResource, tillSalesResource, type SalesPort } from './sales'
import { tillStaffResource } from './staff'

/** What the till's own routes are built from. */
export interface TillRouteDeps {
  /** Completing a sale (kept on the till while the main computer is away), and the outbox of kept sales. */
  sales?: SalesPort & OutboxPort
  /** Signing a member in (forwarded, the name remembered for the sales kept while the main computer is away). */
  signIn?: EventHandler
  /** The till's data folder: its windows' baskets are kept there (absent in tests that need none). */
  dataDir?: string
}

/** A window's basket is this till's: kept in its data folder, scanned into and emptied while the main computer is away too. */
const tillBasketsResource = defineResource({
  ...basketsResource,
  context: ({ dataDir }: TillRouteDeps) => (dataDir === undefined ? undefined : basketsResource.context({ store: { dir: dataDir } }))
})

/** The till's own resources, one line each. */
export const TILL_RESOURCES: readonly AnyResource<TillRouteDeps>[] = [
  tillStaffResource,
  tillBasketsResource,
  tillOfflineSalesResource,
  tillSalesResource,
  tillOutboxResource
]

/** Registers the till's own routes on `app`, each resource with what `deps` gives it. */
export function registerTillRoutes(app: H3, deps: TillRouteDeps): void {
  for (const resource of TILL_RESOURCES) registerResource(app, resource, deps)
}
