/**
 * GET /v3/events (extension, not part of the contract): Server-Sent Events
 * that announce every saved change, so every open UI shows a change made by a
 * script within a second, without polling.
 */
import type { H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import type { PlantChange, ShopStore } from '#store'
import { extensionOperation, problemResponse } from '#server/openapi/parts'
import type { AccessPolicy } from '#server/security/access-policy'
import { principalOf } from '#server/security/security'
import { defineOperation, defineResource } from '#server/routes/operation'
import { ChangeStream, EVENT_STREAM_LIMITS, encodeEvent, type EventStreamLimits } from './change-stream'
import { REPLAY_BUFFER_SHARE, REPLAY_MAX, lastEventSeq, replayMissed, type ReplayGate } from './event-replay'
import { REPLAY_RATE, ReplayAllowance, type ReplayRate } from './replay-allowance'
import { STREAM_SLOT_LIMITS, StreamSlots, holderOf, type StreamSlotLimits } from './stream-slots'

/** How often an idle stream carries a comment, so proxies and clients can tell it is alive. */
export const HEARTBEAT_MS = 15_000

/** Options of {@link registerEventRoutes}. */
export interface EventRouteOptions {
  heartbeatMs?: number
  /** Aborted when the service stops: open streams end at once instead of holding the graceful close. */
  stopping?: AbortSignal
  /** Bounds on what a stream holds (default {@link EVENT_STREAM_LIMITS}). */
  limits?: Partial<EventStreamLimits>
  /** Streams in all, per token and kept for the owner's UI (default {@link STREAM_SLOT_LIMITS}). */
  slots?: Partial<StreamSlotLimits>
  /** Replays of missed changes each token may ask for (default {@link REPLAY_RATE}). */
  replayRate?: ReplayRate
  /**
   * Whether the Authorization a stream was opened with is still accepted. Checked every second: a stream of a rotated
   * or revoked token is closed, so its window reconnects, is refused and locks instead of following changes it may
   * no longer see.
   */
  stillAllowed?: (authorization: string | null) => boolean
  /**
   * The slots and replay allowances to count against, when they are a server's and not this app's alone: the
   * loopback and the LAN listener share them, so a token has one share of the server however it connects.
   */
  shares?: EventStreamShares
}

/** What the apps of one server count their change streams against. */
export interface EventStreamShares {
  slots: StreamSlots
  replays: ReplayAllowance
}

/** Fresh shares with the given (or default) limits. */
export function eventStreamShares(options: Pick<EventRouteOptions, 'slots' | 'replayRate'> = {}): EventStreamShares {
  return { slots: new StreamSlots({ ...STREAM_SLOT_LIMITS, ...options.slots }), replays: new ReplayAllowance(options.replayRate ?? REPLAY_RATE) }
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

/** The change stream's answer over `store`: one subscription and heartbeat shared by every open stream. */
function changeStreams(store: ShopStore, options: EventRouteOptions): (event: H3Event) => ReadableStream<Uint8Array> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const limits = { ...EVENT_STREAM_LIMITS, ...options.limits }
  const { slots, replays } = options.shares ?? eventStreamShares(options)
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
  return (event) => {
    const principal = principalOf(event)
    const release = slots.take(principal)
    const stream = new ChangeStream({
      limits,
      onEnd: () => {
        release()
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
      const bounds = { maxBytes: limits.maxBufferedBytes * REPLAY_BUFFER_SHARE, allowed: replays.take(holderOf(principal)) }
      void replayMissed(store, since, gate, bounds, (chunk) => stream.send(chunk)).finally(() => gates.delete(stream))
    }
    if (options.stopping?.aborted) stream.close()
    return stream.body
  }
}

const plantEventsDoc = extensionOperation({
  operationId: 'plant-events',
  summary: 'Live stream of saved changes (Server-Sent Events; extension for the staff UI)',
  description:
    'Not part of the contract. A text/event-stream that stays open: each saved change arrives as an event named ' +
    'plant.added, plant.updated or plant.restored whose data is the full plant as JSON, plant.deleted with {"id": 7}, ' +
    'import.applied with {"added", "updated"}, or plants.changed (one bulk call) with {"ids": [...], "change": "updated"|"deleted"|"restored"}; ' +
    'a batch event asks a UI to reload its view. Each is sent only once the change is on disk. ' +
    `A comment line is sent every ${HEARTBEAT_MS / 1000} s while idle. Each change event carries its seq as id ` +
    '(a batch: one event with the seq of its last change). A client that reconnects with ' +
    `Last-Event-ID first receives every change it missed (up to ${REPLAY_MAX}, each as plant.added, plant.updated, ` +
    'plant.deleted or plant.restored with the plant as it is now), then the live ones; when more were missed, when ' +
    `they do not fit in ${EVENT_STREAM_LIMITS.maxBufferedBytes * REPLAY_BUFFER_SHARE} bytes (then after those that do), ` +
    'when they are older than the kept change log, or when the token asked for more than ' +
    `${REPLAY_RATE.burst} replays at once (then one every ${REPLAY_RATE.everyMs / 1000} s), it receives one \`reset\` event ` +
    'instead, whose id is the newest saved change: reload the list. ' +
    `At most ${STREAM_SLOT_LIMITS.maxStreams} streams are open at once, at most ${STREAM_SLOT_LIMITS.maxStreamsPerToken} of ` +
    `one named token, and ${STREAM_SLOT_LIMITS.keptForOwner} of them only for the owner's token (the staff UI); ` +
    'a stream whose client leaves more than ' +
    `${EVENT_STREAM_LIMITS.maxBufferedBytes} bytes unread, or reads nothing for ${EVENT_STREAM_LIMITS.stallMs / 1000} s while ` +
    'events wait, is closed by the server (reconnect and reload).',
  parameters: [
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: 'The seq of the last event received, to get the changes missed since.',
      schema: { type: 'string' }
    }
  ],
  responses: {
    '200': {
      description: 'The event stream.',
      content: { 'text/event-stream': { schema: { type: 'string' }, example: 'event: plant.updated\ndata: {"id":7,"status":"sold",…}\n\n' } }
    },
    '429': problemResponse(
      `This named token already has ${STREAM_SLOT_LIMITS.maxStreamsPerToken} streams open; close one, or give the script its own token.`
    ),
    '503': problemResponse('As many streams as the server allows are already open; close one and try again (Retry-After says when).')
  }
})

/** The change stream over the app's store; a stream whose token is revoked or rotated is closed. */
export const eventsResource = defineResource({
  context: ({ store, events, access }: { store: ShopStore; events?: EventRouteOptions; access: AccessPolicy }) =>
    changeStreams(store, { ...events, stillAllowed: (header) => access.checkAuthorization(header).ok }),
  operations: [
    defineOperation<(event: H3Event) => ReadableStream<Uint8Array>>({
      method: 'GET',
      path: EXTENSION_PATHS.events,
      openapi: plantEventsDoc,
      handler: (event, answer) => answer(event)
    })
  ]
})
