/**
 * Last-Event-ID on GET /v3/events: a client that reconnects with
 * the seq of the last event it saw first receives every change it missed,
 * as the events it would have seen live, then the live ones, none twice and
 * none lost. While the missed changes are read from the change log, the live
 * events for that stream are held back; then those the replay already
 * covered are dropped. Too many missed changes, or changes older than the
 * kept log, make one `event: reset` instead: the client reloads its view.
 */
import type { HistoryEntry, PlantStore } from '#store'
import { HistoryGoneError } from '#store/errors'
import { encodeEvent } from './change-stream'

/** The most missed changes replayed; past it a reset is cheaper for everyone. */
export const REPLAY_MAX = 1000

const RESET = encodeEvent({ type: 'reset', data: '{}' })

/** The seq in a Last-Event-ID header, or undefined when there is none (or it is not one of ours). */
export function lastEventSeq(header: string | null): number | undefined {
  return header !== null && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined
}

/** The event a missed change replays as: the plant as it is now (changes later in the replay bring it no further). */
function replayEvent(store: PlantStore, entry: HistoryEntry): Uint8Array {
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

/**
 * Sends `send` the changes after `since` (or a reset), then the live events `gate` held that the replay did
 * not cover, and opens the gate in the same step (no live event can fall between).
 */
export async function replayMissed(store: PlantStore, since: number, gate: ReplayGate, send: (chunk: Uint8Array) => void): Promise<void> {
  let last = since
  try {
    const missed = await store.history.since(since, REPLAY_MAX + 1)
    if (missed.length > REPLAY_MAX) send(RESET)
    else for (const entry of missed) send(replayEvent(store, entry))
    last = missed.at(-1)?.seq ?? since
  } catch (error) {
    if (!(error instanceof HistoryGoneError)) console.error('[plant-store] could not replay missed changes; the client is told to reload:', error)
    send(RESET)
  }
  for (const event of gate.held ?? []) if (event.seq === undefined || event.seq > last) send(event.chunk)
  gate.held = undefined
}
