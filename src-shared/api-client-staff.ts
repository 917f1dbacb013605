/**
 * The typed client's staff methods (extensions): the owner's list of members, adding, changing, removing and
 * unlocking them and the lock time; and signing a member in at the till and out again. Once signed in, the
 * client sends the member's session with every request ({@link STAFF_SESSION_HEADER}) until signed out.
 */
import { jsonOf, type SendRequest } from './api-request'
import { STAFF_PATHS, STAFF_SESSION_HEADER, type StaffList, type StaffMember, type StaffMemberInput, type StaffSession } from './staff'

/** The staff operations. */
export interface StaffApi {
  listStaff(): Promise<StaffList>
  addStaffMember(member: StaffMemberInput): Promise<StaffMember>
  changeStaffMember(id: number, changes: Partial<StaffMemberInput>): Promise<StaffMember>
  removeStaffMember(id: number): Promise<void>
  unlockStaffMember(id: number): Promise<StaffMember>
  setStaffLockTime(lockAfterMinutes: number): Promise<StaffList>
  /** Signs the member in with their PIN; the client then sends their session with every request. */
  signInStaff(member: number, pin: string): Promise<StaffSession>
  /** Ends the session the client sends, and stops sending it. */
  signOutStaff(): Promise<void>
}

/** Where the client keeps the session it sends (the request function reads it for every request). */
export interface StaffSessionHolder {
  session: string | undefined
}

const memberPath = (path: string, id: number) => path.replace('{id}', String(id))

/** The staff operations over `send`; a session signed in is kept in `holder`. */
export function staffApi(send: SendRequest, holder: StaffSessionHolder): StaffApi {
  return {
    listStaff: () => jsonOf<StaffList>(send('GET', STAFF_PATHS.staff)),
    addStaffMember: (member) => jsonOf<StaffMember>(send('POST', STAFF_PATHS.staff, member)),
    changeStaffMember: (id, changes) => jsonOf<StaffMember>(send('PATCH', memberPath(STAFF_PATHS.member, id), changes)),
    removeStaffMember: async (id) => {
      await send('DELETE', memberPath(STAFF_PATHS.member, id))
    },
    unlockStaffMember: (id) => jsonOf<StaffMember>(send('POST', memberPath(STAFF_PATHS.unlock, id))),
    setStaffLockTime: (lockAfterMinutes) => jsonOf<StaffList>(send('PUT', STAFF_PATHS.settings, { lockAfterMinutes })),
    signInStaff: async (member, pin) => {
      const signedIn = await jsonOf<StaffSession>(send('POST', STAFF_PATHS.sessions, { member, pin }))
      holder.session = signedIn.session
      return signedIn
    },
    signOutStaff: async () => {
      if (holder.session === undefined) return
      // Forgotten here first: even when the server cannot be told, this till no longer acts as the member.
      const session = holder.session
      holder.session = undefined
      await send('DELETE', STAFF_PATHS.sessions, undefined, {}, { [STAFF_SESSION_HEADER]: session }).catch(() => undefined)
    }
  }
}
