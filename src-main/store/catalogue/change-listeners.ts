/** Listeners of saved changes: each is called in turn, and one that throws never stops the others (or the save). */
export class ChangeListeners<T> {
  readonly #listeners = new Set<(change: T) => void>()

  /** Calls `listener` after each saved change; returns a function that stops it. */
  add(listener: (change: T) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells every listener about `change`. */
  announce(change: T): void {
    for (const listener of this.#listeners) {
      try {
        listener(change)
      } catch (error) {
        console.error('[plant-store] a change listener failed:', error)
      }
    }
  }
}
