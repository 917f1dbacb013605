/**
 * The signals that ask Plant Store to stop, for `plant-store serve` and the
 * desktop app alike: Ctrl+C (SIGINT), a service manager (SIGTERM) and a closed
 * terminal (SIGHUP, also sent by many systems at shutdown). Every one of them,
 * repeated or not, goes to the same careful stop.
 */

/** The signals that stop Plant Store the careful way. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

export type StopSignal = (typeof STOP_SIGNALS)[number]

/** Where signals arrive: the process, or a stand-in in tests. */
export type SignalSource = Pick<NodeJS.EventEmitter, 'on' | 'off'>

/**
 * Calls `onSignal` for every stop signal, the first and each repeat (a repeat
 * must never fall through to the default action, which kills the process
 * mid-stop and leaves the lock behind). Returns a function that stops listening.
 */
export function onStopSignals(onSignal: (signal: StopSignal) => void, target: SignalSource = process): () => void {
  const listeners = STOP_SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const)
  for (const [signal, listener] of listeners) target.on(signal, listener)
  return () => {
    for (const [signal, listener] of listeners) target.off(signal, listener)
  }
}

/**
 * Keeps a closed terminal from ending the process: once the terminal is gone,
 * writing to stdout or stderr fails (EIO, EPIPE) and an unhandled stream error
 * would kill the process in the middle of its stop.
 */
export function ignoreClosedOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) stream.on('error', () => undefined)
}
