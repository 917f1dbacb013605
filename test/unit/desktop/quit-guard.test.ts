import { afterEach, describe, expect, it, vi } from 'vitest'
import { BACKUP_TIME_LIMIT_MS, QUIT_TIME_LIMIT_MS, createQuitGuard } from '#desktop/quit-guard'

/** A stop() that resolves only when the test says so. */
function heldStop() {
  let finish!: () => void
  const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
  return { stop, finish: () => finish() }
}

describe('createQuitGuard', () => {
  afterEach(() => vi.useRealTimers())

  it('holds the quit until the service has stopped, then exits 0', async () => {
    const { stop, finish } = heldStop()
    const exit = vi.fn()
    const guard = createQuitGuard({ stop, exit })
    const first = { preventDefault: vi.fn() }
    guard.onWillQuit(first)
    expect(first.preventDefault).toHaveBeenCalled()
    // A second quit (another Ctrl+Q, a repeated signal) while stopping is held too and starts nothing new.
    const second = { preventDefault: vi.fn() }
    guard.onWillQuit(second)
    expect(second.preventDefault).toHaveBeenCalled()
    expect(stop).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setImmediate(resolve)) // every callback the guard could run by now has run
    expect(exit).not.toHaveBeenCalled()
    expect(guard.stopped).toBe(false)
    finish()
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
    expect(guard.stopped).toBe(true)
  })

  it('exits 1 when stopping failed', async () => {
    const exit = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    createQuitGuard({ stop: () => Promise.reject(new Error('disk gone')), exit }).onWillQuit({ preventDefault: () => undefined })
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1))
  })

  it('gives a hung stop 10 seconds, then exits 1 anyway (the journal holds every confirmed change)', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stop, finish } = heldStop()
    const exit = vi.fn()
    const guard = createQuitGuard({ stop, exit })
    guard.onWillQuit({ preventDefault: () => undefined })
    await vi.advanceTimersByTimeAsync(QUIT_TIME_LIMIT_MS - 1)
    expect(exit).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(exit).toHaveBeenCalledWith(1)
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/did not stop within 10 s; quitting anyway/))
    // The stop finishing late changes nothing: the process is already on its way out.
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(exit).toHaveBeenCalledTimes(1)
  })

  it('starts the same stop without a quit event (Windows asking to end the session), once', async () => {
    const { stop, finish } = heldStop()
    const exit = vi.fn()
    const guard = createQuitGuard({ stop, exit, timeLimitMs: 60_000 })
    guard.beginStop()
    guard.onWillQuit({ preventDefault: () => undefined })
    expect(stop).toHaveBeenCalledTimes(1)
    finish()
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
  })

  it('runs the backup after a clean stop with a limit of its own: the 10 s of the stop never cut it', async () => {
    vi.useFakeTimers()
    const { stop, finish } = heldStop()
    let backedUp!: () => void
    const afterStop = vi.fn(() => new Promise<void>((resolve) => (backedUp = resolve)))
    const exit = vi.fn()
    const guard = createQuitGuard({ stop, afterStop, exit })
    guard.onWillQuit({ preventDefault: () => undefined })
    await vi.advanceTimersByTimeAsync(QUIT_TIME_LIMIT_MS - 1_000)
    expect(afterStop).not.toHaveBeenCalled()
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(afterStop).toHaveBeenCalledTimes(1)
    expect(guard.stopped).toBe(true) // the folder is released while the backup runs
    await vi.advanceTimersByTimeAsync(QUIT_TIME_LIMIT_MS * 3)
    expect(exit).not.toHaveBeenCalled()
    backedUp()
    await vi.advanceTimersByTimeAsync(0)
    expect(exit).toHaveBeenCalledWith(0)
  })

  it('gives a hung backup its own limit, then exits 0 (the catalogue is saved); a failed stop skips the backup', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const exit = vi.fn()
    createQuitGuard({ stop: async () => undefined, afterStop: () => new Promise(() => undefined), exit }).beginStop()
    await vi.advanceTimersByTimeAsync(BACKUP_TIME_LIMIT_MS - 1)
    expect(exit).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(exit).toHaveBeenCalledWith(0)
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/backup into the backup folder did not finish within 120 s; quitting without it/))
    const afterStop = vi.fn(async () => undefined)
    const failed = vi.fn()
    createQuitGuard({ stop: () => Promise.reject(new Error('disk gone')), afterStop, exit: failed }).beginStop()
    await vi.advanceTimersByTimeAsync(0)
    expect(failed).toHaveBeenCalledWith(1)
    expect(afterStop).not.toHaveBeenCalled()
  })
})
