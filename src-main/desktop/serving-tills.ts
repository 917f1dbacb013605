/**
 * The main computer while other tills connect to it (its LAN listener is up): closing its window would quit the app
 * and cut every till, and a computer that sleeps cuts them as surely. So closing asks first, and the computer is asked
 * not to sleep for as long as it serves them. The decisions are here, plain; desktop-app.ts connects them to Electron.
 */

/** What the person chose when closing the window while tills connect. */
export type CloseChoice = 'keep-serving' | 'quit' | 'cancel'

/** The buttons of the question, in order: the first is the plain answer (Enter), the last the dismissal (Escape). */
export const CLOSE_BUTTONS: readonly { choice: CloseChoice; label: string }[] = [
  { choice: 'keep-serving', label: 'Keep serving the tills' },
  { choice: 'quit', label: 'Quit and stop the tills' },
  { choice: 'cancel', label: 'Cancel' }
]

/** The question's words, naming where the tills connect. */
export function closeQuestion(lanUrl: string): { message: string; detail: string } {
  return {
    message: 'Other tills connect to this computer.',
    detail:
      `They reach the catalogue at ${lanUrl} while Plant Store runs here. Quit, and they stop selling from it until it ` +
      'runs again (they keep their sales meanwhile and send them later). Keep serving: the window closes and Plant ' +
      'Store goes on in the background; open Plant Store again to bring the window back.'
  }
}

/**
 * True when closing the window should ask first: tills connect, and closing would quit. On macOS closing the window
 * never quits (the app stays in the Dock), and a quit under way has been asked for already.
 */
export function closeNeedsAsking(facts: { servingTills: boolean; platform: NodeJS.Platform; quitting: boolean }): boolean {
  return facts.servingTills && facts.platform !== 'darwin' && !facts.quitting
}

/** What asking before a close needs of the app. */
export interface ClosingWhileServing {
  /** Where tills connect now (the LAN listener's address); undefined when none can. */
  tillsUrl(): string | undefined
  platform: NodeJS.Platform
  quitting(): boolean
  /** Shows the question over the window; resolves with the index of the button taken. */
  ask(message: string, detail: string, buttons: string[]): Promise<number>
  /** The window goes, the app (and the tills' catalogue) stays. */
  keepServing(): void
  quit(): void
}

/**
 * The listener of a window's 'close': a close that would cut the tills is held while the question is asked, then the
 * window closes (Keep serving), the app quits, or nothing happens (Cancel).
 */
export function askBeforeClosing(
  window: { close(): void; isDestroyed(): boolean },
  app: ClosingWhileServing
): (event: { preventDefault(): void }) => void {
  let answered = false
  return (event) => {
    const url = app.tillsUrl()
    if (answered || url === undefined || !closeNeedsAsking({ servingTills: true, platform: app.platform, quitting: app.quitting() })) return
    event.preventDefault()
    const { message, detail } = closeQuestion(url)
    const buttons = CLOSE_BUTTONS.map((button) => button.label)
    app.ask(message, detail, buttons).then(
      (index) => {
        const choice = CLOSE_BUTTONS[index]?.choice ?? 'cancel'
        if (choice === 'quit') app.quit()
        if (choice !== 'keep-serving' || window.isDestroyed()) return
        app.keepServing()
        answered = true
        window.close()
      },
      (error: unknown) => console.error('Plant Store could not ask before closing:', error)
    )
  }
}

/** Electron's powerSaveBlocker, as far as keeping awake goes. */
export interface PowerSaveBlocker {
  start(type: 'prevent-app-suspension'): number
  stop(id: number): void
}

/** Keeps the computer from sleeping while it serves tills, and lets it sleep again once it does not. */
export class KeepAwake {
  #blocker: number | undefined

  constructor(private readonly power: PowerSaveBlocker) {}

  /** Whether the computer is being kept awake now. */
  get active(): boolean {
    return this.#blocker !== undefined
  }

  /** Follows whether tills are served now: asks the system once when they start, lets go once when they stop. */
  update(servingTills: boolean): void {
    if (servingTills && this.#blocker === undefined) this.#blocker = this.power.start('prevent-app-suspension')
    if (!servingTills && this.#blocker !== undefined) {
      this.power.stop(this.#blocker)
      this.#blocker = undefined
    }
  }
}
