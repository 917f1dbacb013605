/**
 * Staff at the till: once any member is set up, a write made with the owner's token from the UI needs the
 * session of the member at the till (header X-Plant-Store-Staff), and the member's role must allow what the
 * route does (the permissions table of src-shared/staff.ts). A route whose body decides the action (a price
 * in a plant's changes, a stock movement's reason) asks again with {@link requireStaffMay}. Named tokens
 * (scripts) keep their scope and need no member; a paired till's token is a till window, and needs a member's
 * session as the owner's does (but for the sales it made offline). The plant-store command, which reads the owner's
 * token from the data folder, is the owner at this computer. Each write declares its rule beside its route
 * (routes/<resource>/resource.ts); the gate reads it from the matched route's meta.
 */
import type { H3Event, Middleware } from 'h3'
import { STAFF_SESSION_HEADER, roleMay, type StaffAction, type StaffMember } from '#shared/staff'
import { OFFLINE_SALES_PATH } from '#shared/offline-sales'
import type { StaffRegistry } from '#auth/staff/staff-registry'
import type { StaffSessions } from '#auth/staff/staff-sessions'
import { problem } from '#server/problems/problems'
import { routePattern } from '#server/urls'
import type { StaffRuleMeta } from '#server/routes/operation'
import { fromCommandLine } from './actor'

declare module 'h3' {
  interface H3EventContext {
    /** The member at the till, for a write made with their session. */
    staff?: StaffMember
  }
}

/** The staff members and their sessions. */
export interface StaffAccess {
  registry: StaffRegistry
  sessions: StaffSessions
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/**
 * True when `event` must come from a member at the till, with staff set up: the owner's token (not the command line),
 * and a paired till's, which is a till window on another computer. A till's sales made offline come without one: no
 * session could be checked while it could not reach this computer.
 */
function needsStaff(event: H3Event, access: StaffAccess): boolean {
  if (!access.registry.active) return false
  const principal = event.context.principal
  if (principal?.kind === 'till') return event.context.matchedRoute?.route !== OFFLINE_SALES_ROUTE
  if (principal?.scope !== 'owner') return false
  return !fromCommandLine(event)
}

const OFFLINE_SALES_ROUTE = routePattern(OFFLINE_SALES_PATH)

/** The staff session `event` carries (header X-Plant-Store-Staff), undefined when none. */
export function sessionOf(event: H3Event): string | undefined {
  return event.req.headers.get(STAFF_SESSION_HEADER) ?? undefined
}

/** The member whose session `event` carries (undefined when it carries none), or a 403 when that session has ended. */
function memberAtTill(event: H3Event, access: StaffAccess): StaffMember | undefined {
  const session = sessionOf(event)
  if (session === undefined || session === '' || !access.registry.active) return undefined
  const id = access.sessions.use(session)
  const member = id === undefined ? undefined : access.registry.member(id)
  if (!member) throw problem('staffSessionNeeded', true)
  return member
}

/**
 * Middleware: the staff check of every write under /v3 (after the token check). A session sent with any token
 * (the owner's, or a till's) names the member and holds them to their role; the owner's UI token must send one.
 */
export function requireStaffSession(access: StaffAccess): Middleware {
  return (event, next) => {
    if (READ_METHODS.has(event.req.method)) return next()
    // The rule the write declares beside its route (routes/<resource>/resource.ts), carried in the route's meta.
    const rules = (event.context.matchedRoute?.meta as Partial<StaffRuleMeta> | undefined)?.staffRules
    const action = rules?.[event.req.method]
    if (action === 'sign-in' || action === undefined) return next() // unknown routes answer 404/405 on their own
    const member = memberAtTill(event, access)
    if (!member) {
      if (needsStaff(event, access)) throw problem('staffSessionNeeded', false)
      return next()
    }
    event.context.staff = member
    if (action !== 'decided-by-body') requireStaffMay(event, action)
    return next()
  }
}

/** Refuses (403, in words) when the member at the till may not do `action`; passes when no member is at the till. */
export function requireStaffMay(event: H3Event, action: StaffAction): void {
  const member = event.context.staff
  if (member && !roleMay(member.role, action)) throw problem('staffNotAllowed', action, member)
}

/** The most one refund by the member at the till may give back (cents): a staff member's limit; none for the others. */
export function refundLimitOf(event: H3Event): number | undefined {
  const member = event.context.staff
  return member?.role === 'staff' ? member.refundLimitCents : undefined
}

/** Refuses a refund of `amountCents` over the limit of the staff member at the till (managers and the owner have none). */
export function requireRefundWithinLimit(event: H3Event, amountCents: number): void {
  const limit = refundLimitOf(event)
  if (limit !== undefined && amountCents > limit) throw problem('refundOverLimit', amountCents, event.context.staff!)
}
