/**
 * A paired till's `plant-store serve`: the staff UI on the till's own address (127.0.0.1 by default), with the
 * till's own local token, and every /v3 request forwarded to the shop's main computer. The till keeps no
 * catalogue: its data folder holds only its pairing and its local token.
 */
import { openTokenSource } from '#auth/token'
import { pinnedClient } from '#lib/pinned-tls'
import { AccessPolicy } from '#server/security/access-policy'
import { uiUrl } from '#server/security/security'
import { handOver, listen, type ListeningServer } from '#server/start-server'
import { createTillApp } from '#server/till-app'
import { apiBaseUrl } from '#server/urls'
import { forwardTo } from './till-forward'
import type { TillPairing } from './till-pairing'
import { TillOutbox } from './till-outbox'
import { tillSales } from './till-sales'

/** What to start. */
export interface TillOptions {
  dataDir: string
  host: string
  port: number
  pairing: TillPairing
  uiDir?: string
  /** A fixed local token (PLANT_STORE_TOKEN) instead of the one in DATA/token. */
  token?: string
  /** A first run's listener to take over instead of listening anew (the computer was just paired). */
  listener?: ListeningServer
}

/** A running till. */
export interface RunningTill {
  baseUrl: string
  /** The till's own local token (the page's and scripts' on this computer; never sent to the main computer). */
  token(): string
  uiUrl(): string
  stop(): Promise<void>
}

/** Serves the UI of a paired till and forwards its API requests to the main computer. */
export async function startTill(options: TillOptions): Promise<RunningTill> {
  const tokens = await openTokenSource(options.dataDir, options.token)
  const access = new AccessPolicy({ token: tokens.current, refreshToken: tokens.refresh, host: options.host })
  const client = pinnedClient(options.pairing)
  const sales = tillSales(options.pairing, client, await TillOutbox.open(options.dataDir))
  try {
    const { origin: primary, till } = options.pairing
    const setup = { state: () => ({ stage: 'till', primary, till }) as const }
    const app = createTillApp({ access, uiDir: options.uiDir, forward: forwardTo(options.pairing, client), sales, setup })
    const server = options.listener ? handOver(options.listener, app) : await listen(app, options)
    access.listeningOn(server.port)
    sales.flush() // sales kept before a restart go first
    return {
      baseUrl: apiBaseUrl(server.origin),
      token: tokens.current,
      uiUrl: () => uiUrl(options.host, server.port, tokens.current()),
      stop: async () => {
        await server.close()
        sales.close()
        client.close()
        tokens.close()
      }
    }
  } catch (error) {
    sales.close()
    client.close()
    tokens.close()
    throw error
  }
}
