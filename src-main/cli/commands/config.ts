/**
 * `plant-store config`: the settings kept in the data folder (the backup folder, the shop's currency and time zone,
 * the LAN listener, and the receipt's words and VAT: config-sales.ts).
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { checkDataFolder } from '#store'
import { checkBackupFolder, sharedFolderWarning } from '#backup-folder/check-folder'
import { SETTINGS_FILE_NAME, SETTING_KEYS, changeSettings, readSettings, resetDamagedSettings, writeSetting } from '#settings/settings'
import { DEFAULT_LAN_PORT, lanAddressProblem, lanPortProblem } from '#shared/lan'
import { currencyProblem } from '#shared/shop'
import { canonicalTimeZone, timeZoneProblem } from '#shared/shop-day'
import { canonicalLocale, localeProblem } from '#shared/shop-locale'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { whyUnreachable } from '#till/lan-refusal'
import { changeLanOnServer, lanStateLine } from './config-lan'
import { SALES_KEYS_HELP, listSalesKeys, runSalesKey } from './config-sales'
import { SALES_CONFIG_KEYS, isSalesConfigKey } from '#settings/sales-config'

const help = `Usage: plant-store config set KEY VALUE | get KEY | unset KEY | list | reset
       [--data DIR] [--create]

Settings:
  backup.dir   a folder off this computer (a USB stick, a network share) that
               receives a backup at every quit and daily while running; the
               newest 30 are kept there. It must exist, be writable and lie
               outside the data folder
  currency     the shop's currency, an ISO 4217 code (any case: gbp is GBP); by
               default that of the region the computer's locale names, else EUR
  timeZone     the shop's time zone, an IANA name (any case: europe/berlin is
               Europe/Berlin); by default the computer's. The sales report counts
               sales per day in it, and file names carry its date
  locale       how the shop writes dates, times and amounts: a language and
               region such as en-GB (08/11/2026, 19:51) or en-US (11/08/2026,
               07:51 PM), any case; by default the computer's
  lan.address  one IP address of this computer (e.g. 192.168.1.20) where the
               shop's other tills may connect, over TLS only, once paired (see
               plant-store lan); unset: this computer only. A running server
               (or the app) listens there at once, or says why it cannot
  lan.port     the port of that address (default ${DEFAULT_LAN_PORT})

${SALES_KEYS_HELP}
config list shows every setting that is set, one per line.

config reset repairs a damaged settings.json: it keeps the file aside as
settings.json.damaged-TIME and goes back to the default settings (set them
again with config set). A settings file that can be read is left alone.

Options:
${dataOptionHelp()}
  --create     make the data folder given by --data or PLANT_STORE_DATA when it
               does not exist yet (a new shop); the default one is made anyway
  -h, --help   show this help
`

function readKey(key: string | undefined): (typeof SETTING_KEYS)[number] {
  if ((SETTING_KEYS as readonly (string | undefined)[]).includes(key)) return key as (typeof SETTING_KEYS)[number]
  throw new UsageError(`unknown setting "${key ?? ''}"; the settings are ${[...SETTING_KEYS, ...SALES_CONFIG_KEYS].join(', ')}`)
}

/** An IANA time zone name, whatever its case ("europe/berlin" is Europe/Berlin), in its canonical spelling. */
function timeZoneValue(value: string): string {
  const zone = canonicalTimeZone(value)
  if (zone === undefined) throw new UsageError(timeZoneProblem(value.trim())!)
  return zone
}

/** A shop locale, whatever its case ("en-gb" or en_GB is en-GB), in Intl's canonical spelling. */
function localeValue(value: string): string {
  const locale = canonicalLocale(value) ?? value.trim()
  const problem = localeProblem(locale)
  if (problem !== undefined) throw new UsageError(problem)
  return locale
}

/** An ISO 4217 code, whatever its case ("gbp" is GBP). */
function currencyValue(value: string): string {
  const code = value.trim().toUpperCase()
  const problem = currencyProblem(code)
  if (problem !== undefined) throw new UsageError(problem)
  return code
}

/** A value for the LAN listener's address or port, checked as PUT /v3/settings/lan checks it. */
function lanValue(key: 'lan.address' | 'lan.port', value: string): string | number {
  const stored = key === 'lan.port' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim()
  const problem = key === 'lan.port' ? lanPortProblem(stored) : (lanAddressProblem(stored) ?? whyUnreachable(String(stored))?.message)
  if (problem !== undefined) throw new UsageError(problem)
  return stored
}

const isLanKey = (key: string): key is 'lan.address' | 'lan.port' => key === 'lan.address' || key === 'lan.port'

/** The value `key` is stored with, checked. */
async function storedValue(key: (typeof SETTING_KEYS)[number], value: string, dataDir: string): Promise<string | number> {
  if (key === 'currency') return currencyValue(value)
  if (key === 'timeZone') return timeZoneValue(value)
  if (key === 'locale') return localeValue(value)
  if (isLanKey(key)) return lanValue(key, value)
  // Backup folder: the same check as the Settings dialog's (PUT /v3/backup): an existing, writable folder outside the data folder.
  return checkBackupFolder(path.resolve(value), dataDir)
}

/**
 * Refuses a data folder that is not there (a typo in --data would otherwise get a new folder and a "done" for a
 * setting the real catalogue never sees), unless it may be made: the default folder before a first start, or
 * --create. An existing one must pass the check every command makes (this user's, not writable by others).
 */
async function checkSettingsFolder(dataDir: string, mayCreate: boolean): Promise<void> {
  const folder = await stat(dataDir).catch(() => undefined)
  if (folder === undefined) {
    if (mayCreate) return // writeSetting makes it, private (0700), as a first start does
    throw new CommandError(
      `there is no data folder ${path.resolve(dataDir)}; check --data or PLANT_STORE_DATA, or add --create to make it for a new shop`,
      EXIT_CODES.notFound
    )
  }
  await checkDataFolder(dataDir, [SETTINGS_FILE_NAME])
}

async function reset(dataDir: string): Promise<number> {
  const aside = await resetDamagedSettings(dataDir)
  if (aside === undefined) {
    throw new CommandError(
      'the settings file is not damaged, so it was not reset; change one setting with config set or config unset',
      EXIT_CODES.failed
    )
  }
  process.stdout.write(`The damaged settings were kept as ${aside}; the default settings apply now (set them again with plant-store config set).\n`)
  return 0
}

/** `config list`: every setting that is set, `KEY = VALUE`, the sales settings' after the others. */
async function list(dataDir: string): Promise<number> {
  const settings = await readSettings(dataDir)
  const lines = SETTING_KEYS.filter((key) => settings[key] !== undefined).map((key) => `${key} = ${settings[key]}`)
  process.stdout.write([...lines, ...listSalesKeys(settings)].map((line) => `${line}\n`).join(''))
  return 0
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals, dataDir, dataFrom } = readOptions(args, env, { create: { type: 'boolean' } }, true)
  const [action, rawKey, value, ...rest] = positionals
  if (rest.length > 0 && !isSalesConfigKey(rawKey)) throw new UsageError('too many arguments; see plant-store config --help')
  if (action === 'reset' && rawKey === undefined) return reset(dataDir)
  if (action === 'list' && rawKey === undefined) return list(dataDir)
  if (isSalesConfigKey(rawKey) && (action === 'set' || action === 'get' || action === 'unset')) {
    await checkSettingsFolder(dataDir, action === 'set' && (values.create === true || dataFrom === 'default'))
    return runSalesKey(dataDir, action, rawKey, positionals.slice(2))
  }
  const key = readKey(rawKey)
  await checkSettingsFolder(dataDir, action === 'set' && (values.create === true || dataFrom === 'default'))
  if (action === 'get') {
    const current = (await readSettings(dataDir))[key]
    process.stdout.write(current === undefined ? '' : `${current}\n`)
    return 0
  }
  if (action === 'set' && value !== undefined && value.trim() !== '') {
    const stored = await storedValue(key, value, dataDir)
    const onServer = isLanKey(key) ? await changeLanOnServer(dataDir, env, key, stored) : undefined
    if (onServer === undefined) await changeSettings(dataDir, (settings) => Object.assign(settings, { [key]: stored }))
    process.stdout.write(`${key} = ${stored}\n${onServer ? lanStateLine(onServer) : ''}`)
    const shared = key === 'backup.dir' ? await sharedFolderWarning(String(stored)) : undefined
    if (shared !== undefined) process.stderr.write(`Warning: ${shared}.\n`)
    return 0
  }
  if (action === 'unset' && value === undefined) {
    const onServer = isLanKey(key) ? await changeLanOnServer(dataDir, env, key, undefined) : undefined
    if (onServer === undefined) await writeSetting(dataDir, key, undefined)
    else process.stdout.write(lanStateLine(onServer))
    return 0
  }
  throw new UsageError('write plant-store config set KEY VALUE, config get KEY, config unset KEY, config list or config reset')
}

export const configCommand: Command = {
  summary: 'change a setting (backup.dir, currency, timeZone, lan, the shop name and address, VAT rates, receipt footer)',
  help,
  run
}
