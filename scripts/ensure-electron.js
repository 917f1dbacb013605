#!/usr/bin/env node
// @ts-check
/**
 * Run by `npm start` (and `npm run dev`) before electron-vite: makes sure the
 * Electron binary is there. The `electron` package downloads it on first use;
 * where that cannot happen (no internet), electron-vite would end in a stack
 * trace ("Electron uninstall"), so this says what to do instead, in one
 * message, and exits 1. Plain Node: it runs before anything is built.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Path of the installed Electron executable, or undefined when it is missing.
 * Follows the `electron` package's own rules: ELECTRON_OVERRIDE_DIST_PATH, else
 * path.txt naming the executable under dist/ (written once the download is done).
 * @param {string} electronDir folder of the `electron` package
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined}
 */
export function findElectronBinary(electronDir, env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : undefined
  let executable
  try {
    executable = readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim()
  } catch {
    executable = undefined
  }
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const file = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron')
    return existsSync(file) ? file : undefined
  }
  if (!executable) return undefined
  const file = path.join(electronDir, 'dist', executable)
  return existsSync(file) ? file : undefined
}

/**
 * The first line of a failed download's output that says what went wrong
 * (e.g. "TypeError: fetch failed" or "RequestError: getaddrinfo ENOTFOUND …"),
 * without the stack frames under it.
 * @param {string} output
 * @returns {string}
 */
export function downloadFailureReason(output) {
  const lines = output.split(/\r?\n/).map((line) => line.trim())
  const meaningful = lines.filter((line) => line !== '' && !line.startsWith('at ') && !/^Downloading Electron/i.test(line))
  const reason = meaningful.find((line) => /error|fail|ENOTFOUND|ECONN|ETIMEDOUT|EAI_AGAIN|certificate/i.test(line)) ?? meaningful[0]
  return reason ? (reason.length > 200 ? `${reason.slice(0, 200)}…` : reason) : 'no reason given'
}

/**
 * The message shown when the binary is missing and could not be fetched.
 * @param {string} version Electron's version
 * @param {string} reason why the download failed
 * @returns {string}
 */
export function missingElectronMessage(version, reason) {
  return [
    `Plant Store: the desktop app cannot start: Electron ${version} is not installed here, and downloading it failed (${reason}).`,
    'Use Plant Store in your browser instead: run `npm run serve` and open the "Plant Store UI" address it prints (same data, same API).',
    'To get the desktop window, run `npm start` once on a computer with internet access; the download is kept in node_modules/electron/dist.'
  ].join('\n')
}

/**
 * Checks for the Electron binary and tries the download once when it is
 * missing. Returns the exit code: 0 when Electron is ready.
 * @param {{ electronDir: string, env?: NodeJS.ProcessEnv, out?: (text: string) => void, err?: (text: string) => void }} options
 * @returns {number}
 */
export function ensureElectron({ electronDir, env = process.env, out = (text) => process.stdout.write(text), err = (text) => process.stderr.write(text) }) {
  if (findElectronBinary(electronDir, env)) return 0
  const { version } = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8'))
  let reason = 'downloads are turned off (ELECTRON_SKIP_BINARY_DOWNLOAD)'
  if (!env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    out(`Plant Store: downloading Electron ${version} (needed once for the desktop app)…\n`)
    // The package's own installer, as `require('electron')` would run it, but with its output kept to ourselves.
    const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { env, encoding: 'utf8' })
    if (result.status === 0 && findElectronBinary(electronDir, env)) return 0
    reason = result.error ? result.error.message : downloadFailureReason(`${result.stderr ?? ''}\n${result.stdout ?? ''}`)
  }
  err(`${missingElectronMessage(version, reason)}\n`)
  return 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  process.exitCode = ensureElectron({ electronDir })
}
