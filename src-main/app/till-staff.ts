/**
 * The members signed in at a paired till, as the main computer named them when they signed in here. A sale kept
 * while the main computer is away carries the name of the member whose session made it, since no session can be
 * checked then; the main computer records that name on the sale when it arrives.
 */
import type { EventHandler } from 'h3'
import type { StaffSession } from '#shared/staff'

/** Sessions remembered at most: a till has a few members; older ones are forgotten first. */
const REMEMBERED_MAX = 100

/** The names of the members signed in at one till, by session. */
export class TillStaffNames {
  readonly #names = new Map<string, string>()

  /** The handler of POST /v3/staff/sessions on the till: `forward` signs in at the main computer; the answer's name is kept. */
  signIn(forward: EventHandler): EventHandler {
    return async (event) => {
      const answer = (await forward(event)) as Response
      if (answer.status !== 201) return answer
      const text = await answer.text()
      try {
        const { session, member } = JSON.parse(text) as StaffSession
        this.#remember(session, member.name)
      } catch {
        // Not the answer of a sign-in: passed on as it came; a sale kept for it names no member.
      }
      return new Response(text, { status: answer.status, headers: answer.headers })
    }
  }

  /** The member of `session` (the X-Plant-Store-Staff header), if it signed in at this till. */
  nameOf(session: string | null): string | undefined {
    return session === null ? undefined : this.#names.get(session)
  }

  #remember(session: string, name: string): void {
    this.#names.set(session, name)
    if (this.#names.size > REMEMBERED_MAX) this.#names.delete(this.#names.keys().next().value!)
  }
}
