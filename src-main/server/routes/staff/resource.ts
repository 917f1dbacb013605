/**
 * Staff members (extension): any token reads the list (the PIN pad shows it); the owner adds, changes, removes
 * and unlocks them and sets the lock time; anyone at the till signs in with a member's PIN and gets a session, and signs out. The checks of
 * every other write against the member's role are security/staff-gate.ts's.
 */
import type { H3Event } from 'h3'
import { validate, type Rule } from '#shared/body-rules'
import {
  NEW_STAFF_MEMBER_BODY,
  STAFF_MEMBER_CHANGES_BODY,
  STAFF_PATHS,
  STAFF_SETTINGS_BODY,
  STAFF_SIGN_IN_BODY,
  type StaffList,
  type StaffMember,
  type StaffSession
} from '#shared/staff'
import { StaffRuleError } from '#auth/staff/staff-registry'
import { readJsonBody } from '#server/http/read-json-body'
import { problem, type ProblemName } from '#server/problems/problems'
import { requireOwner } from '#server/security/security'
import { sessionOf, type StaffAccess } from '#server/security/staff-gate'
import { defineOperation, defineResource } from '#server/routes/operation'
import { STAFF_DOCS, staffSchemas } from './openapi'

type BodyProblem = Extract<ProblemName, 'staffNotMade' | 'staffNotChanged' | 'staffSettingsNotSaved' | 'signInRefused'>

async function readBody<T>(event: H3Event, rule: Rule<T>, refusal: BodyProblem): Promise<T> {
  const checked = validate(rule, await readJsonBody(event, 400))
  if (!checked.ok) throw problem(refusal, checked.errors)
  return checked.value
}

/** The `{id}` of a member's path (0, which names no member, when it is not a whole number: then 404). */
function memberIdParam(event: H3Event): number {
  const raw = event.context.params?.id ?? ''
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0
}

/** Runs a change of the staff, turning a broken rule (the last owner) into 409 and a missing member into 404. */
async function changing<T>(id: number, change: () => Promise<T | undefined>): Promise<T> {
  try {
    const result = await change()
    if (result === undefined || result === false) throw problem('staffNotFound', id)
    return result
  } catch (error) {
    if (error instanceof StaffRuleError) throw problem('staffRule', error.message)
    throw error
  }
}

async function signIn(event: H3Event, access: StaffAccess): Promise<StaffSession> {
  const { member, pin } = await readBody(event, STAFF_SIGN_IN_BODY, 'signInRefused')
  const outcome = await access.registry.signIn(member, pin)
  if (!outcome.ok && outcome.why === 'unknown') throw problem('staffNotFound', member)
  if (!outcome.ok && outcome.why === 'locked') {
    // Locked out means out: a session signed in before (on this or another till) ends too, until the owner unlocks.
    access.sessions.endAllOf(member)
    throw problem('staffLockedOut', outcome.member.name)
  }
  if (!outcome.ok) throw problem('wrongPin', outcome.member.name, outcome.attemptsLeft)
  event.res.status = 201
  return { session: access.sessions.start(member), member: outcome.member, lockAfterMinutes: access.registry.lockAfterMinutes }
}

/** Only the owner's token manages staff. */
function ownerOnly<R>(handler: (event: H3Event, access: StaffAccess) => R): (event: H3Event, access: StaffAccess) => R {
  return (event, access) => {
    requireOwner(event, 'manage staff')
    return handler(event, access)
  }
}

/** The staff members and their sessions, when the app is given them. */
export const staffResource = defineResource({
  context: ({ staff }: { staff?: StaffAccess }) => staff,
  schemas: staffSchemas,
  operations: [
    defineOperation<StaffAccess>({
      method: 'GET',
      path: STAFF_PATHS.staff,
      head: 'answers',
      openapi: STAFF_DOCS.listStaffDoc,
      // Any token reads the list: a till (a named token) shows it on its PIN pad. PINs and their hashes never leave the server.
      handler: (_event, { registry }): StaffList => registry.list()
    }),
    defineOperation<StaffAccess>({
      method: 'POST',
      path: STAFF_PATHS.staff,
      staff: 'staff',
      body: NEW_STAFF_MEMBER_BODY,
      openapi: STAFF_DOCS.addStaffMemberDoc,
      handler: ownerOnly(async (event, { registry }): Promise<StaffMember> => {
        const input = await readBody(event, NEW_STAFF_MEMBER_BODY, 'staffNotMade')
        const added = await changing(0, () => registry.add(input))
        event.res.status = 201
        return added
      })
    }),
    defineOperation<StaffAccess>({
      method: 'PATCH',
      path: STAFF_PATHS.member,
      staff: 'staff',
      body: STAFF_MEMBER_CHANGES_BODY,
      openapi: STAFF_DOCS.changeStaffMemberDoc,
      handler: ownerOnly(async (event, { registry, sessions }) => {
        const id = memberIdParam(event)
        const changes = await readBody(event, STAFF_MEMBER_CHANGES_BODY, 'staffNotChanged')
        const changed = await changing(id, () => registry.change(id, changes))
        if (changes.pin !== undefined) sessions.endAllOf(id)
        return changed
      })
    }),
    defineOperation<StaffAccess>({
      method: 'DELETE',
      path: STAFF_PATHS.member,
      staff: 'staff',
      openapi: STAFF_DOCS.removeStaffMemberDoc,
      handler: ownerOnly(async (event, { registry, sessions }) => {
        const id = memberIdParam(event)
        await changing(id, () => registry.remove(id))
        sessions.endAllOf(id)
        event.res.status = 204
        return null
      })
    }),
    defineOperation<StaffAccess>({
      method: 'POST',
      path: STAFF_PATHS.unlock,
      staff: 'staff',
      openapi: STAFF_DOCS.unlockStaffMemberDoc,
      handler: ownerOnly((event, { registry }) => {
        const id = memberIdParam(event)
        return changing(id, () => registry.unlock(id))
      })
    }),
    defineOperation<StaffAccess>({
      method: 'PUT',
      path: STAFF_PATHS.settings,
      staff: 'staff',
      body: STAFF_SETTINGS_BODY,
      openapi: STAFF_DOCS.setStaffLockTimeDoc,
      handler: ownerOnly(async (event, { registry }) =>
        registry.setLockAfter((await readBody(event, STAFF_SETTINGS_BODY, 'staffSettingsNotSaved')).lockAfterMinutes)
      )
    }),
    defineOperation<StaffAccess>({
      method: 'POST',
      path: STAFF_PATHS.sessions,
      staff: 'sign-in',
      body: STAFF_SIGN_IN_BODY,
      openapi: STAFF_DOCS.startStaffSessionDoc,
      handler: (event, access) => signIn(event, access)
    }),
    defineOperation<StaffAccess>({
      method: 'DELETE',
      path: STAFF_PATHS.sessions,
      staff: 'sign-in',
      openapi: STAFF_DOCS.endStaffSessionDoc,
      handler(event, { sessions }) {
        const session = sessionOf(event)
        if (session !== undefined) sessions.end(session)
        event.res.status = 204
        return null
      }
    })
  ]
})
