/**
 * GET /v3/events (extension, not part of the contract): Server-Sent Events
 * that announce every saved change, so every open UI shows a change made by a
 * script within a second, without polling.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import type { PlantChange, PlantStore } from '#store'
import { problem } from '#server/problems/problems'
import { routePattern } from '#server/urls'
import { ChangeStream, EVENT_STREAM_LIMITS, encodeEvent, type EventStreamLimits } from './change-stream'
import { lastEventSeq, replayMissed, type ReplayGate } from './event-replay'

/** How often an idle stream carries a comment, so proxies and clients can tell it is alive. */
export const HEARTBEAT_MS = 15_000

/** Options of {@link registerEventRoutes}. */
export interface EventRouteOptions {
  heartbeatMs?: number
  /** Aborted when the service stops: open streams end at once instead of holding the graceful close. */
  stopping?: AbortSignal
  /** Bounds on streams and what they hold (default {@link EVENT_STREAM_LIMITS}). */
  limits?: Partial<EventStreamLimits>
  /**
   * Whether the Authorization a stream was opened with is still accepted. Checked every second: a stream of a rotated
   * or revoked token is closed, so its window reconnects, is refused and locks instead of following changes it may
   * no longer see.
   */
  stillAllowed?: (authorization: string | null) => boolean
}

/** How often open streams have their token checked again (a rotation is picked up within a second too). */
export const STREAM_TOKEN_RECHECK_MS = 1000

const CONNECTED = encodeEvent({ comment: 'connected' })
const HEARTBEAT = encodeEvent({ comment: 'heartbeat' })

function setEventStreamHeaders(event: H3Event): void {
  event.res.headers.set('content-type', 'text/event-stream')
  event.res.headers.set('cache-control', 'no-store, no-transform')
  // Tells a reverse proxy (nginx) not to hold events back in its buffer.
  event.res.headers.set('x-accel-buffering', 'no')
}

/** What an event carries. A batch (an import, a bulk call) is one event: open UIs reload their view instead of taking 10,000. */
function eventData(change: PlantChange): unknown {
  switch (change.type) {
    case 'import.applied':
      return { added: change.added, updated: change.updated }
    case 'plants.changed':
      return { ids: change.plants.map((plant) => plant.id), change: change.change }
    case 'plant.deleted':
      return { id: change.plant.id }
    default:
      return change.plant
  }
}

/** Registers the change stream over `store`. */
export function registerEventRoutes(app: H3, store: PlantStore, options: EventRouteOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const limits = { ...EVENT_STREAM_LIMITS, ...options.limits }
  const open = new Set<ChangeStream>()
  const gates = new Map<ChangeStream, ReplayGate>() // streams replaying missed changes hold live events back
  const authorizations = new Map<ChangeStream, string | null>()
  let recheck: ReturnType<typeof setInterval> | undefined
  let unsubscribe: (() => void) | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const toAll = (chunk: Uint8Array, seq?: number) => {
    for (const stream of open) {
      const held = gates.get(stream)?.held
      if (held) held.push({ chunk, seq })
      else stream.send(chunk)
    }
  }
  // One subscription and one heartbeat for all streams, while any is open; each change is encoded once.
  // A change is announced only after it is on disk, so a client never sees a change that is later undone.
  const start = () => {
    unsubscribe = store.onChange((change) => {
      toAll(encodeEvent({ type: change.type, data: JSON.stringify(eventData(change)), id: change.seq }), change.seq)
    })
    heartbeat = setInterval(() => toAll(HEARTBEAT), heartbeatMs)
    const { stillAllowed } = options
    if (stillAllowed) {
      recheck = setInterval(() => {
        for (const [stream, authorization] of authorizations) if (!stillAllowed(authorization)) stream.close()
      }, STREAM_TOKEN_RECHECK_MS)
    }
  }
  const stop = () => {
    unsubscribe?.()
    clearInterval(heartbeat)
    clearInterval(recheck)
    unsubscribe = heartbeat = recheck = undefined
  }
  options.stopping?.addEventListener(
    'abort',
    () => {
      for (const stream of open) stream.close()
    },
    { once: true }
  )
  app.get(routePattern(EXTENSION_PATHS.events), (event) => {
    if (open.size >= limits.maxStreams) throw problem('tooManyStreams', limits.maxStreams)
    const stream = new ChangeStream({
      limits,
      onEnd: () => {
        open.delete(stream)
        gates.delete(stream)
        authorizations.delete(stream)
        if (open.size === 0) stop()
      },
      onDrop: (reason) => console.error(`[plant-store] closed a change stream: ${reason}`),
      socketBuffered: () => event.req.runtime?.node?.res?.writableLength ?? 0
    })
    if (open.size === 0) start()
    open.add(stream)
    authorizations.set(stream, event.req.headers.get('authorization'))
    setEventStreamHeaders(event)
    // The first bytes tell the client at once that the stream is open (and flush the headers).
    stream.send(CONNECTED)
    const since = lastEventSeq(event.req.headers.get('last-event-id'))
    if (since !== undefined) {
      const gate: ReplayGate = { held: [] }
      gates.set(stream, gate)
      void replayMissed(store, since, gate, (chunk) => stream.send(chunk)).finally(() => gates.delete(stream))
    }
    if (options.stopping?.aborted) stream.close()
    return stream.body
  })
}
