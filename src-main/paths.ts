/**
 * Where the catalogue lives by default: the per-user app data folder, the same
 * one Electron's `userData` resolves to for this app, so the desktop app and
 * `plant-store serve` share data and token.
 */
import os from 'node:os'
import path from 'node:path'

/** Folder name of the app's data under the platform's app data folder. */
export const APP_FOLDER = 'plant-store'

/** The platform's per-user application data folder (Electron's `appData`). */
export function appDataFolder(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir()
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || path.join(home, '.config')
}

/** The data directory used when neither --data nor PLANT_STORE_DATA is given. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  return path.join(appDataFolder(env, platform), APP_FOLDER)
}
