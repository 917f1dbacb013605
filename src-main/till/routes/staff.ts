/**
 * Signing a member in at a paired till (POST /v3/staff/sessions): forwarded to the main computer, and the member it
 * names kept (till/members.ts), so that a sale kept while the main computer is away is held to their role.
 */
import type { EventHandler } from 'h3'
import { STAFF_PATHS, type StaffSession } from '#shared/staff'
import { defineOperation, defineResource } from '#server'
import type { TillMembers } from '#till/members'
import { documentedAs } from './documented'

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

/** POST /v3/staff/sessions of a paired till that signs members in, handled by `signIn` (see {@link signInAt}). */
export const tillStaffResource = defineResource({
  context: ({ signIn }: { signIn?: EventHandler }) => signIn,
  operations: [
    defineOperation<EventHandler>({
      method: 'POST',
      path: STAFF_PATHS.sessions,
      staff: 'sign-in',
      openapi: documentedAs('POST', STAFF_PATHS.sessions),
      handler: (event, signIn) => signIn(event)
    })
  ]
})
