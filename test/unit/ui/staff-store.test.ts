import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiClient } from '#renderer/api'
import { useStaffStore } from '#renderer/stores/staff'
import { fakeApi } from './_fake-api'

const MEMBERS = [
  { id: 1, name: 'Olga', role: 'owner' as const, locked: false },
  { id: 3, name: 'Anna', role: 'staff' as const, locked: false }
]

describe('the member at the till', () => {
  let api: ReturnType<typeof fakeApi>
  beforeEach(() => {
    vi.useFakeTimers()
    setActivePinia(createPinia())
    api = fakeApi()
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: MEMBERS, lockAfterMinutes: 5 })
    useApiClient(api.client)
  })
  afterEach(() => vi.useRealTimers())

  it('without staff nobody is asked and everything is allowed', async () => {
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    expect(staff.locked).toBe(false)
    expect(staff.may('change-prices')).toBe(true)
  })

  it('asks who is selling, then allows what the role may and says why not otherwise', async () => {
    const staff = useStaffStore()
    await staff.load()
    expect(staff.locked).toBe(true)
    await staff.signIn(3, '2222')
    expect(staff.locked).toBe(false)
    expect(staff.may('sell')).toBe(true)
    expect(staff.reasonNot('change-prices')).toBe('Only a manager or the owner can change prices')
  })

  it('locks itself after the lock time without a touch, and a touch starts the time again', async () => {
    const staff = useStaffStore()
    await staff.load()
    await staff.signIn(3, '2222')
    vi.advanceTimersByTime(4 * 60_000)
    staff.touch()
    vi.advanceTimersByTime(4 * 60_000)
    expect(staff.current?.name).toBe('Anna')
    vi.advanceTimersByTime(60_000 + 1)
    expect(staff.locked).toBe(true)
    expect(api.client.signOutStaff).toHaveBeenCalled()
  })

  it('asks again when the server no longer knows the session, without signing out a session that is gone', async () => {
    const staff = useStaffStore()
    await staff.load()
    await staff.signIn(3, '2222')
    staff.forget()
    expect(staff.locked).toBe(true)
    expect(api.client.signOutStaff).not.toHaveBeenCalled()
  })
})
