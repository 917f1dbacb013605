/**
 * The member at the till. Once the owner has set up staff, the window asks "Who is selling?" and sends the
 * member's session with every change; what the member may do comes from the permissions table the server
 * checks too (src-shared/staff.ts), so a button can say why before the server would refuse. The till locks
 * itself after the owner's lock time without a touch or a key.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { ApiError } from '#shared/api-client'
import { refusalWords, roleMay, type StaffAction, type StaffMember, type StaffMemberInput } from '#shared/staff'
import { api } from '#renderer/api'

export const useStaffStore = defineStore('staff', () => {
  const members = ref<StaffMember[]>([])
  const lockAfterMinutes = ref(5)
  const current = ref<StaffMember | null>(null)
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  /** True once the owner has set up staff: from then on someone must be signed in. */
  const active = computed(() => members.value.length > 0)
  /** True while the window waits for "Who is selling?". */
  const locked = computed(() => active.value && current.value === null)

  async function load(): Promise<void> {
    try {
      const list = await api().listStaff()
      members.value = list.members
      lockAfterMinutes.value = list.lockAfterMinutes
    } catch (error) {
      // A window opened with a named token is no till: it has no staff to choose from.
      if (!(error instanceof ApiError && error.status === 403)) throw error
    }
  }

  function clearTimer(): void {
    if (idleTimer !== undefined) clearTimeout(idleTimer)
    idleTimer = undefined
  }

  /** A touch or a key at the till: the lock time starts again. */
  function touch(): void {
    if (current.value === null) return
    clearTimer()
    idleTimer = setTimeout(() => void lock(), lockAfterMinutes.value * 60_000)
  }

  /** Signs `member` in with `pin`; rethrows the ApiError (a wrong PIN says how many tries are left). */
  async function signIn(member: number, pin: string): Promise<void> {
    const signedIn = await api().signInStaff(member, pin)
    current.value = signedIn.member
    lockAfterMinutes.value = signedIn.lockAfterMinutes
    touch()
  }

  /** Signs the member out: the window asks "Who is selling?" again. */
  async function lock(): Promise<void> {
    clearTimer()
    current.value = null
    await api().signOutStaff()
    await load().catch(() => undefined) // a member locked out meanwhile shows as such
  }

  /** The server no longer knows the session: ask "Who is selling?" again (the session is gone, nothing to sign out). */
  function forget(): void {
    clearTimer()
    current.value = null
  }

  /** True when the member at the till may do `action` (anyone may while no staff are set up). */
  function may(action: StaffAction): boolean {
    if (!active.value) return true
    return current.value !== null && roleMay(current.value.role, action)
  }

  /** Why the member at the till may not do `action` ("Only a manager or the owner can change prices"), or undefined. */
  function reasonNot(action: StaffAction): string | undefined {
    return may(action) ? undefined : refusalWords(action)
  }

  /** The owner's changes (Settings → Staff): each reloads the list; each rethrows the ApiError for the form. */
  const admin = {
    async add(member: StaffMemberInput): Promise<void> {
      await api().addStaffMember(member)
      await load()
    },
    async change(id: number, changes: Partial<StaffMemberInput>): Promise<void> {
      await api().changeStaffMember(id, changes)
      await load()
    },
    async remove(id: number): Promise<void> {
      await api().removeStaffMember(id)
      await load()
    },
    async unlock(id: number): Promise<void> {
      await api().unlockStaffMember(id)
      await load()
    },
    async setLockTime(minutes: number): Promise<void> {
      lockAfterMinutes.value = (await api().setStaffLockTime(minutes)).lockAfterMinutes
      touch()
    }
  }

  /** True when this window may manage staff: no staff yet (the owner sets them up), or the owner is signed in. */
  const managesStaff = computed(() => may('staff'))

  return { members, lockAfterMinutes, current, active, locked, managesStaff, admin, load, touch, signIn, lock, forget, may, reasonNot }
})
