/**
 * How many pairing attempts the primary takes each minute: a few per caller, so that one computer flooding
 * POST /v3/pair does not keep a real till from pairing, and a cap on all callers together, which bounds both the
 * work and the guessing (an attacker on the network can take many addresses): at most {@link PAIRING_LIMITS}.total
 * tries a minute against 100,000,000 codes, whoever sends them.
 */

/** Attempts allowed per minute, right or wrong, from one caller and from all together. */
export const PAIRING_LIMITS = { perCaller: 10, total: 100, windowMs: 60_000 } as const

/** The answer to one attempt: let in, or refused for this caller or for everyone, with when to try again. */
export type Admission = { ok: true } | { ok: false; who: 'caller' | 'everyone'; retryAfterS: number }

/** The IPv6 groups that name one network (a /64): a single computer may take any address inside its own. */
const IPV6_NETWORK_GROUPS = 4

/**
 * Who is counted for `address`: an IPv4 address as it is (also when written as IPv6, ::ffff:192.168.1.20), an
 * IPv6 one by its /64, and a request with no address (in-process) as one caller.
 */
export function callerOf(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, IPV6_NETWORK_GROUPS)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The pairing attempts of one running server, counted in windows of a minute. */
export class PairingLimit {
  readonly #now: () => number
  #window = { start: -Infinity, total: 0, byCaller: new Map<string, number>() }

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Counts an attempt from `address` when it may be made; a refused attempt counts for no one. */
  admit(address: string | undefined): Admission {
    const now = this.#now()
    if (now - this.#window.start >= PAIRING_LIMITS.windowMs) this.#window = { start: now, total: 0, byCaller: new Map() }
    const retryAfterS = Math.max(1, Math.ceil((this.#window.start + PAIRING_LIMITS.windowMs - now) / 1000))
    const caller = callerOf(address)
    const fromCaller = this.#window.byCaller.get(caller) ?? 0
    if (fromCaller >= PAIRING_LIMITS.perCaller) return { ok: false, who: 'caller', retryAfterS }
    if (this.#window.total >= PAIRING_LIMITS.total) return { ok: false, who: 'everyone', retryAfterS }
    // At most `total` callers a minute are remembered: the map is bounded by the cap itself.
    this.#window.byCaller.set(caller, fromCaller + 1)
    this.#window.total++
    return { ok: true }
  }
}
