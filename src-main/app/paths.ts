/**
 * Where the catalogue lives by default: the per-user app data folder, which
 * the desktop app also gives Electron as its `userData`, so the desktop app and
 * `plant-store serve` share data and token. On Windows that is the local
 * application data folder (%LOCALAPPDATA%), not the roaming one Electron would
 * choose: a roaming profile copies %APPDATA% to the server at every sign-out
 * (the catalogue, its journal and its backups, each time) and back at sign-in.
 */
import { existsSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hostPlatform } from '#lib/platform'

/** Folder name of the app's data under the platform's app data folder. */
export const APP_FOLDER = 'plant-store'

/** The platform's per-user application data folder (Electron's `appData`: the roaming one on Windows). */
export function appDataFolder(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string {
  const home = os.homedir()
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || path.join(home, '.config')
}

/** The per-user folder for data that stays on this computer: %LOCALAPPDATA% on Windows, {@link appDataFolder} elsewhere. */
export function localAppDataFolder(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string {
  if (platform !== 'win32') return appDataFolder(env, platform)
  return env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local')
}

/** The data folder of versions before the local one, on Windows (%APPDATA%\plant-store); undefined elsewhere. */
export function roamingDataDir(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string | undefined {
  return platform === 'win32' ? path.join(appDataFolder(env, platform), APP_FOLDER) : undefined
}

/** True when `dir` is a folder with something in it. */
export function holdsData(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0
  } catch {
    return false
  }
}

/**
 * The data directory used when neither --data nor PLANT_STORE_DATA is given. On Windows the roaming folder of
 * earlier versions stays the one in use until it has been moved (app/data-folder-move.ts): while the local folder
 * holds nothing and the roaming one holds data, the roaming one is named, so that the desktop app and every CLI
 * command agree on the folder at every moment of the move, a crash in the middle included.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = hostPlatform()): string {
  const local = path.join(localAppDataFolder(env, platform), APP_FOLDER)
  const roaming = roamingDataDir(env, platform)
  return roaming !== undefined && !holdsData(local) && holdsData(roaming) ? roaming : local
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
