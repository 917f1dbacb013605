import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RendererWatchdog } from '#desktop/renderer-watchdog'

function watchdog(now: { value: number }) {
  const calls: string[] = []
  const dog = new RendererWatchdog({
    reload: () => calls.push('reload'),
    kill: () => calls.push('kill'),
    giveUp: () => calls.push('give-up'),
    hangGraceMs: 1000,
    maxReloads: 3,
    burstMs: 60_000,
    now: () => now.value
  })
  return { dog, calls }
}

describe('RendererWatchdog', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reloads a crashed page, but not one that exited normally', () => {
    const { dog, calls } = watchdog({ value: 0 })
    dog.gone('clean-exit')
    expect(calls).toEqual([])
    dog.gone('crashed')
    dog.gone('oom')
    expect(calls).toEqual(['reload', 'reload'])
  })

  it('kills and reloads a page that stays hung past the grace time', () => {
    const now = { value: 0 }
    const { dog, calls } = watchdog(now)
    dog.unresponsive()
    vi.advanceTimersByTime(999)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual(['kill', 'reload'])
    // The kill's own 'render-process-gone' does not reload a second time.
    dog.gone('killed')
    expect(calls).toEqual(['kill', 'reload'])
  })

  it('leaves a page alone that answers again in time', () => {
    const { dog, calls } = watchdog({ value: 0 })
    dog.unresponsive()
    vi.advanceTimersByTime(500)
    dog.responsive()
    vi.advanceTimersByTime(5000)
    expect(calls).toEqual([])
  })

  it('gives up (and asks) instead of reloading in a loop, and starts counting again later', () => {
    const now = { value: 0 }
    const { dog, calls } = watchdog(now)
    for (let i = 0; i < 4; i++) dog.gone('crashed')
    expect(calls).toEqual(['reload', 'reload', 'reload', 'give-up'])
    now.value = 61_000
    dog.gone('crashed')
    expect(calls.at(-1)).toBe('reload')
  })
})
