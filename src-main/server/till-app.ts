/**
 * The app of a paired till: the staff UI on the till's own 127.0.0.1, and every /v3 request, once it passed
 * the same doors as on the main computer (Host, Origin, the till's own local token), handed to `forward`,
 * which sends it on to the main computer.
 */
import type { EventHandler, H3 } from 'h3'
import { API_BASE } from '#shared/api-paths'
import { DEALT_WITH_BODY, TILL_PATHS, type RefusedSale, type TillOutboxState } from '#shared/lan'
import { validate } from '#shared/body-rules'
import { readJsonBody } from './http/read-json-body'
import { SALE_PATHS } from '#shared/sale'
import { STAFF_PATHS } from '#shared/staff'
import { OFFLINE_SALES_PATH } from '#shared/offline-sales'
import { problem } from './problems/problems'
import { registerBasketRoutes } from './routes/baskets/resource'
import type { AccessPolicy } from '#server/security/access-policy'
import { createLocalApp } from './local-app'
import type { SetupAdmin } from './routes/setup/resource'

/** What a till's app needs. */
export interface TillAppOptions {
  access: AccessPolicy
  /** Sends a /v3 request on to the main computer and answers with its answer. */
  forward: EventHandler
  /** The built staff UI (out/renderer), served at `/`. */
  uiDir?: string
  /** Completing a sale (kept on the till while the main computer is away), and how many kept sales wait. */
  sales?: {
    complete: EventHandler
    waiting(): number
    refused(): number
    refusedSales(): Promise<RefusedSale[]>
    dealtWith(key: string): Promise<boolean>
  }
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
      if (options.signIn) app.post(API_BASE + STAFF_PATHS.sessions, options.signIn)
      // A window's basket is this till's: kept here, it is scanned into and emptied while the main computer is away too.
      if (options.dataDir !== undefined) registerBasketRoutes(app, options.dataDir)
      // Forwarded, a caller of the till would send it with the till's token: past the stock check and the member's role.
      app.post(API_BASE + OFFLINE_SALES_PATH, () => {
        throw problem('outboxOnly')
      })
      if (!sales) return
      app.post(API_BASE + SALE_PATHS.sales, sales.complete)
      const outbox = (): TillOutboxState => ({ till: true, waiting: sales.waiting(), refused: sales.refused() })
      app.get(API_BASE + TILL_PATHS.outbox, outbox)
      app.get(API_BASE + TILL_PATHS.refused, async () => ({ sales: await sales.refusedSales() }))
      app.post(API_BASE + TILL_PATHS.dealtWith, async (event) => {
        const checked = validate(DEALT_WITH_BODY, await readJsonBody(event, 400))
        if (!checked.ok) throw problem('dealtWithNotMarked', checked.errors)
        if (!(await sales.dealtWith(checked.value.key))) throw problem('refusedSaleNotFound', checked.value.key, true)
        return outbox()
      })
    }
  })
}
