/**
 * Settings kept in the data folder (settings.json), changed with
 * `plant-store config set KEY VALUE`. Written durably like the catalogue.
 */
import { mkdir, readFile, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ImportChoices } from '#shared/import-mapping'
import type { SalesSettings } from '#shared/tax'
import { DamagedFileError } from '#lib/damaged-file-error'
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
  /** The shop's locale (BCP 47) for dates, times and amounts; see shop-settings.ts. */
  locale?: string
  /** The one address of this computer where other tills may connect (TLS); none: they may not. See lan-settings.ts. */
  'lan.address'?: string
  /** The port of that listener (default 7421). */
  'lan.port'?: number
  /** The column mappings of applied imports, by header shape; see import-mappings.ts. Not a `config` key. */
  'import.mappings'?: Record<string, { choices: ImportChoices; usedAt: string }>
  /** Prices with or without tax, the tax rates, a receipt's head; see sales-settings.ts. Not a `config` key. */
  sales?: SalesSettings
  /**
   * The shop's set-up on the main computer (name, country, tax, owner, first plants): 'pending' from the first run's
   * "main computer" until the owner finishes or skips it, then when. Absent (a folder from before, or one started
   * with `plant-store serve`): nothing to set up. See server/routes/setup/main-computer.ts. Not a `config` key.
   */
  shopSetUp?: 'pending' | { doneAt: string }
}

/** The keys `config` accepts. */
export const SETTING_KEYS = ['backup.dir', 'currency', 'timeZone', 'locale', 'lan.address', 'lan.port'] as const satisfies readonly (keyof Settings)[]

/** How a damaged settings file is repaired, for every message that names one. */
const REPAIR =
  'repair it with `plant-store config reset` (it keeps the damaged file aside and goes back to the default settings, ' +
  'which you then set again), or fix the file by hand'

function damagedSettings(file: string, problem: string): DamagedFileError {
  return new DamagedFileError(
    file,
    `the settings file ${file} is damaged: ${problem}. The shop's currency, time zone, sales settings and backup folder ` +
      `cannot be read until it is repaired; ${REPAIR}. The catalogue itself is not affected`
  )
}

/** The settings of `dataDir`; none set when the file is missing. Throws DamagedFileError for a file that cannot be used. */
export async function readSettings(dataDir: string): Promise<Settings> {
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new DamagedFileError(file, `the settings file ${file} cannot be read: ${(error as Error).message}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw damagedSettings(file, `it is not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw damagedSettings(file, `it holds ${Array.isArray(value) ? 'a list' : JSON.stringify(value)?.slice(0, 20)}, not an object of settings`)
  }
  return value as Settings
}

/**
 * Keeps a damaged settings file aside (settings.json.damaged-TIME) so that the defaults apply again; returns where it
 * went. Undefined, with nothing changed, when the file can be read: resetting it would throw away good settings.
 */
export async function resetDamagedSettings(dataDir: string, now = new Date()): Promise<string | undefined> {
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  return withFileLock(file, async () => {
    try {
      await readSettings(dataDir)
    } catch (error) {
      if (!(error instanceof DamagedFileError)) throw error
      const aside = `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`
      await rename(file, aside)
      return aside
    }
    return undefined
  })
}

/**
 * Changes the settings of `dataDir` under the file's short lock, so that two writers (the CLI's `config set`,
 * a server remembering an import's mapping) never lose each other's change.
 */
export async function changeSettings(dataDir: string, change: (settings: Settings) => void): Promise<SettingsRead> {
  // Set before the first start: the data folder is made as a start makes it (private), not refused as "File not found".
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  return withFileLock(file, async () => {
    const settings = await readSettings(dataDir)
    change(settings)
    await replaceFile(file, JSON.stringify(settings, null, 2) + '\n')
    return { settings, stamp: await settingsStamp(dataDir) } // still under the lock: no other writer came between
  })
}

/** Settings as read, with the {@link settingsStamp} of the file they were read from. */
export interface SettingsRead {
  settings: Settings
  /** Undefined when the file could not be told apart (a fault stat met): not to be held. */
  stamp: string | undefined
}

/**
 * A file changed this recently may change again within the file system's timestamp tick, keeping its stamp (and a
 * replaced file may get the inode of the one it replaced): it is not told apart until this much older (as git's
 * "racily clean" index entries).
 */
const RACY_MS = 2000

/**
 * What tells one settings.json from another without reading it: its inode, size and times (a write replaces the
 * file, so a new inode), or `none` when there is no file. One stat. Undefined when it cannot be told apart: a file
 * changed within {@link RACY_MS}, or a fault stat met.
 */
export async function settingsStamp(dataDir: string): Promise<string | undefined> {
  try {
    const info = await stat(path.join(dataDir, SETTINGS_FILE_NAME), { bigint: true })
    if (Date.now() - Number(info.mtimeMs) < RACY_MS) return undefined
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`
  } catch (error) {
    // Any other fault: undefined, so the file is read again, and readSettings words what is wrong with it.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : undefined
  }
}

/** Sets (or, with undefined, removes) `key` in the settings of `dataDir`. */
export async function writeSetting<K extends (typeof SETTING_KEYS)[number]>(dataDir: string, key: K, value: Settings[K] | undefined): Promise<void> {
  await changeSettings(dataDir, (settings) => {
    if (value === undefined) delete settings[key]
    else settings[key] = value
  })
}
