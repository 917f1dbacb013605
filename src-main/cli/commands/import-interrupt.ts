/**
 * Ctrl+C while `plant-store import` waits for a running server (which has the whole file and goes on with it) or
 * imports into the folder itself (the journal holds it whole or not at all): leaving silently would let the user
 * believe it was cancelled, or never know it was applied. The command says what it cannot know, and
 * that running it again is safe: the import's Idempotency-Key stays remembered (import-retry.ts), so the same command
 * again imports the file at most once. Once the answer has come, Ctrl+C no longer changes the outcome nor the exit code.
 */
/** Where the signal comes from and what answering it does (the process; a test's stand-ins). */
export interface InterruptHost {
  once(signal: 'SIGINT', listener: () => void): unknown
  removeListener(signal: 'SIGINT', listener: () => void): unknown
  write(text: string): void
  exit(code: number): void
}

const processHost: InterruptHost = {
  once: (signal, listener) => process.once(signal, listener),
  removeListener: (signal, listener) => process.removeListener(signal, listener),
  write: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code)
}

/** Exit code of a command stopped by Ctrl+C (128 + SIGINT), as the shell reports it. */
const INTERRUPTED = 130

/** The words said on Ctrl+C while the server has `file`. */
export function interruptedImportText(file: string): string {
  return (
    'Interrupted: the import may or may not be applied (a running server goes on with a file it has).\n' +
    `Run the same command again (the same file, the same options) to finish: it sends this import's key again, so\n` +
    `${JSON.stringify(file)} is imported at most once, and if it was applied you get its summary and nothing twice.\n` +
    'Do that before importing another file: the next file takes the place of this one in the data folder (import-retry.json).\n'
  )
}

/** Runs `send` (an applied import sent to a server); Ctrl+C meanwhile says so, and afterwards changes nothing. */
export async function withImportInterruptNotice<T>(file: string, send: () => Promise<T>, host: InterruptHost = processHost): Promise<T> {
  let answered = false
  const onInterrupt = (): void => {
    if (answered) {
      host.once('SIGINT', onInterrupt) // the outcome is known and being printed: finish, with its own exit code
      return
    }
    host.write(interruptedImportText(file))
    host.exit(INTERRUPTED)
  }
  host.once('SIGINT', onInterrupt)
  try {
    const outcome = await send()
    answered = true
    return outcome
  } catch (error) {
    host.removeListener('SIGINT', onInterrupt)
    throw error
  }
}
