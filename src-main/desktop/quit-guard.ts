/**
 * Quitting waits for the service: it stops accepting requests, finishes the
 * write in flight and releases the data folder's lock before the process
 * ends. Plain logic; desktop-app.ts hands it Electron's 'will-quit' events.
 */

/** What the guard acts through. */
export interface QuitGuardOptions {
  /** Stops the service (resolves once it is stopped). */
  stop(): Promise<void>
  /** Ends the process (app.exit) once stopped: 0 after a clean stop, 1 when stopping failed. */
  exit(code: number): void
}

/**
 * A 'will-quit' handler: the first quit is held back (preventDefault) until
 * `stop()` settles, then the process exits; quits asked for meanwhile are
 * held back too and start nothing new.
 */
export function createQuitGuard(options: QuitGuardOptions): (event: { preventDefault(): void }) => void {
  let stopping: Promise<void> | undefined
  return (event) => {
    event.preventDefault()
    if (stopping) return
    stopping = options.stop().then(
      () => options.exit(0),
      (error: unknown) => {
        console.error('Plant Store did not stop cleanly:', error)
        options.exit(1)
      }
    )
  }
}
