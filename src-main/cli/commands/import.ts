/** `plant-store import FILE`: a CSV or JSON file into the catalogue, all or nothing, with or without a running server. */
import { createReadStream, existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { MAX_IMPORT_BYTES, formatRowError, type ImportSummary } from '#shared/import-export'
import { withCatalogue } from '#app/reach-catalogue'
import { decodeUtf8 } from '#server/http/read-json-body'
import { remoteImport } from '#transfer/remote-transfer'
import { importText, planText, type ImportOutcome } from '#transfer/transfer'
import { DATA_FILE_NAME } from '#store'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { readFormat } from './export'
import { dataOptionHelp, readOptions } from '#cli/options'
import { commandProgress, type TerminalProgress } from '#cli/output/progress-bar'

const help = `Usage: plant-store import FILE [--dry-run] [--format csv|json] [--data DIR]

Loads a CSV or JSON file (as plant-store export writes it, or a spreadsheet's
own CSV with comma or semicolon). A row with an id updates that plant (only the
cells that differ); a row without id adds a plant. Every row is checked first:
if any has an error, nothing is changed and each error is listed by row. Works
whether or not the server or the app is running. See docs/import-export.md.

On a terminal, a progress line on stderr for work that takes over a second.

Options:
  --dry-run    only show what would change
  --format F   csv or json (default: from the file name, .json is JSON)
${dataOptionHelp()}
  -h, --help   show this help

Exit code: 0 imported (or a clean dry run), 1 errors in the file, 2 usage.
`

/** Errors printed before "… and N more". */
const ERRORS_SHOWN = 50

function summaryTable(summary: ImportSummary): string {
  const rows: [string, number][] = [
    ['added', summary.added],
    ['updated', summary.updated],
    ['unchanged', summary.unchanged],
    ['errors', summary.errors.length]
  ]
  const width = Math.max(...rows.map(([, count]) => String(count).length))
  return rows.map(([label, count]) => `  ${label.padEnd(10)}${String(count).padStart(width)}`).join('\n') + '\n'
}

function report(summary: ImportSummary, dryRun: boolean, rejected: boolean): void {
  for (const warning of summary.warnings) process.stderr.write(`warning: ${warning}\n`)
  for (const error of summary.errors.slice(0, ERRORS_SHOWN)) process.stderr.write(`${formatRowError(error)}\n`)
  if (summary.errors.length > ERRORS_SHOWN) process.stderr.write(`… and ${summary.errors.length - ERRORS_SHOWN} more errors\n`)
  const heading = dryRun ? 'Dry run: nothing was changed.' : rejected ? 'Nothing was imported: fix the rows above and import again.' : 'Imported.'
  process.stdout.write(`${heading}\n${summaryTable(summary)}`)
}

/** Reads `file`, its progress shown as a bar (its size is known). */
async function readWithProgress(file: string, progress: TerminalProgress): Promise<Buffer> {
  const { size } = await stat(file)
  // The limit of the API and the desktop app's Open dialog: the same file gets the same answer with or without a server.
  if (size > MAX_IMPORT_BYTES) {
    const limit = `${MAX_IMPORT_BYTES / 1024 / 1024} MiB`
    throw new CommandError(`${file} is over ${limit}, the most an import takes; split it into smaller files`, EXIT_CODES.failed)
  }
  progress.phase(`Reading ${path.basename(file)}`, size)
  const chunks: Buffer[] = []
  for await (const chunk of createReadStream(file)) {
    chunks.push(chunk as Buffer)
    progress.advance((chunk as Buffer).length)
  }
  return Buffer.concat(chunks)
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals: files, dataDir } = readOptions(args, env, { 'dry-run': { type: 'boolean' }, format: { type: 'string' } }, true)
  if (files.length !== 1) throw new UsageError('name one file to import, e.g. plant-store import plants.csv')
  const file = files[0]!
  const format = readFormat(values.format, path.extname(file).toLowerCase() === '.json' ? 'json' : 'csv')
  const dryRun = values['dry-run'] === true
  const progress = commandProgress(env)
  let outcome: ImportOutcome
  try {
    const bytes = await readWithProgress(file, progress).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof CommandError) throw error
      throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)
    })
    const decoded = () => {
      const text = decodeUtf8(bytes)
      // A fault of the file (exit 1, as the server's 400 gives), not of the command line.
      if (text === undefined) throw new CommandError(`${file} is not UTF-8 text; save it as "CSV UTF-8" (or JSON in UTF-8)`, EXIT_CODES.failed)
      return text
    }
    // A dry run changes nothing: over a folder with no catalogue yet it previews against an empty one, making none.
    outcome =
      dryRun && !existsSync(path.join(dataDir, DATA_FILE_NAME))
        ? { summary: planText(format, decoded(), () => undefined).summary, rejected: false }
        : await withCatalogue(dataDir, env, 'plant-store import', async ({ client, store }) => {
            progress.phase(dryRun ? `Checking ${path.basename(file)}` : `Importing ${path.basename(file)}`)
            return store ? importText(store, format, decoded(), dryRun) : remoteImport(client, format, bytes, dryRun)
          })
  } finally {
    progress.finish()
  }
  report(outcome.summary, dryRun, outcome.rejected)
  return outcome.summary.errors.length > 0 ? 1 : 0
}

export const importCommand: Command = { summary: 'load a CSV or JSON file into the catalogue (all or nothing)', help, run }
