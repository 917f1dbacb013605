/** The OpenAPI objects of the staff operations (resource.ts declares each with its path and method), and the schemas they own. */
import { componentsOf } from '#shared/body-rules'
import {
  LOCK_MINUTES_MAX,
  NEW_STAFF_MEMBER_BODY,
  STAFF_MEMBER_CHANGES_BODY,
  STAFF_NAME_MAX,
  STAFF_ROLES,
  STAFF_SETTINGS_BODY,
  STAFF_SIGN_IN_BODY
} from '#shared/staff'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse, ref } from '#server/openapi/parts'

const OWNER_ONLY = ownerOnlyResponse(
  "Only the owner's token may manage staff (a named token gets 403); once staff are set up, only with the session of a member whose role is owner."
)
const MEMBER_ID = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }
const NOT_FOUND = problemResponse('No staff member has this id.')
const LAST_OWNER = problemResponse('The change would leave no owner: the first member must be the owner, and the only owner stays one.')
const MEMBER = { description: 'The member.', content: json(ref('StaffMember')) }
const LIST = { description: 'The members and the lock time.', content: json(ref('StaffList')) }

const listStaffDoc = extensionOperation({
  operationId: 'list-staff',
  summary: 'The staff members, without their PINs, and the lock time (extension; any token: a till shows them on its PIN pad)',
  responses: { '200': LIST }
})

const addStaffMemberDoc = extensionOperation({
  operationId: 'add-staff-member',
  summary: 'Add a staff member with a role and a PIN (extension; owner only); the first must be the owner',
  requestBody: jsonBody(NEW_STAFF_MEMBER_BODY),
  responses: {
    '201': MEMBER,
    '400': problemResponse('A field is not valid (the name, the role, a PIN of 4 to 8 digits, the refund limit in cents).'),
    '403': OWNER_ONLY,
    '409': LAST_OWNER,
    ...JSON_BODY_RESPONSES
  }
})

const changeStaffMemberDoc = extensionOperation({
  operationId: 'change-staff-member',
  summary: "Change a member's name, role, PIN or refund limit (extension; owner only); a new PIN ends their sessions and unlocks them",
  parameters: [MEMBER_ID],
  requestBody: jsonBody(STAFF_MEMBER_CHANGES_BODY),
  responses: {
    '200': MEMBER,
    '400': problemResponse('A field is not valid.'),
    '403': OWNER_ONLY,
    '404': NOT_FOUND,
    '409': LAST_OWNER,
    ...JSON_BODY_RESPONSES
  }
})

const removeStaffMemberDoc = extensionOperation({
  operationId: 'remove-staff-member',
  summary: 'Remove a staff member and end their sessions (extension; owner only)',
  parameters: [MEMBER_ID],
  responses: { '204': { description: 'Removed.' }, '403': OWNER_ONLY, '404': NOT_FOUND, '409': LAST_OWNER }
})

const unlockStaffMemberDoc = extensionOperation({
  operationId: 'unlock-staff-member',
  summary: 'Let a member locked out after too many wrong PINs try again (extension; owner only)',
  parameters: [MEMBER_ID],
  responses: { '200': MEMBER, '403': OWNER_ONLY, '404': NOT_FOUND }
})

const setStaffLockTimeDoc = extensionOperation({
  operationId: 'set-staff-lock-time',
  summary: 'Set the minutes without use after which the till asks "Who is selling?" again (extension; owner only)',
  requestBody: jsonBody(STAFF_SETTINGS_BODY),
  responses: {
    '200': LIST,
    '400': problemResponse(`lockAfterMinutes is not a whole number from 1 to ${LOCK_MINUTES_MAX}.`),
    '403': OWNER_ONLY,
    ...JSON_BODY_RESPONSES
  }
})

const startStaffSessionDoc = extensionOperation({
  operationId: 'start-staff-session',
  summary: "Sign in a member at the till with their PIN (extension); send the answer's session in X-Plant-Store-Staff",
  requestBody: jsonBody(STAFF_SIGN_IN_BODY),
  responses: {
    '201': { description: 'Signed in.', content: json(ref('StaffSession')) },
    '400': problemResponse('The member is not an id, or the PIN is not 4 to 8 digits.'),
    '403': problemResponse('A wrong PIN: attemptsLeft says how many tries are left before the member is locked out.'),
    '404': NOT_FOUND,
    '423': problemResponse('The member is locked out after 5 wrong PINs in a row; the owner unlocks them.'),
    ...JSON_BODY_RESPONSES
  }
})

const endStaffSessionDoc = extensionOperation({
  operationId: 'end-staff-session',
  summary: 'Sign out the member whose session is in X-Plant-Store-Staff (extension)',
  responses: { '204': { description: 'Signed out (also when the session had already ended).' } }
})

/** The staff operations' OpenAPI objects, by operation (resource.ts declares each with its path and method). */
export const STAFF_DOCS = {
  listStaffDoc,
  addStaffMemberDoc,
  changeStaffMemberDoc,
  removeStaffMemberDoc,
  unlockStaffMemberDoc,
  setStaffLockTimeDoc,
  startStaffSessionDoc,
  endStaffSessionDoc
}

const MEMBER_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'role', 'locked'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string', maxLength: STAFF_NAME_MAX },
    role: { type: 'string', enum: [...STAFF_ROLES] },
    refundLimitCents: { type: 'integer', minimum: 0 },
    locked: { type: 'boolean', description: 'True after 5 wrong PINs in a row, until the owner unlocks the member.' }
  }
}

export const staffSchemas = {
  ...componentsOf(NEW_STAFF_MEMBER_BODY, STAFF_MEMBER_CHANGES_BODY, STAFF_SETTINGS_BODY, STAFF_SIGN_IN_BODY),
  StaffMember: MEMBER_SCHEMA,
  StaffList: {
    type: 'object',
    required: ['members', 'lockAfterMinutes'],
    properties: { members: { type: 'array', items: ref('StaffMember') }, lockAfterMinutes: { type: 'integer', minimum: 1 } }
  },
  StaffSession: {
    type: 'object',
    required: ['session', 'member', 'lockAfterMinutes'],
    properties: { session: { type: 'string' }, member: ref('StaffMember'), lockAfterMinutes: { type: 'integer', minimum: 1 } }
  }
}
