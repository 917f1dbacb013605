/**
 * Brings the window's page back when its renderer process crashes or hangs.
 * The server runs in the main process, so it is unaffected: only the page is
 * reloaded. Plain timers and callbacks; window.ts connects it to Electron.
 */

/** What the watchdog acts through. */
export interface RendererWatchdogOptions {
  /** Loads the app's page again. */
  reload(): void
  /** Ends a hung renderer process (webContents.forcefullyCrashRenderer). */
  kill(): void
  /** Called instead of a reload when the page keeps dying (so a page that crashes at load does not loop forever). */
  giveUp(): void
  /** How long a page may stay unresponsive before it is killed and reloaded. */
  hangGraceMs?: number
  /** Most automatic reloads within `burstMs`. */
  maxReloads?: number
  burstMs?: number
  now?: () => number
}

/** Reasons of 'render-process-gone' that are not a failure. */
const NORMAL_EXITS = new Set(['clean-exit'])

/** Watches one page; feed it the window's events. */
export class RendererWatchdog {
  readonly #options: Required<RendererWatchdogOptions>
  #hangTimer: NodeJS.Timeout | undefined
  #reloads: number[] = []
  /** Set when we killed a hung renderer and reloaded it ourselves: its 'gone' event needs no second reload. */
  #killedAt: number | undefined

  constructor(options: RendererWatchdogOptions) {
    this.#options = { hangGraceMs: 10_000, maxReloads: 3, burstMs: 60_000, now: Date.now, ...options }
  }

  /** The renderer process ended ('render-process-gone'). */
  gone(reason: string): void {
    this.#clearHang()
    if (NORMAL_EXITS.has(reason)) return
    const now = this.#options.now()
    if (this.#killedAt !== undefined && now - this.#killedAt < 5_000) {
      this.#killedAt = undefined
      return
    }
    this.#reload(now)
  }

  /** The page stopped answering ('unresponsive'): kill and reload it unless it recovers within the grace time. */
  unresponsive(): void {
    if (this.#hangTimer) return
    this.#hangTimer = setTimeout(() => {
      this.#hangTimer = undefined
      const now = this.#options.now()
      this.#killedAt = now
      this.#options.kill()
      this.#reload(now)
    }, this.#options.hangGraceMs)
  }

  /** The page answers again ('responsive'). */
  responsive(): void {
    this.#clearHang()
  }

  /** Forgets the reload history (after the person chose to reload anyway). */
  reset(): void {
    this.#reloads = []
  }

  /** Stops watching (the window is closed). */
  dispose(): void {
    this.#clearHang()
  }

  #reload(now: number): void {
    this.#reloads = this.#reloads.filter((at) => now - at < this.#options.burstMs)
    if (this.#reloads.length >= this.#options.maxReloads) {
      this.#options.giveUp()
      return
    }
    this.#reloads.push(now)
    this.#options.reload()
  }

  #clearHang(): void {
    clearTimeout(this.#hangTimer)
    this.#hangTimer = undefined
  }
}
