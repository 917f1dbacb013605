/** `plant-store backup`: a backup of the catalogue on demand (safe while the server runs). */
import path from 'node:path'
import { backUpNow } from '#store'
import { sharedFolderWarning } from '#backup-folder/check-folder'
import { backUpTo } from '#backup-folder/offsite-backup'
import { plantCountText } from '#shared/words'
import { UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store backup [--to FOLDER] [--data DIR]

Writes the catalogue as it stands now (plants.json plus the changes in its
journal) into DIR/backups/ with the time in its name. The newest 10 backups are
kept. Safe to run while the server or the app is running.

With --to FOLDER (a USB stick, a network share) the backup goes there instead
(FOLDER is made if missing, but its parent must exist), is read back to check
it, and the newest 30 this data folder wrote there are kept (nothing else
there is deleted). To have the app do
this at every quit and daily: plant-store config set backup.dir FOLDER

Options:
  --to FOLDER  back up into FOLDER (off this computer's data folder)
${dataOptionHelp()}
  -h, --help   show this help
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { to: { type: 'string' } })
  // A damaged catalogue is not worth keeping as a "good" copy; this throws DataFileError for it.
  const backup = values.to === undefined ? await backUpNow(dataDir) : await backUpTo(dataDir, values.to, new Date(), { create: true })
  if (!backup) throw new UsageError(`there is no catalogue in ${path.resolve(dataDir)} to back up`)
  process.stdout.write(`Backed up ${plantCountText(backup)} to ${backup.file}\n`)
  const shared = values.to === undefined ? undefined : await sharedFolderWarning(path.dirname(backup.file))
  if (shared !== undefined) process.stderr.write(`Warning: ${shared}.\n`)
  return 0
}

export const backupCommand: Command = { summary: 'copy the catalogue into the backups folder now', help, run }
