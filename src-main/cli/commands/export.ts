/** `plant-store export`: the catalogue as CSV, JSON or an Excel workbook, on stdout or into a file, with or without a running server. */
import { Readable, Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { TRANSFER_FORMATS, formatOfFileName, type TransferFormat } from '#shared/import-export'
import { PLANT_STATUSES, isPlantStatus, type PlantStatus } from '#shared/plant'
import { requireCatalogue } from '#app/catalogue-folder'
import { withCatalogue } from '#app/reach-catalogue'
import { remoteExport } from '#transfer/remote-transfer'
import path from 'node:path'
import { readShopSettings } from '#settings/shop-settings'
import { saveDocument } from '#lib/durable-file'
import { windowsNameProblem } from '#lib/file-names'
import { hostPlatform } from '#lib/platform'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { commandProgress } from '#cli/output/progress-bar'

const help = `Usage: plant-store export [--format csv|json|xlsx] [--status S] [--out FILE] [--data DIR]

Writes the catalogue as CSV (UTF-8 with BOM, CRLF, as spreadsheets read it), as
JSON (an array of full plants) or as an Excel workbook (prices as numbers in the
shop's currency format). Works whether or not the server or the app
is running. On a terminal, a progress line on stderr for work that takes over
a second (not while the file itself is printed there). See docs/import-export.md.

Options:
  --format F   csv (default), json or xlsx (default from --out's name: .json, .xlsx)
  --status S   only plants in these states: ${PLANT_STATUSES.join(', ')} (comma-separated)
  --out FILE   write into FILE instead of standard output
${dataOptionHelp()}
  -h, --help   show this help
`

/** Reads --format, refusing anything but the transfer formats. */
export function readFormat(value: string | undefined, fallback: TransferFormat): TransferFormat {
  if (value === undefined) return fallback
  if ((TRANSFER_FORMATS as readonly string[]).includes(value)) return value as TransferFormat
  throw new UsageError(`--format must be one of ${TRANSFER_FORMATS.join(', ')}; got "${value}"`)
}

function readStatuses(value: string | undefined): PlantStatus[] {
  const statuses = (value ?? '')
    .split(',')
    .map((status) => status.trim())
    .filter((status) => status !== '')
  for (const status of statuses) {
    if (!isPlantStatus(status)) throw new UsageError(`--status must be one of ${PLANT_STATUSES.join(', ')}; got "${status}"`)
  }
  return statuses as PlantStatus[]
}

/** Refuses, before any work, a --out name that Windows would not keep as a file (CON.csv is the console). */
function checkOutName(file: string | undefined, platform: NodeJS.Platform): void {
  const problem = file === undefined || platform !== 'win32' ? undefined : windowsNameProblem(path.basename(file))
  if (problem) throw new UsageError(`--out: ${problem}; choose another file name`)
}

/**
 * Writes the export into `file` as the desktop app's Save does: fsynced and renamed into place, so a link planted at
 * that name is replaced (not written through) and a failed export leaves the previous file whole; a document's mode
 * (the umask's for a new file, its own for a file it replaces), not the data folder's private one.
 */
async function writeExport(file: string, bytes: Buffer): Promise<void> {
  try {
    await saveDocument(file, bytes)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new CommandError(`${file} could not be written (${reason}); choose another place`, EXIT_CODES.failed)
  }
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { format: { type: 'string' }, status: { type: 'string' }, out: { type: 'string' } })
  const format = readFormat(values.format, values.out === undefined ? 'csv' : formatOfFileName(values.out))
  const statuses = readStatuses(values.status)
  checkOutName(values.out, hostPlatform())
  // A read: a folder with no catalogue (a typo in --data) is said so, never made into an empty one and exported.
  await requireCatalogue(dataDir)
  // No progress line when the file itself is printed on the terminal: the two would garble each other.
  const progress = commandProgress(env, values.out === undefined && process.stdout.isTTY === true)
  // Loaded here, not with the command line: its CSV code need not slow `plant-store serve`'s start.
  const { exportChunks, exportWorkbook } = await import('#transfer/transfer')
  try {
    await withCatalogue(dataDir, env, { holder: 'plant-store export', use: 'read' }, async ({ client, store }) => {
      progress.phase(values.out === undefined ? 'Exporting' : `Exporting to ${values.out}`)
      const local = async () =>
        format === 'xlsx'
          ? Readable.from([Buffer.from(await exportWorkbook(store!, await readShopSettings(dataDir), statuses))])
          : Readable.from(exportChunks(store!, format, statuses))
      const source = store ? await local() : await remoteExport(client, format, statuses)
      const collected: Buffer[] = []
      const target =
        values.out === undefined
          ? process.stdout
          : new Writable({
              write: (chunk: Buffer, _encoding, done) => {
                collected.push(chunk)
                done()
              }
            })
      const counted = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          progress.advance(Buffer.byteLength(chunk))
          done(null, chunk)
        }
      })
      await pipeline(source, counted, target, { end: values.out !== undefined }).catch((error: NodeJS.ErrnoException) => {
        // `export | head`: the reader has what it wanted and went away; that ends the export, it is no failure.
        if (values.out !== undefined || error.code !== 'EPIPE') throw error
      })
      if (values.out !== undefined) await writeExport(values.out, Buffer.concat(collected))
    })
  } finally {
    progress.finish()
  }
  if (values.out !== undefined) process.stderr.write(`Exported to ${values.out}\n`)
  return 0
}

export const exportCommand: Command = { summary: 'write the catalogue as CSV or JSON', help, run }
