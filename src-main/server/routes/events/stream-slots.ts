/**
 * Who may hold the change streams of one server. A stream is a long-lived
 * connection, so without shares one token (a read-only script, a leaked
 * key) could take every slot: then the owner's window is refused and every
 * staff window opened after it waits with its write controls off. So each
 * token has a share, and some slots are kept for the owner's token (the
 * staff UI) that no other token may take.
 */
import type { Principal } from '#server/security/access-policy'
import { problem } from '#server/problems/problems'

/** The shares of the stream slots. */
export interface StreamSlotLimits {
  /** Open streams per server; one more is answered 503. */
  maxStreams: number
  /** Open streams of one token other than the owner's; one more is answered 429. */
  maxStreamsPerToken: number
  /** Slots only the owner's token (the staff UI) may take. */
  keptForOwner: number
}

/** 64 streams, 8 per named token, 16 of them kept for the owner's UI. */
export const STREAM_SLOT_LIMITS: StreamSlotLimits = { maxStreams: 64, maxStreamsPerToken: 8, keptForOwner: 16 }

/**
 * Whose share a stream counts against: the owner's token, or a named token by its name (kept apart, so a named
 * token can never share the owner's count whatever it is called).
 */
export function holderOf(principal: Principal): string {
  return principal.scope === 'owner' ? 'owner' : `token:${principal.name}`
}

/** The open streams of one server, counted per token. */
export class StreamSlots {
  readonly #limits: StreamSlotLimits
  readonly #byToken = new Map<string, number>()
  #total = 0
  #owner = 0

  constructor(limits: StreamSlotLimits) {
    this.#limits = limits
  }

  /** Takes a slot for `principal`, or throws the problem that says why there is none; returns how to give it back. */
  take(principal: Principal): () => void {
    const { maxStreams, maxStreamsPerToken, keptForOwner } = this.#limits
    const owner = principal.scope === 'owner'
    if (this.#total >= maxStreams) throw problem('tooManyStreams', maxStreams)
    const holder = holderOf(principal)
    if (!owner) {
      if ((this.#byToken.get(holder) ?? 0) >= maxStreamsPerToken) throw problem('tooManyStreamsForToken', principal.name, maxStreamsPerToken)
      if (this.#total - this.#owner >= maxStreams - keptForOwner) throw problem('tooManyStreams', maxStreams - keptForOwner)
    }
    this.#count(holder, owner, 1)
    let given = false
    return () => {
      if (given) return
      given = true
      this.#count(holder, owner, -1)
    }
  }

  #count(holder: string, owner: boolean, step: 1 | -1): void {
    this.#total += step
    if (owner) this.#owner += step
    const held = (this.#byToken.get(holder) ?? 0) + step
    if (held > 0) this.#byToken.set(holder, held)
    else this.#byToken.delete(holder)
  }
}
