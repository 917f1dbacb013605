/**
 * A progress line for `plant-store import` and `export` on a terminal: drawn
 * on stderr, only when stderr is a terminal (never into a pipe or a file), only
 * once the work has taken a second, redrawn in place and wiped at the end, so
 * the summary that follows starts on a clean line. `renderProgress` is the pure
 * part (what one frame says); `TerminalProgress` decides when to draw it.
 */

/** What one frame shows. */
export interface ProgressFrame {
  /** What is being done: "Reading stock.csv", "Exporting". */
  label: string
  /** Bytes done so far. */
  done: number
  /** Bytes in all, when known: then a filling bar and a percentage, else a block moving to and fro. */
  total?: number
  elapsedMs: number
  /** Counts the frames drawn, to move the block of a bar without a total. */
  tick: number
  /** Width of the terminal; the line is cut to fit, as a wrapped line could not be redrawn in place. */
  columns?: number
}

const BAR_WIDTH = 24
const BLOCK = 4

/** `512 B`, `48.2 kB`, `12.3 MB` (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** One frame: `Reading stock.csv [##########--------------]  42%  12.3 MB of 29.0 MB  3 s`. */
export function renderProgress(frame: ProgressFrame): string {
  const seconds = `${Math.floor(frame.elapsedMs / 1000)} s`
  let bar: string
  let amount: string
  if (frame.total !== undefined && frame.total > 0) {
    const ratio = Math.min(1, Math.max(0, frame.done / frame.total))
    const filled = Math.floor(ratio * BAR_WIDTH)
    bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled)
    amount = `${String(Math.floor(ratio * 100)).padStart(3)}%  ${formatBytes(frame.done)} of ${formatBytes(frame.total)}`
  } else {
    const span = BAR_WIDTH - BLOCK
    const step = frame.tick % (2 * span)
    const at = step <= span ? step : 2 * span - step
    bar = '-'.repeat(at) + '#'.repeat(BLOCK) + '-'.repeat(span - at)
    amount = frame.done > 0 ? formatBytes(frame.done) : ''
  }
  const line = [`${frame.label} [${bar}]`, amount, seconds].filter((part) => part !== '').join('  ')
  return frame.columns !== undefined && frame.columns > 1 ? line.slice(0, frame.columns - 1) : line
}

/** The stream a progress line is drawn on (process.stderr), as far as it matters here. */
export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

/** When to draw. */
export interface ProgressTiming {
  /** Nothing is drawn before the work has taken this long (default 1 s). */
  afterMs?: number
  /** Time between redraws (default 100 ms). */
  everyMs?: number
  now?: () => number
}

/** Clears the line the cursor is on and returns to its start. */
const WIPE = '\r\x1b[2K'

/** A progress line that draws itself on a terminal once the work takes over `afterMs`; does nothing when `enabled` is false. */
export class TerminalProgress {
  readonly #stream: ProgressStream
  readonly #afterMs: number
  readonly #now: () => number
  readonly #started: number
  readonly #timer: ReturnType<typeof setInterval> | undefined
  #enabled: boolean
  #label = ''
  #done = 0
  #total: number | undefined
  #tick = 0
  #drawn = false

  constructor(stream: ProgressStream, enabled: boolean, timing: ProgressTiming = {}) {
    this.#stream = stream
    this.#afterMs = timing.afterMs ?? 1000
    this.#now = timing.now ?? Date.now
    this.#started = this.#now()
    this.#enabled = enabled
    if (enabled) {
      this.#timer = setInterval(() => this.#draw(), timing.everyMs ?? 100)
      this.#timer.unref()
    }
  }

  /** Starts a step of the work: its label and, when known, its size in bytes. */
  phase(label: string, total?: number): void {
    this.#label = label
    this.#total = total
    this.#done = 0
    // A new step shows at once when the work has already taken long enough.
    if (this.#enabled) this.#draw()
  }

  /** Counts `bytes` more done in the current step. */
  advance(bytes: number): void {
    this.#done += bytes
  }

  /** Stops drawing and wipes the line, if one was drawn. */
  finish(): void {
    this.#enabled = false
    clearInterval(this.#timer)
    if (this.#drawn) this.#stream.write(WIPE)
    this.#drawn = false
  }

  #draw(): void {
    const elapsedMs = this.#now() - this.#started
    if (elapsedMs < this.#afterMs || this.#label === '') return
    const frame = { label: this.#label, done: this.#done, total: this.#total, elapsedMs, tick: this.#tick++, columns: this.#stream.columns }
    this.#stream.write(`${WIPE}${renderProgress(frame)}`)
    this.#drawn = true
  }
}

/**
 * The progress line of a CLI command: on stderr when it is a terminal (and TERM
 * is not "dumb"), unless `clashesWithOutput` (the data itself goes to that
 * terminal, as `export` without --out on a terminal does). PLANT_STORE_PROGRESS_AFTER_MS
 * changes the one-second wait (0 draws at once; tests use it).
 */
export function commandProgress(env: NodeJS.ProcessEnv, clashesWithOutput = false, stream: ProgressStream = process.stderr): TerminalProgress {
  const enabled = stream.isTTY === true && env.TERM !== 'dumb' && !clashesWithOutput
  const after = Number(env.PLANT_STORE_PROGRESS_AFTER_MS)
  return new TerminalProgress(stream, enabled, {
    afterMs: Number.isFinite(after) && after >= 0 && env.PLANT_STORE_PROGRESS_AFTER_MS !== '' ? after : 1000
  })
}
