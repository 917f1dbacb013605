/** The member at the till, against the real app (_real-api.ts) with the test staff of test/_setup/staff.ts (Anna is 3, PIN 1234). */
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import { useStaffStore } from '#renderer/stores/staff'
import { realApi } from './_real-api'

describe('the member at the till', () => {
  let client: ApiClient
  beforeEach(async () => {
    setActivePinia(createPinia())
    ;({ client } = await realApi({ staff: true }))
    vi.spyOn(client, 'signOutStaff')
    // Only the store's lock timer is the test's to move: the app keeps its own time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => vi.useRealTimers())

  it('without staff nobody is asked and everything is allowed', async () => {
    await realApi()
    const staff = useStaffStore()
    await staff.load()
    expect(staff.locked).toBe(false)
    expect(staff.may('change-prices')).toBe(true)
  })

  it('asks who is selling, then allows what the role may and says why not otherwise', async () => {
    const staff = useStaffStore()
    await staff.load()
    expect(staff.locked).toBe(true)
    await staff.signIn(3, '1234')
    expect(staff.locked).toBe(false)
    expect(staff.may('sell')).toBe(true)
    expect(staff.reasonNot('change-prices')).toBe('Only a manager or the owner can change prices')
  })

  it('locks itself after the lock time without a touch, and a touch starts the time again', async () => {
    const staff = useStaffStore()
    await staff.load()
    await staff.signIn(3, '1234')
    vi.advanceTimersByTime(4 * 60_000)
    staff.touch()
    vi.advanceTimersByTime(4 * 60_000)
    expect(staff.current?.name).toBe('Anna')
    vi.advanceTimersByTime(60_000 + 1)
    expect(staff.locked).toBe(true)
    expect(client.signOutStaff).toHaveBeenCalled()
  })

  it('asks again when the server no longer knows the session, without signing out a session that is gone', async () => {
    const staff = useStaffStore()
    await staff.load()
    await staff.signIn(3, '1234')
    staff.forget()
    expect(staff.locked).toBe(true)
    expect(client.signOutStaff).not.toHaveBeenCalled()
  })
})
