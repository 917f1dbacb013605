/**
 * GET /v3/events (extension, not part of the contract): Server-Sent Events
 * that announce every saved change, so every open UI shows a change made by a
 * script within a second, without polling.
 */
import { EventStream, type H3 } from 'h3'
import { EXTENSION_PATHS } from '../../../src-shared/api-paths'
import type { PlantStore } from '../../store/plant-store'
import { routePattern } from '../urls'

/** How often an idle stream carries a comment, so proxies and clients can tell it is alive. */
export const HEARTBEAT_MS = 15_000

/** Options of {@link registerEventRoutes}. */
export interface EventRouteOptions {
  heartbeatMs?: number
  /** Aborted when the service stops: open streams end at once instead of holding the graceful close. */
  stopping?: AbortSignal
}

/** Registers the change stream over `store`. */
export function registerEventRoutes(app: H3, store: PlantStore, options: EventRouteOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  app.get(routePattern(EXTENSION_PATHS.events), (event) => {
    const stream = new EventStream(event)
    // A change is announced only after it is on disk, so a client never sees a change that is later undone.
    const unsubscribe = store.onChange((change) => {
      const data = change.type === 'import.applied' ? { added: change.added, updated: change.updated } : change.plant
      void stream.push({ event: change.type, data: JSON.stringify(data) })
    })
    const heartbeat = setInterval(() => void stream.pushComment('heartbeat'), heartbeatMs)
    const close = () => void stream.close()
    options.stopping?.addEventListener('abort', close, { once: true })
    stream.onClosed(() => {
      unsubscribe()
      clearInterval(heartbeat)
      options.stopping?.removeEventListener('abort', close)
    })
    if (options.stopping?.aborted) close()
    // The first bytes tell the client at once that the stream is open (and flush the headers).
    void stream.pushComment('connected')
    return stream
  })
}
