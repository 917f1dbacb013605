/**
 * The members signed in at a paired till, as the main computer named them when they signed in here. A sale kept
 * while the main computer is away is held to the role of the member whose session made it (no session can be checked
 * there then) and carries their name; the main computer records that name on the sale when it arrives.
 */
import type { EventHandler } from 'h3'
import type { StaffMember, StaffSession } from '#shared/staff'

/** Sessions remembered at most: a till has a few members; older ones are forgotten first. */
const REMEMBERED_MAX = 100

/** The members signed in at one till, by session. */
export class TillMembers {
  readonly #members = new Map<string, StaffMember>()

  /** The handler of POST /v3/staff/sessions on the till: `forward` signs in at the main computer; the answer's member is kept. */
  signIn(forward: EventHandler): EventHandler {
    return async (event) => {
      const answer = (await forward(event)) as Response
      if (answer.status !== 201) return answer
      const text = await answer.text()
      try {
        const { session, member } = JSON.parse(text) as StaffSession
        this.#remember(session, member)
      } catch {
        // Not the answer of a sign-in: passed on as it came; a sale kept for it names no member.
      }
      return new Response(text, { status: answer.status, headers: answer.headers })
    }
  }

  /** The member of `session` (the X-Plant-Store-Staff header), if it signed in at this till. */
  memberOf(session: string | null): StaffMember | undefined {
    return session === null ? undefined : this.#members.get(session)
  }

  /** True once a member signed in here: the shop has staff, so a sale kept offline needs one of them. */
  get staffSeen(): boolean {
    return this.#members.size > 0
  }

  #remember(session: string, member: StaffMember): void {
    this.#members.set(session, member)
    if (this.#members.size > REMEMBERED_MAX) this.#members.delete(this.#members.keys().next().value!)
  }
}
