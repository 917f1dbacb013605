/**
 * What a crash test waits for before it kills: a count of acknowledged writes. A round kills once the count it
 * needs is reached, however slow the machine, instead of after a random window that a loaded machine may fill
 * with nothing; the cap only ends a round that gets nowhere.
 */
export class Tally {
  #count = 0
  #waiting: { target: number; resolve: () => void }[] = []

  get count(): number {
    return this.#count
  }

  /** Counts one acknowledgement. */
  add(): void {
    this.#count++
    this.#waiting = this.#waiting.filter((wait) => (wait.target <= this.#count ? void wait.resolve() : true))
  }

  /**
   * Resolves once `target` are counted. Rejects, saying how many came (`what` names them), after `capMs`, or when
   * `writers` (what does the counting) all end first: their server died on its own.
   */
  reach(target: number, what: string, writers: Promise<unknown>[] = [], capMs = 60_000): Promise<void> {
    if (this.#count >= target) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const fail = (why: string) => reject(new Error(`only ${this.#count} of ${target} ${what}: ${why}`))
      const timer = setTimeout(() => fail(`none more within ${capMs / 1000} s`), capMs)
      if (writers.length > 0) void Promise.allSettled(writers).then(() => (clearTimeout(timer), fail('the writers stopped')))
      this.#waiting.push({ target, resolve: () => (clearTimeout(timer), resolve()) })
    })
  }
}

/** A whole number from `min` to `max` (both included), for where in a round a kill lands. */
export function anyOf(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1))
}
