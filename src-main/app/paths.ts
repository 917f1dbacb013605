/**
 * Where the catalogue lives by default: the per-user app data folder, the same
 * one Electron's `userData` resolves to for this app, so the desktop app and
 * `plant-store serve` share data and token.
 */
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hostPlatform } from '#lib/platform'

/** Folder name of the app's data under the platform's app data folder. */
export const APP_FOLDER = 'plant-store'

/** The platform's per-user application data folder (Electron's `appData`). */
export function appDataFolder(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string {
  const home = os.homedir()
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || path.join(home, '.config')
}

/** The data directory used when neither --data nor PLANT_STORE_DATA is given. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string {
  return path.join(appDataFolder(env, platform), APP_FOLDER)
}

/**
 * The folder of this installation's package.json, found by walking up from
 * the code, not from this module's own URL: the bundler moves code into chunks
 * (out/main/chunks/…), so a relative path would break silently. Undefined when
 * there is none above `from`.
 */
function packageRoot(from: string): string | undefined {
  let dir = path.dirname(fileURLToPath(from))
  for (;;) {
    // The nearest package.json above the code is this package's own (out/ and src-main/ sit beside it).
    if (existsSync(path.join(dir, 'package.json'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/** The built staff UI (out/renderer) of this installation. */
export function uiDir(from: string = import.meta.url): string {
  const root = packageRoot(from)
  return root === undefined ? path.resolve('out', 'renderer') : path.join(root, 'out', 'renderer')
}

/** The built CLI (out/main/cli.js) of this installation: what the desktop app's command-line launcher runs. */
export function cliEntry(from: string = import.meta.url): string {
  return path.join(packageRoot(from) ?? path.resolve('.'), 'out', 'main', 'cli.js')
}
