/**
 * The change stream of the API (`GET /v3/events`, text/event-stream), followed
 * for as long as the caller wants: parsed by eventsource-parser, reopened after
 * a failure with a short, growing pause (about 250 ms at first, at most 5 s), or
 * at once on {@link EventSubscription.retryNow}. It remembers the last event
 * `id:` it saw and sends it as `Last-Event-ID` when it reopens, so a server that
 * keeps a history replays what was missed; a server that cannot sends
 * `event: reset` and the caller reloads its view. Runs in Node and in browsers.
 */
import { createParser } from 'eventsource-parser'
import { isAbort } from './api-errors'
import { backoffDelay } from './api-retry'
import type { Plant } from './plant'

/** A saved change announced by the server. */
export interface PlantEvent {
  type: 'plant.added' | 'plant.updated'
  plant: Plant
}

/** State of the change stream: `open` once the server answered; `reconnecting` while waiting to retry. */
export type StreamState = 'connecting' | 'open' | 'reconnecting'

/** Options of {@link followEvents} (and of `ApiClient.subscribe`). */
export interface SubscribeOptions {
  onEvent(event: PlantEvent): void
  /** An import changed many plants at once: reload the view (one event per import, not one per plant). */
  onImportApplied?(counts: { added: number; updated: number }): void
  /** The server could not replay what was missed since `Last-Event-ID` (`event: reset`): reload the view. */
  onReset?(): void
  /** Plants deleted, restored or changed by a bulk call: reload the view. */
  onBatch?(): void
  /** Told of every state change; `error` says why a reconnect is due. */
  onState?(state: StreamState, info: { attempt: number; delayMs?: number; error?: unknown }): void
  signal?: AbortSignal
  /** First retry delay, doubled per failed attempt up to `maxDelayMs` (defaults 250 ms and 5 s). */
  initialDelayMs?: number
  maxDelayMs?: number
  /** A stream silent for this long is taken as dead and reopened (default 45 s: three missed heartbeats). */
  idleTimeoutMs?: number
}

/** Stops following the stream when called; `retryNow()` ends a pause before a reconnect at once. */
export type EventSubscription = (() => void) & { retryNow(): void }

/** Opens the stream: the client's GET of the events path with these extra headers (its errors are ApiErrors). */
export type OpenEventStream = (headers: Record<string, string>, signal: AbortSignal) => Promise<Response>

export const DEFAULT_RECONNECT = { initialDelayMs: 250, maxDelayMs: 5000 } as const

/** A pause that ends early when `wake` or `stop` aborts. */
function pause(ms: number, stop: AbortSignal, wake: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      stop.removeEventListener('abort', done)
      wake.removeEventListener('abort', done)
      resolve()
    }
    stop.addEventListener('abort', done, { once: true })
    wake.addEventListener('abort', done, { once: true })
  })
}

/** Hands one parsed message to the subscriber's callback for its event type; unknown types are ignored. */
function dispatch(subscription: SubscribeOptions, event: string | undefined, data: string): void {
  if (event === 'plant.added' || event === 'plant.updated') subscription.onEvent({ type: event, plant: JSON.parse(data) as Plant })
  else if (event === 'import.applied') subscription.onImportApplied?.(JSON.parse(data) as { added: number; updated: number })
  else if (event === 'reset') subscription.onReset?.()
  else if (event === 'plant.deleted' || event === 'plant.restored' || event === 'plants.changed') subscription.onBatch?.()
}

/** Follows the stream until `stop` aborts, reconnecting with back-off; returns how to stop or hurry it. */
export function followEvents(open: OpenEventStream, subscription: SubscribeOptions): EventSubscription {
  const stop = new AbortController()
  subscription.signal?.addEventListener('abort', () => stop.abort(), { once: true })
  const initial = subscription.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs
  const max = subscription.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs
  const idleTimeoutMs = subscription.idleTimeoutMs ?? 45_000
  let lastEventId: string | undefined
  let wake = new AbortController()

  /** Reads one connection until it ends, fails or falls silent. */
  async function readOnce(opened: () => void): Promise<void> {
    const stream = new AbortController()
    let reader: ReadableStreamDefaultReader<string> | undefined
    // Cancelling the reader too ends a read that the fetch's signal does not reach.
    const abortStream = () => {
      stream.abort()
      reader?.cancel().catch(() => undefined)
    }
    stop.signal.addEventListener('abort', abortStream, { once: true })
    let idle: ReturnType<typeof setTimeout> | undefined
    const alive = () => {
      clearTimeout(idle)
      idle = setTimeout(abortStream, idleTimeoutMs)
    }
    try {
      alive()
      const headers: Record<string, string> = { accept: 'text/event-stream' }
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
      const response = await open(headers, stream.signal)
      opened()
      reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      const parser = createParser({
        onEvent(message) {
          if (message.id !== undefined) lastEventId = message.id
          dispatch(subscription, message.event, message.data)
        }
      })
      for (;;) {
        const { value, done } = await reader.read()
        if (done || stream.signal.aborted) return
        alive()
        parser.feed(value)
      }
    } finally {
      clearTimeout(idle)
      stop.signal.removeEventListener('abort', abortStream)
    }
  }

  void (async () => {
    let attempt = 0
    subscription.onState?.('connecting', { attempt })
    while (!stop.signal.aborted) {
      let error: unknown
      try {
        await readOnce(() => {
          attempt = 0
          subscription.onState?.('open', { attempt })
        })
      } catch (failure) {
        if (!isAbort(failure)) error = failure
      }
      if (stop.signal.aborted) return
      attempt++
      const delayMs = backoffDelay(attempt, initial, max)
      wake = new AbortController()
      subscription.onState?.('reconnecting', { attempt, delayMs, error })
      await pause(delayMs, stop.signal, wake.signal)
    }
  })()

  return Object.assign(() => stop.abort(), { retryNow: () => wake.abort() })
}
