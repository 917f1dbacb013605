/** Options several commands share, with their environment fallbacks. */
import { defaultDataDir } from '../paths'
import { UsageError } from './command'

export const DEFAULT_PORT = 7420
export const DEFAULT_HOST = '127.0.0.1'

/** Help line of --data, naming this machine's default. */
export function dataOptionHelp(): string {
  return `  --data DIR   data directory (default ${defaultDataDir()})   env PLANT_STORE_DATA`
}

/** The data directory: --data, else PLANT_STORE_DATA, else the per-user default. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? (env.PLANT_STORE_DATA || defaultDataDir(env))
}

/** Parses a port number (0 = any free port). */
export function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`${source} must be a port number from 0 to 65535; got "${raw}"`)
  }
  return Number(raw)
}
