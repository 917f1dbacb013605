#!/usr/bin/env node
// @ts-check
/**
 * Run by `npm start` (and `npm run dev`) before electron-vite: makes sure the
 * desktop app can start, and says in plain words what to do when it cannot,
 * instead of a stack trace or an abort. Plain Node: it runs before anything
 * is built. It checks, in order:
 *
 * 1. The Electron binary. The `electron` package downloads it on first use;
 *    this does it here, with progress and a time limit on a stalled download.
 *    electron-vite finds the binary through ELECTRON_EXEC_PATH, else the
 *    package's own dist/ folder; it does not read ELECTRON_OVERRIDE_DIST_PATH.
 * 2. Chromium's sandbox on Linux. Where unprivileged user namespaces are
 *    blocked (AppArmor on Ubuntu 23.10 and later), Chromium falls back to the
 *    chrome-sandbox helper beside the binary, which must be root-owned with
 *    mode 4755; otherwise Electron aborts at start ("The SUID sandbox helper
 *    binary was found, but is not configured correctly").
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** A download that delivers nothing for this long is given up. */
export const DOWNLOAD_STALL_MS = 60_000

/** The Node version Electron's npm package (its downloader and unzipper) declares. */
const ELECTRON_PACKAGE_NODE = [22, 12]

/**
 * Path of the Electron executable electron-vite will start, or undefined when
 * it is missing: ELECTRON_EXEC_PATH when set, else the one the `electron`
 * package downloaded (path.txt names it under dist/).
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
    return undefined
  }
  const file = path.join(electronDir, 'dist', executable)
  return executable && existsSync(file) ? file : undefined
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

/** @param {number} bytes */
const megabytes = (bytes) => (bytes / 1_000_000).toFixed(1)

/**
 * One line of download progress: "12.5 of 105.3 MB (11%)", or "12.5 MB" when
 * the size is not known.
 * @param {{ received: number, total?: number }} progress
 * @returns {string}
 */
export function progressLine({ received, total }) {
  if (!total) return `${megabytes(received)} MB`
  return `${megabytes(received)} of ${megabytes(total)} MB (${Math.floor((received / total) * 100)}%)`
}

/**
 * Runs the `electron` package's own installer (install.js, as the package
 * runs it on first use) with a probe that reports its progress, printing a
 * line at each tenth of the download; gives up when no data arrives for
 * `stallMs`. Resolves with undefined once the installer succeeded, else with
 * the reason it failed.
 * @param {{ electronDir: string, env: NodeJS.ProcessEnv, out: (text: string) => void, stallMs: number }} options
 * @returns {Promise<string | undefined>}
 */
function runInstaller({ electronDir, env, out, stallMs }) {
  const probe = fileURLToPath(new URL('./electron-download-progress.cjs', import.meta.url))
  const child = spawn(process.execPath, ['--require', probe, path.join(electronDir, 'install.js')], {
    // Our own progress lines replace the installer's bar, which it shows only on a terminal and only after 30 s.
    env: { ...env, ELECTRON_GET_NO_PROGRESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc']
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  let lastData = Date.now()
  let shownTenth = -1
  child.on('message', (/** @type {{ received: number, total?: number }} */ progress) => {
    lastData = Date.now()
    const tenth = progress.total ? Math.floor((progress.received / progress.total) * 10) : Math.floor(progress.received / 10_000_000)
    if (tenth === shownTenth) return
    shownTenth = tenth
    out(`  ${progressLine(progress)}\n`)
  })
  return new Promise((resolve) => {
    let stalled = false
    const watch = setInterval(
      () => {
        if (Date.now() - lastData < stallMs) return
        stalled = true
        child.kill()
      },
      Math.min(1000, stallMs / 4)
    )
    child.on('error', (error) => {
      clearInterval(watch)
      resolve(error.message)
    })
    child.on('close', (code) => {
      clearInterval(watch)
      if (stalled) resolve(`no data arrived for ${stallMs / 1000} s; the network may be slow or blocked`)
      else resolve(code === 0 ? undefined : downloadFailureReason(output))
    })
  })
}

/**
 * A one-line note when this Node is older than what Electron's npm package
 * declares (its downloader may still work, but nothing promises it).
 * @param {string} nodeVersion e.g. process.versions.node
 * @returns {string | undefined}
 */
export function nodeVersionNote(nodeVersion) {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number)
  const [wantMajor, wantMinor] = ELECTRON_PACKAGE_NODE
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return undefined
  return (
    `Plant Store: note: Electron's npm package (which downloads Electron) declares Node ${wantMajor}.${wantMinor} or newer; this is Node ${nodeVersion}. ` +
    `Its download is tested on Node 20 too, but if it fails, run npm start with Node ${wantMajor}.${wantMinor}+ (see docs/desktop.md).`
  )
}

/**
 * What stands in the way of Chromium's sandbox on Linux, as a message with
 * the remedies, or undefined when the launch will not abort for it (or when
 * that cannot be told, e.g. without `unshare`).
 * @param {{ binary: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, uid?: number, unshare?: string }} options
 * @returns {string | undefined}
 */
export function sandboxProblem({ binary, env = process.env, platform = process.platform, uid = process.getuid?.(), unshare = 'unshare' }) {
  if (platform !== 'linux' || env.NO_SANDBOX === '1') return undefined
  const withoutSandbox = 'NO_SANDBOX=1 npm start'
  if (uid === 0) {
    return [
      'Plant Store: the desktop app cannot start as root: Chromium refuses to run as root with its sandbox on.',
      `Start it as your own user (recommended), or without Chromium's sandbox: ${withoutSandbox}`
    ].join('\n')
  }
  // The same probe electron-builder's AppImage launcher uses: can this user create a user namespace?
  const probe = spawnSync(unshare, ['-Ur', 'true'], { stdio: 'ignore', timeout: 5000 })
  if (probe.error || probe.status === 0) return undefined
  const helper = path.join(path.dirname(binary), 'chrome-sandbox')
  const info = existsSync(helper) ? statSync(helper) : undefined
  // Chromium accepts the helper when root owns it, it is setuid, and everyone may run it.
  if (info && info.uid === 0 && info.mode & 0o4000 && info.mode & 0o001) return undefined
  const blocked =
    "Plant Store: the desktop app cannot start here: this system does not let programs create the user namespaces Chromium's sandbox needs " +
    '(Ubuntu 23.10 and later block them with AppArmor)'
  const noSandbox = [
    `start without Chromium's sandbox (electron-vite then passes --no-sandbox):`,
    `  ${withoutSandbox}`,
    'Without the sandbox the app still shows only its own pages, with no Node access and context isolation, but a flaw in Chromium',
    "exploited by such a page would run with your user's rights instead of being contained. Fine for development; the installed",
    '.deb package keeps the sandbox (see docs/desktop.md).'
  ]
  if (!info) return [`${blocked}, and Electron's fallback, the helper ${helper}, is missing. Reinstall Electron, or`, ...noSandbox].join('\n')
  return [
    `${blocked}, and Electron's fallback, the helper ${helper}, is not root-owned with mode 4755, so Electron would abort`,
    '("The SUID sandbox helper binary was found, but is not configured correctly"). Either let the helper run as root',
    '(once, with your password; again after each `npm install`, which replaces it):',
    `  sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"`,
    `or ${noSandbox[0]}`,
    ...noSandbox.slice(1)
  ].join('\n')
}

/**
 * Makes sure the desktop app can start: the binary there (downloading it once
 * when missing) and Chromium's sandbox usable. Resolves with the exit code: 0
 * when `electron-vite` may go on.
 * @param {{ electronDir: string, env?: NodeJS.ProcessEnv, out?: (text: string) => void, err?: (text: string) => void, stallMs?: number, platform?: NodeJS.Platform, uid?: number, unshare?: string, nodeVersion?: string }} options
 * @returns {Promise<number>}
 */
export async function ensureElectron(options) {
  const { electronDir, env = process.env, stallMs = DOWNLOAD_STALL_MS, nodeVersion = process.versions.node } = options
  const out = options.out ?? ((text) => void process.stdout.write(text))
  const err = options.err ?? ((text) => void process.stderr.write(text))
  if (env.ELECTRON_OVERRIDE_DIST_PATH && !env.ELECTRON_EXEC_PATH) {
    const suggested = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, 'electron')
    err(
      `Plant Store: ELECTRON_OVERRIDE_DIST_PATH is set, but electron-vite (which npm start uses) does not read it; it reads ELECTRON_EXEC_PATH, the executable itself:\n` +
        `  ELECTRON_EXEC_PATH="${suggested}" npm start\n`
    )
    return 1
  }
  let binary = findElectronBinary(electronDir, env)
  if (!binary) {
    const { version } = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8'))
    let reason = 'downloads are turned off (ELECTRON_SKIP_BINARY_DOWNLOAD)'
    if (!env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
      const note = nodeVersionNote(nodeVersion)
      if (note) out(`${note}\n`)
      out(`Plant Store: downloading Electron ${version} (about 100 MB, needed once for the desktop app)…\n`)
      const failed = await runInstaller({ electronDir, env, out, stallMs })
      binary = findElectronBinary(electronDir, env)
      reason = failed ?? 'the installer finished, but left no executable'
    }
    if (!binary) {
      err(`${missingElectronMessage(version, reason)}\n`)
      return 1
    }
  }
  if (env.NO_SANDBOX === '1') out("Plant Store: Chromium's sandbox is off (NO_SANDBOX=1).\n")
  const problem = sandboxProblem({ binary, env, platform: options.platform, uid: options.uid, unshare: options.unshare })
  if (problem) {
    err(`${problem}\n`)
    return 1
  }
  return 0
}

/** True when this file is the script node was asked to run, also through a symlink (npm's .bin, a linked checkout). */
function isMainModule() {
  if (!process.argv[1]) return false
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isMainModule()) {
  const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  process.exitCode = await ensureElectron({ electronDir })
}
