/**
 * One-time pairing codes, held in memory by the running primary: the owner makes one, a till trades it for its
 * own till token within {@link PAIRING_CODE_TTL_MS}, once. How many attempts come in is pairing-limit.ts's job.
 */
import { randomInt } from 'node:crypto'
import { PAIRING_CODE_TTL_MS } from '#shared/lan'

/** The outcome of trading a code. */
export type Redeemed = { ok: true; expiresAt: number } | { ok: false; why: 'unknown' | 'expired' | 'cancelled' }

/** A code as people type it: 8 digits, grouped 4-4; dashes and spaces are ignored when it comes back. */
function newCode(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0')
  return `${digits.slice(0, 4)}-${digits.slice(4)}`
}

const bare = (code: string) => code.replace(/[\s-]/g, '')

/** The codes of one running server. */
export class PairingCodes {
  readonly #now: () => number
  /** Bare code → when it expires (ms). */
  readonly #codes = new Map<string, number>()
  /** Bare code → when it would have expired: codes forgotten when the listener moved or stopped, told apart from wrong ones until then. */
  readonly #cancelled = new Map<string, number>()

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** A new code and when it expires. */
  make(): { code: string; expiresAt: Date } {
    this.#forgetExpired()
    let code = newCode()
    while (this.#codes.has(bare(code))) code = newCode()
    const expiresAt = this.#now() + PAIRING_CODE_TTL_MS
    this.#codes.set(bare(code), expiresAt)
    return { code, expiresAt: new Date(expiresAt) }
  }

  /** Uses `code` up: ok once, within its time. */
  redeem(code: string): Redeemed {
    const now = this.#now()
    const expiresAt = this.#codes.get(bare(code))
    if (expiresAt === undefined) return { ok: false, why: (this.#cancelled.get(bare(code)) ?? 0) > now ? 'cancelled' : 'unknown' }
    this.#codes.delete(bare(code))
    return expiresAt > now ? { ok: true, expiresAt } : { ok: false, why: 'expired' }
  }

  /** Gives a code back after its pairing failed for another reason (the till's name taken), so the till can try again. */
  restore(code: string, expiresAt: number): void {
    this.#codes.set(bare(code), expiresAt)
  }

  /** Forgets every code: the listener they name moved or stopped. Until they would have expired, they are refused as cancelled. */
  forgetAll(): void {
    this.#forgetExpired()
    for (const [code, expiresAt] of this.#codes) this.#cancelled.set(code, expiresAt)
    this.#codes.clear()
  }

  #forgetExpired(): void {
    const now = this.#now()
    for (const codes of [this.#codes, this.#cancelled]) {
      for (const [code, expiresAt] of codes) if (expiresAt <= now) codes.delete(code)
    }
  }
}
