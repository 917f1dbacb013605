/**
 * The resources the API serves, in the order they are registered and documented: create-app.ts registers each,
 * openapi/openapi.ts documents each, and the methods each path allows and the staff rule of each write are derived
 * from the same list. A new resource is one folder under routes/ and one line here.
 */
import type { ShopStore } from '#store'
import type { SettingsOwner } from '#settings/settings-owner'
import type { AccessPolicy } from '#server/security/access-policy'
import type { StaffAccess } from '#server/security/staff-gate'
import { allowedMethodsOf, writeActionsOf, type AnyResource } from './operation'
import { backupResource } from './backup/resource'
import { basketsResource } from './baskets/resource'
import { daysResource } from './days/resource'
import { eventsResource, type EventRouteOptions } from './events/resource'
import { healthResource } from './health/resource'
import { historyResource } from './history/resource'
import { lanResource, type LanAdmin } from './lan/resource'
import { offlineSalesResource } from './offline-sales/resource'
import { openApiDocumentResource, type ServeOpenApiDocument } from './openapi-document/resource'
import { plantsResource } from './plants/resource'
import { bulkResource } from './plants-bulk/resource'
import { reportsResource } from './reports/resource'
import { salesResource } from './sales/resource'
import { serverProofResource } from './server-proof/resource'
import { settingsResource } from './settings/resource'
import { setupResource, type SetupAdmin } from './setup/resource'
import { staffResource } from './staff/resource'
import { stockResource } from './stock/resource'
import { tokensResource, type NamedTokenAdmin } from './tokens/resource'
import { transferResource } from './transfer/resource'

/** What the app needs to serve the API. */
export interface CreateAppOptions {
  store: ShopStore
  /** The data folder's settings, read once and held (settings-owner.ts): one owner per folder, shared by every app over it. */
  settings: SettingsOwner
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

/** What the resources are built from: the app's options, and the document the app serves. */
export interface ResourceDeps extends CreateAppOptions {
  openApiDocument: ServeOpenApiDocument
  /** What this computer is (GET /v3/setup); the main computer's when absent. */
  setup?: SetupAdmin
}

/** Every resource of the API, one line each. */
export const RESOURCES: readonly AnyResource<ResourceDeps>[] = [
  plantsResource,
  bulkResource,
  stockResource,
  salesResource,
  offlineSalesResource,
  daysResource,
  basketsResource,
  eventsResource,
  historyResource,
  reportsResource,
  tokensResource,
  staffResource,
  lanResource,
  setupResource,
  transferResource,
  backupResource,
  settingsResource,
  healthResource,
  serverProofResource,
  openApiDocumentResource
]

/**
 * Methods each known path answers (paths OpenAPI-style); any other method gets 405 with this list in Allow, whether
 * or not this app serves the path's resource (no named tokens, no staff, no LAN listener given).
 */
export const ALLOWED_METHODS = allowedMethodsOf(RESOURCES)

/**
 * What each write route does, by method and path (OpenAPI-style): the staff rule each write operation declares.
 * The staff gate reads the same rule from the matched route (security/staff-gate.ts).
 */
export const WRITE_ROUTE_ACTIONS = writeActionsOf(RESOURCES)
