/**
 * How often one token may have missed changes replayed. A replay reads the
 * change log and fills half a stream's buffer; a client reconnecting in a
 * loop with an old Last-Event-ID would make the server do it over and over.
 * Past its allowance a reconnect gets `event: reset` at once, which costs
 * nothing to send (the client reloads its view, as it does on every
 * reconnect anyway).
 */

/** A token's allowance: `burst` replays at once, then one more every `everyMs`. */
export interface ReplayRate {
  burst: number
  everyMs: number
}

/** 10 replays at once per token, then one every 6 s (10 a minute). */
export const REPLAY_RATE: ReplayRate = { burst: 10, everyMs: 6000 }

/** The replays left to each token (a token bucket per token name). */
export class ReplayAllowance {
  readonly #rate: ReplayRate
  readonly #now: () => number
  readonly #left = new Map<string, { replays: number; at: number }>()

  constructor(rate: ReplayRate, now: () => number = Date.now) {
    this.#rate = rate
    this.#now = now
  }

  /** True, counting one replay, when `token` may have one now. */
  take(token: string): boolean {
    const now = this.#now()
    const last = this.#left.get(token)
    const earned = last === undefined ? this.#rate.burst : last.replays + Math.max(0, now - last.at) / this.#rate.everyMs
    const replays = Math.min(this.#rate.burst, earned)
    const allowed = replays >= 1
    this.#left.set(token, { replays: allowed ? replays - 1 : replays, at: now })
    return allowed
  }
}
