/**
 * The staff a running server knows: staff.json held in memory (the server is its only writer), changed
 * through {@link changeStaff}. PIN checks run one at a time, so guesses sent side by side still count one by
 * one against the {@link PIN_ATTEMPTS_MAX} wrong PINs that lock a member out.
 */
import { PIN_ATTEMPTS_MAX, type StaffList, type StaffMember, type StaffMemberInput } from '#shared/staff'
import { looksAlike } from './name-skeleton'
import { hashPin, pinMatches } from './pin-hash'
import { changeStaff, readStaff, type StaffData, type StoredMember } from './staff-file'
import { AppError } from '#shared/app-error'

/** A change refused because it would leave the shop without an owner who can manage staff. */
export class StaffRuleError extends AppError {
  constructor(message: string) {
    super(message, { problemName: 'staffRule' })
    this.name = 'StaffRuleError'
  }
}

/**
 * Refuses a name another member has or one that looks like it (whatever its case, width or alphabet): receipts,
 * history and the reports' takings per member name the member, so two "Anna"s would be counted as one.
 */
function refuseNameInUse(data: StaffData, name: string, exceptId?: number): void {
  const holder = data.members.find((member) => member.id !== exceptId && looksAlike(member.name, name))
  if (holder) throw new StaffRuleError(`"${holder.name}" is already a member's name; give this member another (such as "${name} B.")`)
}

/** The outcome of a PIN. */
export type SignIn =
  | { ok: true; member: StaffMember }
  | { ok: false; why: 'unknown' }
  | { ok: false; why: 'locked'; member: StaffMember }
  | { ok: false; why: 'wrong-pin'; attemptsLeft: number; member: StaffMember }

/** A member as listed: without the PIN or the count of wrong PINs. */
export function listedMember(stored: StoredMember): StaffMember {
  const { id, name, role, refundLimitCents } = stored
  return { id, name, role, ...(refundLimitCents === undefined ? {} : { refundLimitCents }), locked: stored.lockedAt !== undefined }
}

function owners(data: StaffData): number {
  return data.members.filter((member) => member.role === 'owner').length
}

/** Staff for a server on one data folder. */
export class StaffRegistry {
  readonly #dir: string
  readonly #now: () => Date
  #data: StaffData
  #pinChecks: Promise<unknown> = Promise.resolve()

  private constructor(dir: string, data: StaffData, now: () => Date) {
    this.#dir = dir
    this.#data = data
    this.#now = now
  }

  /** Loads the staff of `dir` (none when it has no staff.json). */
  static async open(dir: string, now: () => Date = () => new Date()): Promise<StaffRegistry> {
    return new StaffRegistry(dir, await readStaff(dir), now)
  }

  /** True once any member exists: from then on the UI's writes need a member's session. */
  get active(): boolean {
    return this.#data.members.length > 0
  }

  get lockAfterMinutes(): number {
    return this.#data.lockAfterMinutes
  }

  list(): StaffList {
    return { members: this.#data.members.map(listedMember), lockAfterMinutes: this.#data.lockAfterMinutes }
  }

  /** The member `id` as listed, or undefined. */
  member(id: number): StaffMember | undefined {
    const stored = this.#data.members.find((member) => member.id === id)
    return stored && listedMember(stored)
  }

  async #change<T>(change: (data: StaffData) => T): Promise<T> {
    const { data, result } = await changeStaff(this.#dir, change)
    this.#data = data
    return result
  }

  /** Adds a member; the first must be an owner, so that someone can still manage staff once PINs are asked for. */
  async add(input: StaffMemberInput): Promise<StaffMember> {
    const pin = await hashPin(input.pin)
    return this.#change((data) => {
      if (data.members.length === 0 && input.role !== 'owner') {
        throw new StaffRuleError(
          'the first member must be the owner (with a PIN of their own), so that someone can manage staff once PINs are asked for'
        )
      }
      refuseNameInUse(data, input.name)
      const stored: StoredMember = { id: data.nextId++, name: input.name, role: input.role, pin, failedAttempts: 0 }
      if (input.refundLimitCents !== undefined) stored.refundLimitCents = input.refundLimitCents
      data.members.push(stored)
      return listedMember(stored)
    })
  }

  /** Changes a member's name, role, PIN or refund limit; undefined when there is no such member. */
  async change(id: number, changes: Partial<StaffMemberInput>): Promise<StaffMember | undefined> {
    const pin = changes.pin === undefined ? undefined : await hashPin(changes.pin)
    return this.#change((data) => {
      const stored = data.members.find((member) => member.id === id)
      if (!stored) return undefined
      if (changes.role !== undefined && changes.role !== 'owner' && stored.role === 'owner' && owners(data) === 1) {
        throw new StaffRuleError(`"${stored.name}" is the only owner; make another member the owner first`)
      }
      if (changes.name !== undefined) refuseNameInUse(data, changes.name, id)
      if (changes.name !== undefined) stored.name = changes.name
      if (changes.role !== undefined) stored.role = changes.role
      if (changes.refundLimitCents !== undefined) stored.refundLimitCents = changes.refundLimitCents
      if (pin) Object.assign(stored, { pin, failedAttempts: 0, lockedAt: undefined })
      return listedMember(stored)
    })
  }

  /** Removes a member; false when there is no such member. The last owner stays while others remain. */
  remove(id: number): Promise<boolean> {
    return this.#change((data) => {
      const stored = data.members.find((member) => member.id === id)
      if (!stored) return false
      if (stored.role === 'owner' && owners(data) === 1 && data.members.length > 1) {
        throw new StaffRuleError(`"${stored.name}" is the only owner; remove the other members first, or make another member the owner`)
      }
      data.members = data.members.filter((member) => member !== stored)
      return true
    })
  }

  /** Lets a locked-out member try their PIN again; undefined when there is no such member. */
  unlock(id: number): Promise<StaffMember | undefined> {
    return this.#change((data) => {
      const stored = data.members.find((member) => member.id === id)
      if (stored) Object.assign(stored, { failedAttempts: 0, lockedAt: undefined })
      return stored && listedMember(stored)
    })
  }

  async setLockAfter(minutes: number): Promise<StaffList> {
    await this.#change((data) => {
      data.lockAfterMinutes = minutes
    })
    return this.list()
  }

  /** Checks `pin` for member `id`, counting a wrong one (locking the member out at the limit). */
  signIn(id: number, pin: string): Promise<SignIn> {
    const run = this.#pinChecks.then(() => this.#signInAlone(id, pin))
    this.#pinChecks = run.catch(() => undefined)
    return run
  }

  async #signInAlone(id: number, pin: string): Promise<SignIn> {
    const stored = this.#data.members.find((member) => member.id === id)
    if (!stored) return { ok: false, why: 'unknown' }
    if (stored.lockedAt !== undefined) return { ok: false, why: 'locked', member: listedMember(stored) }
    const right = await pinMatches(pin, stored.pin)
    if (right && stored.failedAttempts === 0) return { ok: true, member: listedMember(stored) }
    const now = this.#now().toISOString()
    const after = await this.#change((data) => {
      const member = data.members.find((candidate) => candidate.id === id)
      if (!member) return undefined
      member.failedAttempts = right ? 0 : member.failedAttempts + 1
      if (member.failedAttempts >= PIN_ATTEMPTS_MAX) member.lockedAt = now
      return member
    })
    if (!after) return { ok: false, why: 'unknown' }
    if (right) return { ok: true, member: listedMember(after) }
    if (after.lockedAt !== undefined) return { ok: false, why: 'locked', member: listedMember(after) }
    return { ok: false, why: 'wrong-pin', attemptsLeft: PIN_ATTEMPTS_MAX - after.failedAttempts, member: listedMember(after) }
  }
}
