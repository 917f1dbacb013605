/**
 * GET /v3/export and POST /v3/import (extensions, not part of the contract):
 * the catalogue out as CSV or JSON, and a file in, previewed by a dry run and
 * applied all or nothing. docs/import-export.md has the formats and rules.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { MAX_IMPORT_BYTES, TRANSFER_FORMATS, TRANSFER_MEDIA_TYPES, exportFileName, type TransferFormat } from '#shared/import-export'
import type { FieldError } from '#shared/problem'
import { CatalogueChangedError } from '#store/errors'
import type { PlantStore } from '#store'
import { problem } from '#server/problems/problems'
import { readStatuses, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { assertUncompressed, contentTypeOf, readLimitedText } from '#server/http/read-json-body'
import { routePattern } from '#server/urls'

/** The export and import code, loaded on first use: its CSV parser and writer need not slow every start. */
const loadTransfer = () => import('#transfer/transfer')

function readFormat(params: URLSearchParams, errors: FieldError[]): TransferFormat {
  const raw = params.get('format') ?? 'csv'
  if ((TRANSFER_FORMATS as readonly string[]).includes(raw)) return raw as TransferFormat
  errors.push({ field: 'format', message: `format must be one of ${TRANSFER_FORMATS.join(', ')}; got "${raw}"` })
  return 'csv'
}

function readDryRun(params: URLSearchParams, errors: FieldError[]): boolean {
  const raw = params.get('dryRun') ?? 'false'
  if (raw === 'true' || raw === 'false') return raw === 'true'
  errors.push({ field: 'dryRun', message: `dryRun must be true or false; got "${raw}"` })
  return true
}

/** A stream that makes one chunk per read, after a turn of the event loop, so a large export lets other requests in between. */
function streamOf(chunks: Generator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      // Without this, a fast reader pulls every chunk in one go (microtasks only) and holds the server for the whole file.
      await new Promise((resolve) => setImmediate(resolve))
      const next = chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    }
  })
}

async function exportPlants(event: H3Event, store: PlantStore): Promise<ReadableStream<Uint8Array>> {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['format', 'status'], errors)
  const format = readFormat(params, errors)
  const statuses = readStatuses(params, errors)
  throwIfInvalid(errors)
  event.res.headers.set('content-type', `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8`)
  event.res.headers.set('content-disposition', `attachment; filename="${exportFileName(format)}"`)
  const { exportChunks } = await loadTransfer()
  return streamOf(exportChunks(store, format, statuses))
}

/** The format an import body declares: text/csv or application/json, UTF-8 (415 otherwise). */
function bodyFormat(event: H3Event): TransferFormat {
  const { header, mediaType, charset } = contentTypeOf(event)
  const format = TRANSFER_FORMATS.find((candidate) => TRANSFER_MEDIA_TYPES[candidate] === mediaType)
  if (format && (charset === undefined || charset === 'utf-8')) return format
  throw problem('unsupportedImportType', header)
}

async function importPlants(event: H3Event, store: PlantStore) {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['dryRun'], errors)
  const dryRun = readDryRun(params, errors)
  throwIfInvalid(errors)
  const format = bodyFormat(event)
  assertUncompressed(event)
  // Only this route reads more than the API's 1 MiB; the limit is still enforced while reading.
  const text = await readLimitedText(event, MAX_IMPORT_BYTES)
  if (text === undefined) {
    const message = 'the file is not valid UTF-8; save it as "CSV UTF-8" (or JSON in UTF-8) and import it again'
    throw problem('invalidBody', `The file could not be read: ${message}.`, [{ field: '', message }])
  }
  const { IMPORT_PLAN_ATTEMPTS, importText } = await loadTransfer()
  const outcome = await importText(store, format, text, dryRun).catch((error: unknown) => {
    if (error instanceof CatalogueChangedError) throw problem('importCatalogueChanged', IMPORT_PLAN_ATTEMPTS)
    throw error
  })
  if (outcome.rejected) throw problem('importRejected', outcome.summary.errors)
  return outcome.summary
}

/** Registers the export and import routes over `store`. */
export function registerTransferRoutes(app: H3, store: PlantStore): void {
  const exportRoute = (event: H3Event) => exportPlants(event, store)
  app.get(routePattern(EXTENSION_PATHS.export), exportRoute)
  app.on('HEAD', routePattern(EXTENSION_PATHS.export), exportRoute)
  app.post(routePattern(EXTENSION_PATHS.import), (event) => importPlants(event, store))
}
