/**
 * A data folder with staff: the owner Olga (1), the manager Max (2) and the staff member Anna (3, refunds up to
 * 10.00), all with the PIN 1234 (hashed once per test file: scrypt is slow on purpose), and an app over it.
 */
import { writeFile } from 'node:fs/promises'
import { hashPin, type PinHash } from '#auth/staff/pin-hash'
import { staffFile, type StaffData } from '#auth/staff/staff-file'
import { STAFF_SESSION_HEADER, type StaffRole } from '#shared/staff'
import { createTestApp, type TestApp, type TestAppOptions } from './in-process'
import { makeTempDir } from './temp-dir'

export const TEST_PIN = '1234'
export const MEMBER_IDS: Record<StaffRole, number> = { owner: 1, manager: 2, staff: 3 }
export const MEMBER_NAMES: Record<StaffRole, string> = { owner: 'Olga', manager: 'Max', staff: 'Anna' }

let pin: Promise<PinHash> | undefined

/** Writes staff.json with the three members into `dir`. */
export async function writeTestStaff(dir: string): Promise<void> {
  const hash = await (pin ??= hashPin(TEST_PIN))
  const data: StaffData = {
    lockAfterMinutes: 5,
    nextId: 4,
    members: (['owner', 'manager', 'staff'] as const).map((role) => ({
      id: MEMBER_IDS[role],
      name: MEMBER_NAMES[role],
      role,
      ...(role === 'staff' ? { refundLimitCents: 1000 } : {}),
      pin: hash,
      failedAttempts: 0
    }))
  }
  await writeFile(staffFile(dir), JSON.stringify(data), { mode: 0o600 })
}

/** An app whose data folder has the three members. */
export async function createStaffedApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.dir ?? (await makeTempDir())
  await writeTestStaff(dir)
  return createTestApp({ ...options, dir })
}

/** The header of a session of the member with `role` (started without a PIN check). */
export function sessionOf(app: TestApp, role: StaffRole): Record<string, string> {
  return { [STAFF_SESSION_HEADER]: app.staff.sessions.start(MEMBER_IDS[role]) }
}
