/** `plant-store restore`: puts a backup back, after checking it. */
import { plantCountText } from '#shared/words'
import { newestBackups, type BackupsFound } from '#backup-folder/latest-backup'
import { DataFileError } from '#store/errors'
import { restoreFromBackup } from '#store'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store restore (--from FILE | --latest) [--data DIR]

Replaces the catalogue (plants.json) with a backup after checking that the
backup is a valid catalogue. The file it replaces is kept aside as
plants.json.replaced-<time>. Stop the server (or quit the app) first.

Options:
  --from FILE  the backup to restore (e.g. a file in DIR/backups/)
  --latest     restore the newest backup in DIR/backups/ or, of those this data
               folder wrote, in the backup folder (config set backup.dir: a USB
               stick, a share); says which file it used and which it left out
${dataOptionHelp()}
  -h, --help   show this help
`

/** The files `--latest` did not take, in words ("; left out: FILE (why), …"), or ''. */
function leftOutWords(found: BackupsFound): string {
  if (found.leftOut.length === 0) return ''
  const named = found.leftOut.slice(0, 3).map((item) => `${item.file} (${item.reason})`)
  const more = found.leftOut.length > 3 ? ` and ${found.leftOut.length - 3} more` : ''
  return `; left out: ${named.join(', ')}${more}; plant-store restore --from FILE takes a file you trust`
}

/** The newest backup of `dataDir` (its own and its backup folder's), and the words that say which it is. */
async function latest(dataDir: string): Promise<{ file: string; chosen: string; next: string | undefined }> {
  const found = await newestBackups(dataDir)
  const where = found.folders.join(' and ')
  const missing = found.missingFolder ? ` (the backup folder ${found.missingFolder} is not there: is the drive plugged in?)` : ''
  const [file, next] = found.files
  if (file === undefined) throw new UsageError(`there is no backup in ${where}${missing} that this data folder wrote${leftOutWords(found)}`)
  return { file, chosen: ` (the newest of ${found.files.length} in ${where}${missing}${leftOutWords(found)})`, next }
}

/** An export (CSV, a spreadsheet, the JSON list of plants) is the file people keep, and the likely mix-up. */
function looksLikeExport(file: string, error: DataFileError): boolean {
  return /\.(csv|tsv|xlsx|xls|ods)$/i.test(file) || error.problem.startsWith('the file holds an array')
}

/** Words for a file given to --from that cannot be restored: how to bring in an export, or which backups there are. */
async function notABackupWords(dataDir: string, file: string, error: DataFileError): Promise<string> {
  const found = await newestBackups(dataDir).catch(() => undefined)
  const backups =
    found !== undefined && found.files.length > 0
      ? `restore a backup instead: there are ${found.files.length} in ${found.folders.join(' and ')} (plant-store restore --latest takes the newest)`
      : 'there is no backup of this data folder yet'
  if (looksLikeExport(file, error)) {
    return `${file} is an export of plants, not a backup; nothing was restored. Bring it in with plant-store import "${file}" (it updates and adds plants), or ${backups}`
  }
  return `the backup ${file} cannot be used: ${error.problem}; nothing was restored. To go back to an earlier catalogue, ${backups}`
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { from: { type: 'string' }, latest: { type: 'boolean' } })
  if (values.from !== undefined && values.latest) throw new UsageError('give either --from FILE or --latest, not both')
  if (!values.latest && values.from === undefined) throw new UsageError('say which backup to restore: --from FILE, or --latest')
  const { file, chosen, next } = values.latest ? await latest(dataDir) : { file: values.from!, chosen: '', next: undefined }
  const result = await restoreFromBackup(dataDir, file).catch(async (error: unknown) => {
    if (!(error instanceof DataFileError)) throw error
    // A damaged newest backup: name the next one rather than leave the person to look for it.
    if (next !== undefined) {
      const words = `the backup ${file} cannot be used: ${error.problem}; nothing was restored`
      throw new CommandError(`${words}. The next newest backup is ${next}: plant-store restore --from "${next}"`, EXIT_CODES.failed)
    }
    throw new CommandError(await notABackupWords(dataDir, file, error), EXIT_CODES.failed)
  })
  const aside = result.keptAside ? ` The previous file was kept as ${result.keptAside}.` : ''
  process.stdout.write(`Restored ${plantCountText(result)} from ${file}${chosen}.${aside}\n`)
  return 0
}

export const restoreCommand: Command = { summary: 'put a backup back in place of the catalogue', help, run }
