/**
 * What the three kinds of service a data folder starts as have in common (the main computer's, a paired till's, a
 * first run's): where and how to serve, what the desktop app and `plant-store serve` hold of the running one, and
 * the listening with its fallback to a free port or a first run's listener handed over.
 */
import type { H3 } from 'h3'
import { PortInUseError, handOver, listen, type ListeningServer } from '#server'

/** What to start. */
export interface ServiceOptions {
  dataDir: string
  host: string
  port: number
  /** The built staff UI to serve at `/` (see uiDir() in paths.ts); none when absent. */
  uiDir?: string
  /** A fixed API token (PLANT_STORE_TOKEN) instead of the one in DATA/token. */
  token?: string
  /** Who holds the data folder, named to a second process that is refused (default "plant-store serve"). */
  holder?: string
  /**
   * When `port` is taken, listen on any free port instead of failing (the
   * desktop app must start; server.json tells scripts the port it got).
   */
  fallbackToFreePort?: boolean
  /** How often a LAN listener that could not start is tried again (30 s when absent; tests shorten it). */
  lanRetryMs?: number
  /** A first run's listener to take over instead of listening anew (the computer became the main computer). */
  listener?: ListeningServer
}

/** What the desktop app and `plant-store serve` hold of a running service: the main computer's, or a first run's. */
export interface LocalService {
  port: number
  baseUrl: string
  /** The token /v3 requests must carry (the current one: a rotation is picked up within a second). */
  token(): string
  /** Address of the UI with the token in the fragment, e.g. http://127.0.0.1:7420/#token=… */
  uiUrl(): string
  /** Stops accepting requests, waits for writes in flight, removes server.json, then makes the stop-time backup. */
  stop(): Promise<void>
  /** The first part of stop(): the folder released, no stop-time backup (the desktop app makes that with its own time limit). */
  release(): Promise<void>
  /**
   * The second part of stop() (after release() if not yet done): waits for a backup into the backup folder in
   * progress and makes the stop-time one; `onStart` hears its folder before it is written.
   */
  backUpAtStop(onStart?: (dir: string) => void): Promise<void>
}

/**
 * Listens on `host:port`, or on a free port when that one is taken and `fallbackToFreePort` allows it; takes over
 * `listener` instead when given.
 */
export async function listenWithFallback(app: H3, options: ServiceOptions): Promise<ListeningServer> {
  if (options.listener) return handOver(options.listener, app)
  try {
    return await listen(app, { host: options.host, port: options.port })
  } catch (error) {
    if (!(error instanceof PortInUseError) || !options.fallbackToFreePort || options.port === 0) throw error
    return listen(app, { host: options.host, port: 0 })
  }
}
