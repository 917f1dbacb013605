/**
 * DATA/staff.json (mode 0600): the members with their roles and PIN hashes, their wrong PINs in a row
 * (kept on disk so that a restart does not give a guesser five more tries) and the lock time. Changed as a
 * read-modify-write under its short lock and replaced atomically, like tokens.json.
 */
import path from 'node:path'
import { checkDataFolder } from '#store'
import { replaceFile } from '#lib/durable-file'
import { withFileLock } from '#lib/file-lock'
import { readTextIfPresent } from '#lib/fs-errors'
import { LOCK_MINUTES_DEFAULT, STAFF_ROLES, type StaffRole } from '#shared/staff'
import { pinHashProblem, type PinHash } from './pin-hash'
import { AppError } from '#shared/app-error'

export const STAFF_FILE_NAME = 'staff.json'

/** A member as the file keeps it. */
export interface StoredMember {
  id: number
  name: string
  role: StaffRole
  refundLimitCents?: number
  pin: PinHash
  /** Wrong PINs since the last right one. */
  failedAttempts: number
  /** When the member was locked out (ISO 8601); absent while they may sign in. */
  lockedAt?: string
}

/** The whole file. */
export interface StaffData {
  lockAfterMinutes: number
  nextId: number
  members: StoredMember[]
}

export const EMPTY_STAFF: StaffData = { lockAfterMinutes: LOCK_MINUTES_DEFAULT, nextId: 1, members: [] }

/** staff.json cannot be used; `problem` says why. */
export class StaffFileError extends AppError {
  constructor(
    readonly file: string,
    readonly problem: string
  ) {
    super(`${file}: ${problem}; fix it, or delete it to remove every staff member (the owner's token then works alone, as before staff)`)
    this.name = 'StaffFileError'
  }
}

export function staffFile(dir: string): string {
  return path.join(dir, STAFF_FILE_NAME)
}

function memberProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'a member is not an object'
  const member = value as Record<string, unknown>
  if (!Number.isSafeInteger(member.id)) return 'a member has no id'
  if (typeof member.name !== 'string' || member.name === '') return `member ${String(member.id)} has no name`
  if (!(STAFF_ROLES as readonly unknown[]).includes(member.role)) return `member "${member.name}" has no valid role`
  if (!Number.isSafeInteger(member.failedAttempts)) return `member "${member.name}" has no count of wrong PINs`
  const pin = pinHashProblem(member.pin)
  return pin && `member "${member.name}" ${pin}`
}

/** The staff of `dir`; none when the file does not exist. Throws StaffFileError for a damaged file. */
export async function readStaff(dir: string): Promise<StaffData> {
  const file = staffFile(dir)
  await checkDataFolder(dir, [STAFF_FILE_NAME]).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  const text = await readTextIfPresent(file)
  if (text === undefined) return structuredClone(EMPTY_STAFF)
  let data: Partial<StaffData>
  try {
    data = JSON.parse(text) as Partial<StaffData>
  } catch {
    throw new StaffFileError(file, 'it is not valid JSON')
  }
  if (!Array.isArray(data.members)) throw new StaffFileError(file, 'it holds no list of members')
  const problem = data.members.map(memberProblem).find((found) => found !== undefined)
  if (problem) throw new StaffFileError(file, problem)
  if (!Number.isSafeInteger(data.nextId) || !Number.isSafeInteger(data.lockAfterMinutes))
    throw new StaffFileError(file, 'its nextId or lockAfterMinutes is missing')
  return data as StaffData
}

/** Changes the file of `dir` under its lock: `change` edits the data read fresh and returns a result (and may throw to write nothing). */
export function changeStaff<T>(dir: string, change: (data: StaffData) => T): Promise<{ data: StaffData; result: T }> {
  const file = staffFile(dir)
  return withFileLock(file, async () => {
    const data = await readStaff(dir)
    const result = change(data)
    await replaceFile(file, `${JSON.stringify(data, null, 2)}\n`)
    return { data, result }
  })
}
