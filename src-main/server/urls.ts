/** How the server spells its own addresses and routes. */
import { API_BASE, API_PATHS, EXTENSION_PATHS } from '#shared/api-paths'
import { HISTORY_PATHS } from '#shared/history'
import { STAFF_PATHS } from '#shared/staff'
import { LAN_PATHS, TILL_PATHS } from '#shared/lan'
import { SETUP_PATHS } from '#shared/first-run'
import { STOCK_PATHS } from '#shared/stock'
import { SALE_PATHS } from '#shared/sale'
import { OFFLINE_SALES_PATH } from '#shared/offline-sales'
import { DAY_PATHS } from '#shared/day'
import { BASKET_PATHS } from '#shared/basket'
import { SERVER_PROOF_PATH } from '#shared/server-proof'

/** Formats a host for a URL (brackets around IPv6). */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** The API base URL of a server at `origin`. */
export function apiBaseUrl(origin: string): string {
  return origin + API_BASE
}

/** h3's pattern for a path written OpenAPI-style (`/plant/{id}` → `/v3/plant/:id`). */
export function routePattern(path: string): string {
  return API_BASE + path.replace(/\{(\w+)\}/g, ':$1')
}

/** Methods each known path answers; any other method gets 405 with this list in Allow. */
export const ALLOWED_METHODS = {
  [API_PATHS.plant]: ['GET', 'HEAD', 'POST', 'PUT'],
  [API_PATHS.searchByStatus]: ['GET', 'HEAD'],
  [API_PATHS.openapi]: ['GET', 'HEAD'],
  [EXTENSION_PATHS.plantById]: ['GET', 'HEAD', 'DELETE'],
  [EXTENSION_PATHS.plantRestore]: ['POST'],
  [EXTENSION_PATHS.bulk]: ['POST'],
  [EXTENSION_PATHS.bulkDelete]: ['POST'],
  [EXTENSION_PATHS.bulkRestore]: ['POST'],
  [EXTENSION_PATHS.shopSettings]: ['GET', 'PUT'],
  [EXTENSION_PATHS.salesSettings]: ['GET', 'PUT'],
  [EXTENSION_PATHS.events]: ['GET'],
  [EXTENSION_PATHS.tokens]: ['GET', 'HEAD', 'POST'],
  [EXTENSION_PATHS.tokenByName]: ['DELETE'],
  [LAN_PATHS.lanSettings]: ['GET', 'PUT', 'DELETE'],
  [LAN_PATHS.pairingCodes]: ['POST'],
  [LAN_PATHS.pair]: ['POST'],
  [TILL_PATHS.outbox]: ['GET'],
  [TILL_PATHS.refused]: ['GET'],
  [TILL_PATHS.dealtWith]: ['POST'],
  [SETUP_PATHS.setup]: ['GET'],
  [SETUP_PATHS.main]: ['POST'],
  [SETUP_PATHS.connect]: ['POST'],
  [EXTENSION_PATHS.export]: ['GET', 'HEAD'],
  [EXTENSION_PATHS.import]: ['POST'],
  [EXTENSION_PATHS.backup]: ['GET', 'PUT', 'POST'],
  [HISTORY_PATHS.changes]: ['GET'],
  [HISTORY_PATHS.plantHistory]: ['GET'],
  [HISTORY_PATHS.salesReport]: ['GET'],
  [HISTORY_PATHS.health]: ['GET'],
  [SERVER_PROOF_PATH]: ['GET'],
  [STOCK_PATHS.plantStock]: ['POST'],
  [STOCK_PATHS.bulkStock]: ['POST'],
  [STOCK_PATHS.stockReport]: ['GET'],
  [STOCK_PATHS.belowZero]: ['GET'],
  [STAFF_PATHS.staff]: ['GET', 'HEAD', 'POST'],
  [STAFF_PATHS.member]: ['PATCH', 'DELETE'],
  [STAFF_PATHS.unlock]: ['POST'],
  [STAFF_PATHS.settings]: ['PUT'],
  [STAFF_PATHS.sessions]: ['POST', 'DELETE'],
  [SALE_PATHS.sales]: ['GET', 'HEAD', 'POST'],
  [SALE_PATHS.sale]: ['GET', 'HEAD'],
  [SALE_PATHS.refunds]: ['GET', 'HEAD', 'POST'],
  [SALE_PATHS.receipt]: ['GET', 'HEAD'],
  [OFFLINE_SALES_PATH]: ['POST'],
  [DAY_PATHS.current]: ['GET', 'HEAD'],
  [DAY_PATHS.close]: ['POST'],
  [DAY_PATHS.day]: ['GET', 'HEAD'],
  [DAY_PATHS.currentReport]: ['GET', 'HEAD'],
  [DAY_PATHS.dayReport]: ['GET', 'HEAD'],
  [BASKET_PATHS.basket]: ['GET', 'HEAD', 'PUT', 'DELETE']
} as const satisfies Record<string, readonly string[]>
