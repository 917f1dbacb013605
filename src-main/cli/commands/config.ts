/** `plant-store config`: the settings kept in the data folder (the backup folder, the shop's currency and time zone). */
import path from 'node:path'
import { checkBackupFolder, sharedFolderWarning } from '#backup-folder/check-folder'
import { SETTING_KEYS, readSettings, resetDamagedSettings, writeSetting } from '#settings/settings'
import { currencyProblem } from '#shared/shop'
import { canonicalTimeZone, timeZoneProblem } from '#shared/shop-day'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store config set KEY VALUE | get KEY | unset KEY | reset [--data DIR]

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

config reset repairs a damaged settings.json: it keeps the file aside as
settings.json.damaged-TIME and goes back to the default settings (set them
again with config set). A settings file that can be read is left alone.

Options:
${dataOptionHelp()}
  -h, --help   show this help
`

function readKey(key: string | undefined): (typeof SETTING_KEYS)[number] {
  if ((SETTING_KEYS as readonly (string | undefined)[]).includes(key)) return key as (typeof SETTING_KEYS)[number]
  throw new UsageError(`unknown setting "${key ?? ''}"; the settings are ${SETTING_KEYS.join(', ')}`)
}

/** An IANA time zone name, whatever its case ("europe/berlin" is Europe/Berlin), in its canonical spelling. */
function timeZoneValue(value: string): string {
  const zone = canonicalTimeZone(value)
  if (zone === undefined) throw new UsageError(timeZoneProblem(value.trim())!)
  return zone
}

/** An ISO 4217 code, whatever its case ("gbp" is GBP). */
function currencyValue(value: string): string {
  const code = value.trim().toUpperCase()
  const problem = currencyProblem(code)
  if (problem !== undefined) throw new UsageError(problem)
  return code
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

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { positionals, dataDir } = readOptions(args, env, {}, true)
  const [action, rawKey, value, ...rest] = positionals
  if (rest.length > 0) throw new UsageError('too many arguments; see plant-store config --help')
  if (action === 'reset' && rawKey === undefined) return reset(dataDir)
  const key = readKey(rawKey)
  if (action === 'get') {
    const current = (await readSettings(dataDir))[key]
    process.stdout.write(current === undefined ? '' : `${current}\n`)
    return 0
  }
  if (action === 'set' && value !== undefined && value.trim() !== '') {
    // Backup folder: the same check as the Settings dialog's (PUT /v3/backup): an existing, writable folder outside the data folder.
    const stored =
      key === 'currency' ? currencyValue(value) : key === 'timeZone' ? timeZoneValue(value) : await checkBackupFolder(path.resolve(value), dataDir)
    await writeSetting(dataDir, key, stored)
    process.stdout.write(`${key} = ${stored}\n`)
    const shared = key === 'backup.dir' ? await sharedFolderWarning(stored) : undefined
    if (shared !== undefined) process.stderr.write(`Warning: ${shared}.\n`)
    return 0
  }
  if (action === 'unset' && value === undefined) {
    await writeSetting(dataDir, key, undefined)
    return 0
  }
  throw new UsageError('write plant-store config set KEY VALUE, config get KEY, config unset KEY or config reset')
}

export const configCommand: Command = { summary: 'change a setting (backup.dir, currency, timeZone)', help, run }
