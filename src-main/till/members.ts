/**
 * The members signed in at a paired till, as the main computer named them when they signed in here. A sale kept
 * while the main computer is away is held to the role of the member whose session made it (no session can be checked
 * there then) and carries their name; the main computer records that name on the sale when it arrives.
 */
import type { StaffMember } from '#shared/staff'

/** Sessions remembered at most: a till has a few members; older ones are forgotten first. */
const REMEMBERED_MAX = 100

/** The members signed in at one till, by session. */
export class TillMembers {
  readonly #members = new Map<string, StaffMember>()

  /** The member of `session` (the X-Plant-Store-Staff header), if it signed in at this till. */
  memberOf(session: string | null): StaffMember | undefined {
    return session === null ? undefined : this.#members.get(session)
  }

  /** True once a member signed in here: the shop has staff, so a sale kept offline needs one of them. */
  get staffSeen(): boolean {
    return this.#members.size > 0
  }

  /** Keeps the member a sign-in at this till named (till/routes/staff.ts), forgetting the oldest past a hundred. */
  remember(session: string, member: StaffMember): void {
    this.#members.set(session, member)
    if (this.#members.size > REMEMBERED_MAX) this.#members.delete(this.#members.keys().next().value!)
  }
}
