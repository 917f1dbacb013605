/**
 * A paired till's `plant-store serve`: the staff UI on the till's own address (127.0.0.1 by default), with the
 * till's own local token, and every /v3 request forwarded to the shop's main computer. The till keeps no
 * catalogue: its data folder holds its pairing, its local token, its outbox of kept sales and its read copy of the
 * main computer's answers to the reads a window sells with (read-copy-file.ts).
 */
import { openTokenSource } from '#auth/token'
import { pinnedClient } from '#lib/pinned-tls'
import { AccessPolicy, apiBaseUrl, uiUrl } from '#server'
import { listenWithFallback, type LocalService, type ServiceOptions } from './local-service'
import { TillMembers } from './members'
import { TillOutbox } from './outbox'
import type { TillPairing } from './pairing'
import { forwardTo } from './routes/forward'
import { openReadCopy } from './read-copy-file'
import { TillReadCache } from './routes/offline-reads'
import { signInAt } from './routes/staff'
import { tillSales } from './sales'
import { createTillApp } from './till-app'

/** What to start: where and how to serve (as for the main computer; `listener`: a first run's, just paired), and the pairing. */
export interface TillOptions extends ServiceOptions {
  pairing: TillPairing
}

/**
 * A running till. Its token is its own local one (the page's and scripts' on this computer; never sent to the main
 * computer); it keeps no catalogue, so releasing it is stopping it and there is no stop-time backup.
 */
export type RunningTill = LocalService

/** Serves the UI of a paired till and forwards its API requests to the main computer. */
export async function startTill(options: TillOptions): Promise<RunningTill> {
  const tokens = await openTokenSource(options.dataDir, options.token)
  const access = new AccessPolicy({ token: tokens.current, refreshToken: tokens.refresh, host: options.host })
  const client = pinnedClient(options.pairing)
  const members = new TillMembers()
  // The reads a window sells with, answered as last read while the main computer is away (routes/offline-reads.ts),
  // kept on disk across a restart; a sale is checked against them before it is kept.
  const reads = new TillReadCache()
  const readCopy = await openReadCopy(options.dataDir, options.pairing, reads)
  const sales = tillSales(options.pairing, client, await TillOutbox.open(options.dataDir), members, reads)
  try {
    const { origin: primary, till } = options.pairing
    const setup = { state: () => ({ stage: 'till', primary, till }) as const }
    const forward = reads.wrap(forwardTo(options.pairing, client))
    const app = createTillApp({ access, uiDir: options.uiDir, dataDir: options.dataDir, forward, signIn: signInAt(members, forward), sales, setup })
    const server = await listenWithFallback(app, options)
    access.listeningOn(server.port)
    sales.flush() // sales kept before a restart go first
    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= server.close().then(async () => {
        sales.close()
        client.close()
        tokens.close()
        await readCopy.close()
      }))
    return {
      port: server.port,
      baseUrl: apiBaseUrl(server.origin),
      token: tokens.current,
      uiUrl: () => uiUrl(options.host, server.port, tokens.current()),
      stop,
      release: stop,
      backUpAtStop: stop
    }
  } catch (error) {
    sales.close()
    client.close()
    tokens.close()
    await readCopy.close()
    throw error
  }
}
