/** Types of ensure-electron.js (plain JS, because it runs before anything is built); keep the two in step. */

/** Path of the installed Electron executable, or undefined when it is missing. */
export function findElectronBinary(electronDir: string, env?: NodeJS.ProcessEnv): string | undefined

/** The first meaningful line of a failed download's output, without stack frames. */
export function downloadFailureReason(output: string): string

/** The message shown when the binary is missing and could not be fetched. */
export function missingElectronMessage(version: string, reason: string): string

/** Checks for the Electron binary, downloading it once when missing; returns the exit code (0: ready). */
export function ensureElectron(options: {
  electronDir: string
  env?: NodeJS.ProcessEnv
  out?: (text: string) => void
  err?: (text: string) => void
}): number
