/**
 * Ctrl+C while `plant-store import` waits for a running server: the server already has the whole file and goes on
 * with it, so leaving silently would let the user believe it was cancelled and import it again (every added row twice).
 * The command says what it cannot know and how to check; once the answer has come, Ctrl+C no longer changes the
 * outcome nor the exit code.
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
    'Interrupted: the server had the whole file and may still import it, so it may or may not be applied.\n' +
    `Before importing ${JSON.stringify(file)} again, check whether it was: look for the name of its last plant with\n` +
    '  plant-store plants list --q "NAME"\n' +
    '(rows that update plants by id show as unchanged in `plant-store import FILE --dry-run` once applied;\n' +
    'rows that add plants would be added a second time).\n'
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
