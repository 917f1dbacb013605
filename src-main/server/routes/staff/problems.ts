/** Rows of the problem table for staff members, their PINs and sessions, and what a role may not do. */
import { API_BASE } from '#shared/api-paths'
import { asCents, plainCentsText } from '#shared/money'
import { PROBLEM_TYPES } from '#shared/problem'
import { PIN_ATTEMPTS_MAX, STAFF_PATHS, STAFF_SESSION_HEADER, refusalWords, type StaffAction, type StaffMember } from '#shared/staff'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

const SIGN_IN = `sign in with a PIN (POST ${API_BASE}${STAFF_PATHS.sessions}) and send the session in ${STAFF_SESSION_HEADER}`
const cents = (amount: number) => plainCentsText(asCents(amount))

export const STAFF_PROBLEMS = {
  staffNotMade: fieldErrorsRow('The member was not added'),
  staffNotChanged: fieldErrorsRow('The member was not changed'),
  staffSettingsNotSaved: fieldErrorsRow('The staff settings were not saved'),
  signInRefused: fieldErrorsRow('Not signed in'),
  staffNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Staff member not found',
    status: 404,
    detail: (id: number) => `There is no staff member ${id}; ${API_BASE}${STAFF_PATHS.staff} lists them.`
  }),
  staffRule: row({
    type: PROBLEM_TYPES.staffRule,
    title: 'Staff not changed',
    status: 409,
    detail: (message: string) => `Nothing was changed: ${message}.`
  }),
  wrongPin: row({
    type: PROBLEM_TYPES.wrongPin,
    title: 'Wrong PIN',
    status: 403,
    detail: (name: string, attemptsLeft: number) =>
      `That is not ${name}'s PIN; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left before ${name} is locked out ` +
      `(after ${PIN_ATTEMPTS_MAX} wrong PINs in a row the owner must unlock them).`,
    members: (_name: string, attemptsLeft: number) => ({ attemptsLeft })
  }),
  staffLockedOut: row({
    type: PROBLEM_TYPES.staffLockedOut,
    title: 'Locked out',
    status: 423,
    detail: (name: string) => `${name} is locked out after ${PIN_ATTEMPTS_MAX} wrong PINs in a row; the owner can unlock them in Settings → Staff.`
  }),
  staffSessionNeeded: row({
    type: PROBLEM_TYPES.staffSessionNeeded,
    title: 'Who is selling?',
    status: 403,
    detail: (ended: boolean) =>
      (ended
        ? 'The staff session ended (the till locked after its idle time, or the member was removed or given a new PIN)'
        : 'Staff members are set up, so every change needs the member at the till') + `: ${SIGN_IN}. Nothing was changed.`
  }),
  staffNotAllowed: row({
    type: PROBLEM_TYPES.staffNotAllowed,
    title: 'Not allowed for this role',
    status: 403,
    detail: (action: StaffAction, member: StaffMember) =>
      `${refusalWords(action)}; ${member.name} is signed in as ${member.role}. Nothing was changed.`
  }),
  refundOverLimit: row({
    type: PROBLEM_TYPES.staffNotAllowed,
    title: 'Over the refund limit',
    status: 403,
    detail: (amountCents: number, member: StaffMember, ofSale = false) =>
      `${ofSale ? 'The refunds of this sale would come to' : 'A refund of'} ${cents(amountCents)}, over ${member.name}'s refund limit of ${cents(member.refundLimitCents ?? 0)}; ` +
      'a manager or the owner can give it. Nothing was changed.'
  })
}
