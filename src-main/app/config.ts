/**
 * Where the service listens, which token it takes and which data folder it
 * uses, resolved the same way for `plant-store serve` and the desktop app:
 * a command-line flag (serve only), else the environment, else the default.
 */
import { defaultDataDir } from './paths'
import { TOKEN_ENV } from '#auth/token'
import { ConfigError } from '#settings/errors'

export const DEFAULT_PORT = 7420
export const DEFAULT_HOST = '127.0.0.1'

/** The data directory: `flag` (--data), else PLANT_STORE_DATA, else the per-user default. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? (env.PLANT_STORE_DATA || defaultDataDir(env))
}

/** Parses a port number (0 = any free port); `source` names the flag or variable it came from. */
export function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${source} must be a port number from 0 to 65535; got "${raw}"`)
  }
  return Number(raw)
}

/** The port: `flag` (--port), else PLANT_STORE_PORT, else {@link DEFAULT_PORT}. */
export function resolvePort(flag: string | undefined, env: NodeJS.ProcessEnv): number {
  if (flag !== undefined) return parsePort(flag, '--port')
  return env.PLANT_STORE_PORT ? parsePort(env.PLANT_STORE_PORT, 'PLANT_STORE_PORT') : DEFAULT_PORT
}

/** The token PLANT_STORE_TOKEN fixes, if set (an empty value counts as unset); otherwise the data folder's token file is used. */
export function tokenFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  return env[TOKEN_ENV] || undefined
}
