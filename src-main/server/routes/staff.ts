/**
 * Staff members (extension): any token reads the list (the PIN pad shows it); the owner adds, changes, removes
 * and unlocks them and sets the lock time; anyone at the till signs in with a member's PIN and gets a session, and signs out. The checks of
 * every other write against the member's role are security/staff-gate.ts's.
 */
import type { H3, H3Event } from 'h3'
import { validate, type Rule } from '#shared/body-rules'
import {
  NEW_STAFF_MEMBER_BODY,
  STAFF_MEMBER_CHANGES_BODY,
  STAFF_PATHS,
  STAFF_SESSION_HEADER,
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
import type { StaffAccess } from '#server/security/staff-gate'
import { routePattern } from '#server/urls'

export { staffPaths, staffSchemas } from './staff/openapi'

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

/** Registers the staff routes. */
export function registerStaffRoutes(app: H3, access: StaffAccess): void {
  const { registry, sessions } = access
  const ownerRoute = (handler: (event: H3Event) => unknown) => (event: H3Event) => {
    requireOwner(event, 'manage staff')
    return handler(event)
  }
  // Any token reads the list: a till (a named token) shows it on its PIN pad. PINs and their hashes never leave the server.
  const list = (): StaffList => registry.list()
  app.get(routePattern(STAFF_PATHS.staff), list)
  app.on('HEAD', routePattern(STAFF_PATHS.staff), list)
  app.post(
    routePattern(STAFF_PATHS.staff),
    ownerRoute(async (event): Promise<StaffMember> => {
      const input = await readBody(event, NEW_STAFF_MEMBER_BODY, 'staffNotMade')
      const added = await changing(0, () => registry.add(input))
      event.res.status = 201
      return added
    })
  )
  app.patch(
    routePattern(STAFF_PATHS.member),
    ownerRoute(async (event) => {
      const id = memberIdParam(event)
      const changes = await readBody(event, STAFF_MEMBER_CHANGES_BODY, 'staffNotChanged')
      const changed = await changing(id, () => registry.change(id, changes))
      if (changes.pin !== undefined) sessions.endAllOf(id)
      return changed
    })
  )
  app.delete(
    routePattern(STAFF_PATHS.member),
    ownerRoute(async (event) => {
      const id = memberIdParam(event)
      await changing(id, () => registry.remove(id))
      sessions.endAllOf(id)
      event.res.status = 204
      return null
    })
  )
  app.post(
    routePattern(STAFF_PATHS.unlock),
    ownerRoute((event) => {
      const id = memberIdParam(event)
      return changing(id, () => registry.unlock(id))
    })
  )
  app.put(
    routePattern(STAFF_PATHS.settings),
    ownerRoute(async (event) => registry.setLockAfter((await readBody(event, STAFF_SETTINGS_BODY, 'staffSettingsNotSaved')).lockAfterMinutes))
  )
  app.post(routePattern(STAFF_PATHS.sessions), (event) => signIn(event, access))
  app.delete(routePattern(STAFF_PATHS.sessions), (event) => {
    const session = event.req.headers.get(STAFF_SESSION_HEADER)
    if (session !== null) sessions.end(session)
    event.res.status = 204
    return null
  })
}
