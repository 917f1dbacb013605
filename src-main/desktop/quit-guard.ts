/**
 * Quitting waits for the service: it stops accepting requests, finishes the
 * write in flight and releases the data folder's lock before the process
 * ends; then the stop-time backup into the backup folder (a USB stick, a
 * network share: slow, and no danger to the catalogue) gets a limit of its
 * own. Plain logic; desktop-app.ts hands it Electron's 'will-quit' events.
 */

/** How long a stop may take before the process ends anyway. */
export const QUIT_TIME_LIMIT_MS = 10_000

/** How long the stop-time backup may take after the stop (a copy onto a slow stick or share). */
export const BACKUP_TIME_LIMIT_MS = 120_000

/** What the guard acts through. */
export interface QuitGuardOptions {
  /** Stops the service (resolves once it is stopped and the folder released). */
  stop(): Promise<void>
  /** Runs after a stop that succeeded, with its own limit: the stop-time backup. */
  afterStop?(): Promise<void>
  /** Ends the process (app.exit): 0 after a clean stop, 1 when stopping failed or took too long. */
  exit(code: number): void
  /** Longest wait for `stop()`; default {@link QUIT_TIME_LIMIT_MS}. */
  timeLimitMs?: number
  /** Longest wait for `afterStop()`; default {@link BACKUP_TIME_LIMIT_MS}. */
  afterStopTimeLimitMs?: number
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
  /** True once the stop has settled (the folder is released, or the stop failed), even while the backup after it runs. */
  readonly stopped: boolean
}

/** A {@link QuitGuard} over `options`. */
export function createQuitGuard(options: QuitGuardOptions): QuitGuard {
  const timeLimitMs = options.timeLimitMs ?? QUIT_TIME_LIMIT_MS
  let stopping: Promise<void> | undefined
  let stopped = false
  let exited = false
  const finish = (code: number) => {
    stopped = true
    if (exited) return
    exited = true
    options.exit(code)
  }
  // The backup after a clean stop: a limit of its own, so the 10 s of the stop never cut it, and a hung drive never
  // keeps the process. A backup cut off leaves only its temp file, which the next backup removes.
  const afterStop = async () => {
    stopped = true
    if (!options.afterStop) return finish(0)
    const limitMs = options.afterStopTimeLimitMs ?? BACKUP_TIME_LIMIT_MS
    const limit = setTimeout(() => {
      console.error(`The backup into the backup folder did not finish within ${limitMs / 1000} s; quitting without it (the catalogue is saved).`)
      finish(0)
    }, limitMs)
    await options.afterStop().catch((error: unknown) => console.error('The backup at quit failed:', error))
    clearTimeout(limit)
    finish(0)
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
      () => {
        clearTimeout(limit)
        if (!exited) return afterStop()
      },
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
