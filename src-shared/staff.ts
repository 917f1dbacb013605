/**
 * Staff at the till: members with a role and a PIN, and the one table of what
 * each role may do. The server checks every write against this table and the
 * UI reads the same table to grey out and explain what the member at the till
 * may not do, so the two never disagree.
 */
import { leafOf, named, objectOf, oneOfValues, type Rule } from './body-rules'
import { PRICE_MAX_CENTS } from './money'
import { PLANT_LIMITS, textField } from './plant-schema'

/** Paths of the staff extensions, relative to API_BASE. */
export const STAFF_PATHS = {
  staff: '/staff',
  member: '/staff/{id}',
  unlock: '/staff/{id}/unlock',
  settings: '/staff/settings',
  sessions: '/staff/sessions'
} as const

/** Request header the UI sends beside its token: the session of the member at the till. */
export const STAFF_SESSION_HEADER = 'x-plant-store-staff'

/** The roles, most trusted first. */
export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const

export type StaffRole = (typeof STAFF_ROLES)[number]

/** What a role may do: one word per kind of write (and printing labels, which only the UI does). */
export const STAFF_ACTIONS = [
  'sell',
  'refund',
  'receive-stock',
  'print-labels',
  'add-plants',
  'edit-plants',
  'change-prices',
  'write-off-stock',
  'delete-plants',
  'import',
  'settings',
  'close-day',
  'backups',
  'tokens',
  'other-tills',
  'staff'
] as const

export type StaffAction = (typeof STAFF_ACTIONS)[number]

const ALL: readonly StaffRole[] = ['owner', 'manager', 'staff']
const MANAGERS: readonly StaffRole[] = ['owner', 'manager']
const OWNER: readonly StaffRole[] = ['owner']

/** The permissions table: action → the roles that may do it (the defaults docs/security.md describes). */
export const STAFF_PERMISSIONS: Readonly<Record<StaffAction, readonly StaffRole[]>> = {
  sell: ALL,
  refund: ALL, // staff up to their refund limit
  'receive-stock': ALL,
  'print-labels': ALL,
  'add-plants': ALL,
  'edit-plants': ALL, // name, category, tags, status: not the price
  'change-prices': MANAGERS,
  'write-off-stock': MANAGERS,
  'delete-plants': MANAGERS,
  import: MANAGERS,
  settings: MANAGERS,
  'close-day': MANAGERS,
  backups: OWNER,
  tokens: OWNER,
  'other-tills': OWNER, // letting other computers in: a paired till gets its own token
  staff: OWNER
}

/** How each action is named in a sentence: "Only a manager or the owner can change prices". */
const ACTION_WORDS: Record<StaffAction, string> = {
  sell: 'sell',
  refund: 'refund',
  'receive-stock': 'receive or count stock',
  'print-labels': 'print labels',
  'add-plants': 'add plants',
  'edit-plants': 'edit plants',
  'change-prices': 'change prices',
  'write-off-stock': 'write off stock',
  'delete-plants': 'delete or restore plants',
  import: 'import files',
  settings: 'change the settings',
  'close-day': 'close the day',
  backups: 'make or restore backups',
  tokens: 'manage tokens',
  'other-tills': 'let other tills connect or pair them',
  staff: 'manage staff'
}

const ROLE_WORDS: Record<StaffRole, string> = { owner: 'the owner', manager: 'a manager', staff: 'a staff member' }

/** True when `role` may do `action`. */
export function roleMay(role: StaffRole, action: StaffAction): boolean {
  return STAFF_PERMISSIONS[action].includes(role)
}

/** The reason a role is refused `action`, in words: "Only a manager or the owner can change prices". */
export function refusalWords(action: StaffAction): string {
  const roles = [...STAFF_PERMISSIONS[action]].reverse().map((role) => ROLE_WORDS[role])
  const who = roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)!}` : roles[0]!
  return `Only ${who} can ${ACTION_WORDS[action]}`
}

/** A member as the API lists it: never the PIN. */
export interface StaffMember {
  id: number
  name: string
  role: StaffRole
  /** Staff only: the most one refund may give back, in cents; none when absent. */
  refundLimitCents?: number
  /** True after too many wrong PINs, until the owner unlocks the member. */
  locked: boolean
}

/** GET /v3/staff. */
export interface StaffList {
  members: StaffMember[]
  /** Minutes without a touch after which the till asks "Who is selling?" again. */
  lockAfterMinutes: number
}

/** POST /v3/staff/sessions answers with the session to send in {@link STAFF_SESSION_HEADER}. */
export interface StaffSession {
  session: string
  member: StaffMember
  lockAfterMinutes: number
}

/** Wrong PINs in a row after which a member is locked out until the owner unlocks them. */
export const PIN_ATTEMPTS_MAX = 5
/** Longest member name (as a plant's name). */
export const STAFF_NAME_MAX = PLANT_LIMITS.textMaxLength
export const LOCK_MINUTES_DEFAULT = 5
export const LOCK_MINUTES_MAX = 240

/** A PIN: 4 to 8 digits (0–9 only; the pad and the server read it alike). */
export const PIN_PATTERN = /^[0-9]{4,8}$/

/** A member's name in a body (the text rules of every name). */
export const STAFF_NAME = textField('What the till and the history call the member, e.g. Anna.')

const PIN = leafOf<string>((value) => (typeof value === 'string' && PIN_PATTERN.test(value) ? undefined : 'a PIN is 4 to 8 digits, sent as text'), {
  type: 'string',
  pattern: PIN_PATTERN.source,
  description: '4 to 8 digits, as text (a leading 0 counts).'
})

const ROLE = oneOfValues(STAFF_ROLES, (shown) => `role must be "owner", "manager" or "staff"; got ${shown}`)

const wholeNumber = (min: number, max: number, words: string) =>
  leafOf<number>((value) => (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : words), {
    type: 'integer',
    minimum: min,
    maximum: max
  })

const REFUND_LIMIT = wholeNumber(0, PRICE_MAX_CENTS, `refundLimitCents is a whole number of cents from 0 to ${PRICE_MAX_CENTS}`)

const memberFields = { name: STAFF_NAME, role: ROLE, pin: PIN, refundLimitCents: REFUND_LIMIT }

/** A member's fields in a body. */
export interface StaffMemberInput {
  name: string
  role: StaffRole
  pin: string
  refundLimitCents?: number
}

const unknownMemberKey = (key: string) => `unknown field "${key}"; send {"name", "role", "pin", "refundLimitCents"}`

/** The body of POST /v3/staff. */
export const NEW_STAFF_MEMBER_BODY: Rule<StaffMemberInput> = named(
  'NewStaffMember',
  objectOf<StaffMemberInput>(memberFields, {
    required: ['name', 'role', 'pin'],
    notAnObject: 'send a JSON object such as {"name": "Anna", "role": "staff", "pin": "4711"}',
    unknownKey: unknownMemberKey
  })
)

/** The body of PATCH /v3/staff/{id}: any of the fields. */
export const STAFF_MEMBER_CHANGES_BODY: Rule<Partial<StaffMemberInput>> = named(
  'StaffMemberChanges',
  objectOf<Partial<StaffMemberInput>>(memberFields, {
    notAnObject: 'send a JSON object with the fields to change, such as {"role": "manager"}',
    unknownKey: unknownMemberKey
  })
)

/** The body of PUT /v3/staff/settings. */
export const STAFF_SETTINGS_BODY: Rule<{ lockAfterMinutes: number }> = named(
  'StaffSettings',
  objectOf<{ lockAfterMinutes: number }>(
    { lockAfterMinutes: wholeNumber(1, LOCK_MINUTES_MAX, `lockAfterMinutes is a whole number of minutes from 1 to ${LOCK_MINUTES_MAX}`) },
    {
      required: ['lockAfterMinutes'],
      notAnObject: 'send a JSON object such as {"lockAfterMinutes": 5}',
      unknownKey: (key) => `unknown field "${key}"`
    }
  )
)

/** The body of POST /v3/staff/sessions. */
export const STAFF_SIGN_IN_BODY: Rule<{ member: number; pin: string }> = named(
  'StaffSignIn',
  objectOf<{ member: number; pin: string }>(
    { member: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'member is the id of a staff member (a whole number)'), pin: PIN },
    {
      required: ['member', 'pin'],
      notAnObject: 'send a JSON object such as {"member": 2, "pin": "4711"}',
      unknownKey: (key) => `unknown field "${key}"`
    }
  )
)
