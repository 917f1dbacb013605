/** `plant-store restore`: puts a backup back, after checking it. */
import { countOf } from '#shared/words'
import { latestBackup, restoreFromBackup } from '#store'
import { UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store restore (--from FILE | --latest) [--data DIR]

Replaces the catalogue (plants.json) with a backup after checking that the
backup is a valid catalogue. The file it replaces is kept aside as
plants.json.replaced-<time>. Stop the server (or quit the app) first.

Options:
  --from FILE  the backup to restore (e.g. a file in DIR/backups/)
  --latest     restore the newest file in DIR/backups/
${dataOptionHelp()}
  -h, --help   show this help
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { from: { type: 'string' }, latest: { type: 'boolean' } })
  if (values.from !== undefined && values.latest) throw new UsageError('give either --from FILE or --latest, not both')
  const source = values.latest ? await latestBackup(dataDir) : values.from
  if (source === undefined) {
    throw new UsageError(values.latest ? `there is no backup in ${dataDir}/backups` : 'say which backup to restore: --from FILE, or --latest')
  }
  const result = await restoreFromBackup(dataDir, source)
  const aside = result.keptAside ? ` The previous file was kept as ${result.keptAside}.` : ''
  process.stdout.write(`Restored ${countOf(result.plantCount, 'plant')} from ${source}.${aside}\n`)
  return 0
}

export const restoreCommand: Command = { summary: 'put a backup back in place of the catalogue', help, run }
