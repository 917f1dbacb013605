/**
 * Staff sessions: which member is at the till. Held in memory only (a restart asks "Who is selling?" again)
 * and ended after the owner's lock time without a request, so a till left alone does not stay signed in.
 */
import { randomBytes } from 'node:crypto'

interface Session {
  member: number
  lastSeen: number
}

/** The sessions of one server. */
export class StaffSessions {
  readonly #sessions = new Map<string, Session>()
  readonly #idleMs: () => number
  readonly #now: () => number

  /** `idleMinutes` is read at each use, so a changed lock time applies to open sessions too. */
  constructor(idleMinutes: () => number, now: () => number = Date.now) {
    this.#idleMs = () => idleMinutes() * 60_000
    this.#now = now
  }

  /** Starts a session for member `member`; returns its secret. */
  start(member: number): string {
    const session = randomBytes(24).toString('base64url')
    this.#sessions.set(session, { member, lastSeen: this.#now() })
    return session
  }

  /** The member of `session`, noting that it was used now; undefined when unknown or idle too long (then it ends). */
  use(session: string): number | undefined {
    const found = this.#sessions.get(session)
    if (!found) return undefined
    const now = this.#now()
    if (now - found.lastSeen > this.#idleMs()) {
      this.#sessions.delete(session)
      return undefined
    }
    found.lastSeen = now
    return found.member
  }

  /** Ends `session`; false when there was none. */
  end(session: string): boolean {
    return this.#sessions.delete(session)
  }

  /** Ends every session of `member` (removed, or given a new PIN). */
  endAllOf(member: number): void {
    for (const [session, found] of this.#sessions) if (found.member === member) this.#sessions.delete(session)
  }
}
