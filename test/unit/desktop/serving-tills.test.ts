/** Keeping the main computer awake while it serves tills, and when closing its window asks first. */
import { describe, expect, it, vi } from 'vitest'
import { KeepAwake, closeNeedsAsking } from '#desktop/serving-tills'

describe('KeepAwake', () => {
  it('asks the system once when tills start being served, and lets go once when they stop', () => {
    const power = { start: vi.fn(() => 7), stop: vi.fn() }
    const awake = new KeepAwake(power)
    awake.update(false)
    awake.update(true)
    awake.update(true)
    expect(power.start).toHaveBeenCalledTimes(1)
    expect(awake.active).toBe(true)
    awake.update(false)
    awake.update(false)
    expect(power.stop).toHaveBeenCalledExactlyOnceWith(7)
    expect(awake.active).toBe(false)
  })
})

describe('closeNeedsAsking', () => {
  it('asks only where closing would quit while tills connect', () => {
    expect(closeNeedsAsking({ servingTills: true, platform: 'win32', quitting: false })).toBe(true)
    expect(closeNeedsAsking({ servingTills: true, platform: 'linux', quitting: false })).toBe(true)
    expect(closeNeedsAsking({ servingTills: true, platform: 'darwin', quitting: false })).toBe(false) // stays in the Dock
    expect(closeNeedsAsking({ servingTills: true, platform: 'win32', quitting: true })).toBe(false) // asked already
    expect(closeNeedsAsking({ servingTills: false, platform: 'win32', quitting: false })).toBe(false)
  })
})
