/** The staff of a data folder and the sessions of the members at the till, as a server needs them. */
import { StaffRegistry } from './staff-registry'
import { StaffSessions } from './staff-sessions'

/** Opens the staff of `dir` with sessions that end after the lock time the owner set (`now`: milliseconds, for tests). */
export async function openStaffAccess(dir: string, now?: () => number): Promise<{ registry: StaffRegistry; sessions: StaffSessions }> {
  const registry = await StaffRegistry.open(dir)
  return { registry, sessions: new StaffSessions(() => registry.lockAfterMinutes, now) }
}
