/** Types of ensure-electron.js (plain JS, because it runs before anything is built); keep the two in step. */

/** A download that delivers nothing for this long is given up. */
export const DOWNLOAD_STALL_MS: number

/** Path of the Electron executable electron-vite will start (ELECTRON_EXEC_PATH, else the package's dist/), or undefined. */
export function findElectronBinary(electronDir: string, env?: NodeJS.ProcessEnv): string | undefined

/** The first meaningful line of a failed download's output, without stack frames. */
export function downloadFailureReason(output: string): string

/** The message shown when the binary is missing and could not be fetched. */
export function missingElectronMessage(version: string, reason: string): string

/** One line of download progress: "12.5 of 105.3 MB (11%)". */
export function progressLine(progress: { received: number; total?: number }): string

/** A note when this Node is older than what Electron's npm package declares; undefined otherwise. */
export function nodeVersionNote(nodeVersion: string): string | undefined

/** What stands in the way of Chromium's sandbox on Linux, with the remedies; undefined when nothing does (or it cannot be told). */
export function sandboxProblem(options: {
  binary: string
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  uid?: number
  unshare?: string
}): string | undefined

/** Makes sure the desktop app can start (binary there, sandbox usable); resolves with the exit code (0: go on). */
export function ensureElectron(options: {
  electronDir: string
  env?: NodeJS.ProcessEnv
  out?: (text: string) => void
  err?: (text: string) => void
  stallMs?: number
  platform?: NodeJS.Platform
  uid?: number
  unshare?: string
  nodeVersion?: string
}): Promise<number>
