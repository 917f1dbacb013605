/**
 * Last-Event-ID on GET /v3/events: a client that reconnects with
 * the seq of the last event it saw first receives every change it missed,
 * as the events it would have seen live, then the live ones, none twice and
 * none lost. While the missed changes are read from the change log, the live
 * events for that stream are held back; then those the replay already
 * covered are dropped. A replay sends only what fits in half a stream's
 * buffer (a stream that holds more is dropped, and its client would come back
 * for the same replay forever); what does not fit, too many missed changes,
 * changes older than the kept log, or a token past its replay allowance make
 * one `event: reset` instead: the client reloads its view. The reset carries
 * the seq of the newest saved change as its id, so the client's next
 * reconnect starts from there.
 */
import type { HistoryEntry, ShopStore } from '#store'
import { HistoryGoneError } from '#store/errors'
import { encodeEvent } from './change-stream'

/** The most missed changes replayed; past it a reset is cheaper for everyone. */
export const REPLAY_MAX = 1000

/** The share of a stream's buffer a replay may fill; the rest is room for live events meanwhile. */
export const REPLAY_BUFFER_SHARE = 0.5

/** The seq in a Last-Event-ID header, or undefined when there is none (or it is not one of ours). */
export function lastEventSeq(header: string | null): number | undefined {
  return header !== null && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined
}

/** The event a missed change replays as: the plant as it is now (changes later in the replay bring it no further). */
function replayEvent(store: ShopStore, entry: HistoryEntry): Uint8Array {
  const plant = store.get(entry.plantId) ?? entry.plant
  const data = entry.type === 'plant.deleted' || plant === undefined ? { id: entry.plantId } : plant
  return encodeEvent({ type: entry.type, data: JSON.stringify(data), id: entry.seq })
}

/** A live event held back during a replay, with the seq it carries (none for a comment). */
export interface HeldEvent {
  chunk: Uint8Array
  seq?: number
}

/** A stream's live events, held back (a list) while its replay runs. */
export interface ReplayGate {
  held: HeldEvent[] | undefined
}

/** Sends a reset whose id is the newest saved change (a reload shows every change up to it); returns that seq. */
function sendReset(store: ShopStore, send: (chunk: Uint8Array) => void): number {
  const last = store.history.lastSavedSeq
  send(encodeEvent({ type: 'reset', data: '{}', id: last }))
  return last
}

/** Sends the missed changes while they fit in `maxBytes`, else a reset after those that fit; returns the last seq covered. */
function sendWhatFits(store: ShopStore, since: number, missed: readonly HistoryEntry[], maxBytes: number, send: (chunk: Uint8Array) => void): number {
  if (missed.length > REPLAY_MAX) return sendReset(store, send)
  let bytes = 0
  for (const entry of missed) {
    const chunk = replayEvent(store, entry)
    bytes += chunk.byteLength
    if (bytes > maxBytes) return sendReset(store, send)
    send(chunk)
  }
  return missed.at(-1)?.seq ?? since
}

/** Sends the live events `gate` held that `last` does not cover, and opens it in the same step (none can fall between). */
function openGate(gate: ReplayGate, last: number, send: (chunk: Uint8Array) => void): void {
  for (const event of gate.held ?? []) if (event.seq === undefined || event.seq > last) send(event.chunk)
  gate.held = undefined
}

/** What a replay may do: fill `maxBytes` of the stream, or (not `allowed`: past the token's allowance) only reset. */
export interface ReplayBounds {
  maxBytes: number
  allowed: boolean
}

/** Sends `send` the changes after `since` (or a reset, see the top of this file), then the live events `gate` held. */
export async function replayMissed(
  store: ShopStore,
  since: number,
  gate: ReplayGate,
  bounds: ReplayBounds,
  send: (chunk: Uint8Array) => void
): Promise<void> {
  let last: number
  try {
    if (!bounds.allowed) last = sendReset(store, send)
    else last = sendWhatFits(store, since, await store.history.since(since, REPLAY_MAX + 1), bounds.maxBytes, send)
  } catch (error) {
    if (!(error instanceof HistoryGoneError)) console.error('[plant-store] could not replay missed changes; the client is told to reload:', error)
    last = sendReset(store, send)
  }
  openGate(gate, last, send)
}
