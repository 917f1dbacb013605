/**
 * Signing a member in at a paired till (POST /v3/staff/sessions): forwarded to the main computer, and the member it
 * names kept (till/members.ts), so that a sale kept while the main computer is away is held to their role.
 */
import type { EventHandler, H3 } from 'h3'
import { API_BASE } from '#shared/api-paths'
import { STAFF_PATHS, type StaffSession } from '#shared/staff'
import type { TillMembers } from '#till/members'

/** The handler of POST /v3/staff/sessions on the till: `forward` signs in at the main computer; the answer's member is kept. */
export function signInAt(members: TillMembers, forward: EventHandler): EventHandler {
  return async (event) => {
    const answer = (await forward(event)) as Response
    if (answer.status !== 201) return answer
    const text = await answer.text()
    try {
      const { session, member } = JSON.parse(text) as StaffSession
      members.remember(session, member)
    } catch {
      // Not the answer of a sign-in: passed on as it came; a sale kept for it names no member.
    }
    return new Response(text, { status: answer.status, headers: answer.headers })
  }
}

/** POST /v3/staff/sessions of a paired till, handled by `signIn` (see {@link signInAt}). */
export function registerTillStaffRoutes(app: H3, signIn: EventHandler): void {
  app.post(API_BASE + STAFF_PATHS.sessions, signIn)
}
