/**
 * Quitting waits for the service: it stops accepting requests, finishes the
 * write in flight and releases the data folder's lock before the process
 * ends. Plain logic; desktop-app.ts hands it Electron's 'will-quit' events.
 */

/** How long a stop may take before the process ends anyway. */
export const QUIT_TIME_LIMIT_MS = 10_000

/** What the guard acts through. */
export interface QuitGuardOptions {
  /** Stops the service (resolves once it is stopped). */
  stop(): Promise<void>
  /** Ends the process (app.exit): 0 after a clean stop, 1 when stopping failed or took too long. */
  exit(code: number): void
  /** Longest wait for `stop()`; default {@link QUIT_TIME_LIMIT_MS}. */
  timeLimitMs?: number
}

/** The guard desktop-app.ts wires to Electron. */
export interface QuitGuard {
  /**
   * A 'will-quit' handler: the first quit is held back (preventDefault) until
   * the stop settles, then the process exits; quits asked for meanwhile are
   * held back too and start nothing new.
   */
  onWillQuit(event: { preventDefault(): void }): void
  /** Starts the same stop without a quit event (Windows asking whether the session may end); exits when done. */
  beginStop(): void
  /** True once the stop has settled (the folder is released, or the stop failed). */
  readonly stopped: boolean
}

/** A {@link QuitGuard} over `options`. */
export function createQuitGuard(options: QuitGuardOptions): QuitGuard {
  const timeLimitMs = options.timeLimitMs ?? QUIT_TIME_LIMIT_MS
  let stopping: Promise<void> | undefined
  let stopped = false
  const finish = (code: number) => {
    if (stopped) return
    stopped = true
    options.exit(code)
  }
  const beginStop = () => {
    if (stopping) return
    // A stop that hangs (a dead network drive, a stuck fsync) must not leave an invisible process holding the
    // single-instance lock, so that no later launch can start. Ending the process is safe: every confirmed
    // change is already in the journal, which the next start replays.
    const limit = setTimeout(() => {
      console.error(`Plant Store did not stop within ${timeLimitMs / 1000} s; quitting anyway (saved changes are kept in the journal).`)
      finish(1)
    }, timeLimitMs)
    stopping = options.stop().then(
      () => finish(0),
      (error: unknown) => {
        console.error('Plant Store did not stop cleanly:', error)
        finish(1)
      }
    )
    void stopping.finally(() => clearTimeout(limit))
  }
  return {
    onWillQuit(event) {
      event.preventDefault()
      beginStop()
    },
    beginStop,
    get stopped() {
      return stopped
    }
  }
}
