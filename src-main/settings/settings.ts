/**
 * Settings kept in the data folder (settings.json), changed with
 * `plant-store config set KEY VALUE`. Written durably like the catalogue.
 */
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { ImportChoices } from '#shared/import-mapping'
import type { SalesSettings } from '#shared/tax'
import { ConfigError } from '#settings/errors'
import { replaceFile } from '#lib/durable-file'
import { withFileLock } from '#lib/file-lock'

/** Name of the settings file inside the data directory. */
export const SETTINGS_FILE_NAME = 'settings.json'

/** Every setting, by key. */
export interface Settings {
  /** A folder elsewhere (USB stick, network share) that also receives backups. */
  'backup.dir'?: string
  /** The shop's currency (ISO 4217), for prices; see shop-settings.ts. */
  currency?: string
  /** The shop's IANA time zone, which decides the shop's day; see shop-settings.ts. */
  timeZone?: string
  /** The one address of this computer where other tills may connect (TLS); none: they may not. See lan-settings.ts. */
  'lan.address'?: string
  /** The port of that listener (default 7421). */
  'lan.port'?: number
  /** The column mappings of applied imports, by header shape; see import-mappings.ts. Not a `config` key. */
  'import.mappings'?: Record<string, { choices: ImportChoices; usedAt: string }>
  /** Prices with or without tax, the tax rates, a receipt's head; see sales-settings.ts. Not a `config` key. */
  sales?: SalesSettings
}

/** The keys `config` accepts. */
export const SETTING_KEYS = ['backup.dir', 'currency', 'timeZone', 'lan.address', 'lan.port'] as const satisfies readonly (keyof Settings)[]

/** The settings of `dataDir`; none set when the file is missing. */
export async function readSettings(dataDir: string): Promise<Settings> {
  try {
    const value = JSON.parse(await readFile(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8')) as unknown
    return typeof value === 'object' && value !== null ? (value as Settings) : {}
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new ConfigError(`the settings in ${path.join(dataDir, SETTINGS_FILE_NAME)} cannot be read: ${(error as Error).message}`)
  }
}

/**
 * Changes the settings of `dataDir` under the file's short lock, so that two writers (the CLI's `config set`,
 * a server remembering an import's mapping) never lose each other's change.
 */
export async function changeSettings(dataDir: string, change: (settings: Settings) => void): Promise<void> {
  // Set before the first start: the data folder is made as a start makes it (private), not refused as "File not found".
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  await withFileLock(file, async () => {
    const settings = await readSettings(dataDir)
    change(settings)
    await replaceFile(file, JSON.stringify(settings, null, 2) + '\n')
  })
}

/** Sets (or, with undefined, removes) `key` in the settings of `dataDir`. */
export async function writeSetting<K extends (typeof SETTING_KEYS)[number]>(dataDir: string, key: K, value: Settings[K] | undefined): Promise<void> {
  await changeSettings(dataDir, (settings) => {
    if (value === undefined) delete settings[key]
    else settings[key] = value
  })
}
