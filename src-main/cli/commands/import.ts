/** `plant-store import FILE`: a CSV or JSON file into the catalogue, all or nothing, with or without a running server. */
import { createReadStream, existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { MAX_IMPORT_BYTES, formatOfFileName, formatRowError, moreText, stockCountText, type ImportSummary } from '#shared/import-export'
import { withCatalogue } from '#app/reach-catalogue'
import { decodeUtf8 } from '#server'
import { readImportMappings, rememberImportMapping, shouldRemember } from '#settings/import-mappings'
import { readShopSettings } from '#settings/shop-settings'
import { remoteImport } from '#transfer/remote-transfer'
import { TooManyColumnsError } from '#transfer/import-errors'
import type { ImportOutcome } from '#transfer/transfer'
import { CLI_ACTOR, DATA_FILE_NAME } from '#store'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { readFormat } from './export'
import { CHOICE_OPTIONS, CHOICE_OPTIONS_HELP, describeMapping, readChoices } from './import-choices'
import { withImportInterruptNotice } from './import-interrupt'
import { forgetImport, importKeyFor, rememberImport, type ImportKey } from './import-retry'
import { OWNER_TOKEN_NAME } from '#shared/named-token'
import { ApiError } from '#shared/api-client'
import { dataOptionHelp, readOptions } from '#cli/options'
import { commandProgress, type TerminalProgress } from '#cli/output/progress-bar'
import { maxOf } from '#shared/arrays'

const help = `Usage: plant-store import FILE [--dry-run] [--format csv|json|xlsx] [mapping options] [--data DIR]

Loads a CSV file, an Excel workbook (.xlsx) or a JSON file: Plant Store's own
export, another system's (Shopify, Square, Loyverse, WooCommerce: recognised
from the header), or a shop's own sheet (headings such as Name, Bezeichnung,
Preis, Prix, Prijs are recognised; comma, semicolon or tab; UTF-8, UTF-16 or
Windows-1252). A row with an id updates that plant (only the cells that
differ); a row without id adds a plant. Every row is checked first: if any has
an error, nothing is changed and each error is listed by row. The mapping used
is printed, and remembered for the next file of the same header. Works whether
or not the server or the app is running. See docs/import-export.md.

On a terminal, a progress line on stderr for work that takes over a second.

Options:
  --dry-run    only show what would change
  --format F   csv, json or xlsx (default: from the file name)
${CHOICE_OPTIONS_HELP}
${dataOptionHelp()}
  -h, --help   show this help

Every import sends an Idempotency-Key, remembered in the data folder (import-retry.json)
until an answer comes. Ctrl+C while a running server imports the file cannot take it
back: the command says so (exit 130). Running the same command again (the same file,
the same options) sends the same key, so the file is imported at most once: a retry
of an import that was applied answers with its summary and adds nothing twice. Retry
before importing another file, whose key takes the place of the interrupted one's.

Exit code: 0 imported (or a clean dry run), 1 errors in the file, 2 usage.
`

/** Errors printed before "… and N more". */
const ERRORS_SHOWN = 50

function summaryTable(summary: ImportSummary): string {
  const rows: [string, number][] = [
    ['added', summary.added],
    ['updated', summary.updated],
    ['unchanged', summary.unchanged],
    ['errors', summary.errors.length + (summary.moreErrors ?? 0)]
  ]
  const width = maxOf(rows.map(([, count]) => String(count).length))
  return rows.map(([label, count]) => `  ${label.padEnd(10)}${String(count).padStart(width)}`).join('\n') + '\n'
}

function report(summary: ImportSummary, dryRun: boolean, rejected: boolean, replayed = false): void {
  if (summary.mapping) process.stderr.write(describeMapping(summary.mapping))
  for (const warning of summary.warnings) process.stderr.write(`warning: ${warning}\n`)
  if (summary.moreWarnings) process.stderr.write(`warning: ${moreText(summary.moreWarnings, 'warning')}\n`)
  for (const error of summary.errors.slice(0, ERRORS_SHOWN)) process.stderr.write(`${formatRowError(error)}\n`)
  const notShown = summary.errors.length - Math.min(summary.errors.length, ERRORS_SHOWN) + (summary.moreErrors ?? 0)
  if (notShown > 0) process.stderr.write(`${moreText(notShown, 'error')}\n`)
  const heading = dryRun
    ? 'Dry run: nothing was changed.'
    : rejected
      ? 'Nothing was imported: fix the rows above and import again.'
      : replayed
        ? 'Imported already by the interrupted run: nothing was imported again. Its summary:'
        : 'Imported.'
  process.stdout.write(`${heading}\n${summaryTable(summary)}${summary.stock ? `${stockCountText(summary.stock)}\n` : ''}`)
}

const tooBig = (file: string) =>
  new CommandError(`${file} is over ${MAX_IMPORT_BYTES / 1024 / 1024} MiB, the most an import takes; split it into smaller files`, EXIT_CODES.failed)

/**
 * Sends an applied import under `retry`'s key, remembered in the data folder (import-retry.ts) until its summary is
 * printed (see run): a refusal forgets it at once; anything else (Ctrl+C, a lost connection, a kill between the import
 * and its summary) leaves it for a retry, which then answers with the first import's summary.
 */
async function sendOnce(dataDir: string, retry: ImportKey, send: () => Promise<ImportOutcome>): Promise<ImportOutcome> {
  if (retry.resumed)
    process.stderr.write(
      `Importing ${retry.pending.file} again under the key of the run interrupted at ${retry.pending.since}: it is imported at most once.\n`
    )
  await rememberImport(dataDir, retry.pending)
  try {
    return await send()
  } catch (error) {
    if (error instanceof ApiError && error.status !== 503) await forgetImport(dataDir, retry.pending) // answered: not applied
    throw error
  }
}

/**
 * Reads `file`, its progress shown as a bar when its size is known. The limit holds for what is read, not for the
 * size the file claims: a device (/dev/zero) or a pipe (a FIFO, `<(command)`) says 0 and may never end.
 */
async function readWithProgress(file: string, progress: TerminalProgress): Promise<Buffer> {
  const info = await stat(file)
  // The limit of the API and the desktop app's Open dialog: the same file gets the same answer with or without a server.
  if (info.size > MAX_IMPORT_BYTES) throw tooBig(file)
  progress.phase(`Reading ${path.basename(file)}`, info.isFile() ? info.size : undefined)
  const chunks: Buffer[] = []
  let read = 0
  // `end` is inclusive: one byte past the limit is enough to know the file is over it.
  for await (const chunk of createReadStream(file, { end: MAX_IMPORT_BYTES })) {
    read += (chunk as Buffer).length
    if (read > MAX_IMPORT_BYTES) throw tooBig(file)
    chunks.push(chunk as Buffer)
    progress.advance((chunk as Buffer).length)
  }
  return Buffer.concat(chunks)
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = { 'dry-run': { type: 'boolean' }, format: { type: 'string' }, ...CHOICE_OPTIONS } as const
  const { values, positionals: files, dataDir } = readOptions(args, env, options, true)
  if (files.length !== 1) throw new UsageError('name one file to import, e.g. plant-store import plants.csv')
  const file = files[0]!
  const format = readFormat(values.format, formatOfFileName(file))
  const dryRun = values['dry-run'] === true
  const choices = await readChoices(values)
  const progress = commandProgress(env)
  let outcome: ImportOutcome
  let retry: ImportKey | undefined
  try {
    const bytes = await readWithProgress(file, progress).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof CommandError) throw error
      throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)
    })
    // A fault of the file (exit 1, as the server's 400 gives), not of the command line.
    if (format === 'json' && decodeUtf8(bytes) === undefined)
      throw new CommandError(`${file} is not UTF-8 text; save the JSON in UTF-8`, EXIT_CODES.failed)
    // Loaded here, not with the command line: its CSV code need not slow `plant-store serve`'s start.
    const { importFile, planFile } = await import('#transfer/transfer')
    retry = dryRun ? undefined : await importKeyFor(dataDir, file, format, choices, bytes)
    const key = retry
    const once = (send: () => Promise<ImportOutcome>) => (key ? sendOnce(dataDir, key, send) : send())
    // A dry run changes nothing: over a folder with no catalogue yet it previews against an empty one, making none.
    outcome =
      dryRun && !existsSync(path.join(dataDir, DATA_FILE_NAME))
        ? { summary: planFile({ format, bytes, choices }, () => undefined).summary, rejected: false }
        : await withCatalogue(dataDir, env, { holder: 'plant-store import', use: dryRun ? 'read' : 'write' }, async ({ client, store }) => {
            progress.phase(dryRun ? `Checking ${path.basename(file)}` : `Importing ${path.basename(file)}`)
            if (!store) {
              const send = () => remoteImport(client, format, bytes, dryRun, choices, key?.pending.key)
              return dryRun ? send() : once(() => withImportInterruptNotice(file, send))
            }
            const remembered = await readImportMappings(dataDir)
            // As the server does: prices written in another currency are named (a damaged settings file: not checked).
            const shopCurrency = await readShopSettings(dataDir).then(
              (shop) => shop.currency,
              () => undefined
            )
            const scope = key && { by: OWNER_TOKEN_NAME, key: key.pending.key } // the owner's, as a server keeps the CLI's keys
            // Ctrl+C here is said as with a server: the folder's journal holds the import whole or not at all.
            const local = await once(() =>
              withImportInterruptNotice(file, () => importFile(store, { format, bytes, choices, remembered, shopCurrency }, dryRun, CLI_ACTOR, scope))
            )
            const mapping = local.summary.mapping
            // As the server does: the next file of this header shape is read the same way.
            if (shouldRemember(local.summary, Object.keys(choices).length > 0))
              await rememberImportMapping(dataDir, mapping!.shape, mapping!.choices).catch(() => undefined)
            return local
          })
  } catch (error) {
    // A fault of the file (exit 1), worded as the server's 413 is.
    if (error instanceof TooManyColumnsError) throw new CommandError(error.message, EXIT_CODES.failed)
    throw error
  } finally {
    progress.finish()
  }
  report(outcome.summary, dryRun, outcome.rejected, outcome.replayed)
  // Only now: a run cut off between the import and its summary leaves the key, so running it again says what was done.
  if (retry) await forgetImport(dataDir, retry.pending)
  return outcome.summary.errors.length > 0 ? 1 : 0
}

export const importCommand: Command = { summary: 'load a CSV or JSON file into the catalogue (all or nothing)', help, run }
