import { describe, expect, it } from 'vitest'
import { ReplayAllowance } from '#server/routes/events/replay-allowance'

describe('the replay allowance of a token', () => {
  it('allows a burst, then one replay per interval, to each token apart', () => {
    let now = 0
    const allowance = new ReplayAllowance({ burst: 3, everyMs: 6000 }, () => now)
    expect([1, 2, 3, 4].map(() => allowance.take('shelf'))).toEqual([true, true, true, false])
    expect(allowance.take('ui')).toBe(true)
    now += 5999
    expect(allowance.take('shelf')).toBe(false)
    now += 6000
    expect([allowance.take('shelf'), allowance.take('shelf')]).toEqual([true, false])
    now += 3_600_000
    expect([1, 2, 3, 4].map(() => allowance.take('shelf'))).toEqual([true, true, true, false])
  })
})
