import { describe, expect, it, vi } from 'vitest'
import { createQuitGuard } from '../../../src-main/desktop/quit-guard'

describe('createQuitGuard', () => {
  it('holds the quit until the service has stopped, then exits 0', async () => {
    let finishStop!: () => void
    const stop = vi.fn(() => new Promise<void>((resolve) => (finishStop = resolve)))
    const exit = vi.fn()
    const guard = createQuitGuard({ stop, exit })
    const first = { preventDefault: vi.fn() }
    guard(first)
    expect(first.preventDefault).toHaveBeenCalled()
    // A second quit (another Ctrl+Q) while stopping is held too and starts nothing new.
    const second = { preventDefault: vi.fn() }
    guard(second)
    expect(second.preventDefault).toHaveBeenCalled()
    expect(stop).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setImmediate(resolve)) // every callback the guard could run by now has run
    expect(exit).not.toHaveBeenCalled()
    finishStop()
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
  })

  it('exits 1 when stopping failed', async () => {
    const exit = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    createQuitGuard({ stop: () => Promise.reject(new Error('disk gone')), exit })({ preventDefault: () => undefined })
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1))
  })
})
