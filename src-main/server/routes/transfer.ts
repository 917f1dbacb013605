/**
 * GET /v3/export and POST /v3/import (extensions, not part of the contract):
 * the catalogue out as CSV or JSON, and a file in, previewed by a dry run and
 * applied all or nothing. docs/import-export.md has the formats and rules.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import {
  IMPORT_PREVIEW_CHANGES,
  MAX_IMPORT_BYTES,
  TRANSFER_FORMATS,
  TRANSFER_MEDIA_TYPES,
  exportFileName,
  type TransferFormat
} from '#shared/import-export'
import type { FieldError } from '#shared/problem'
import type { PlantStore } from '#store'
import { IMPORT_PLAN_ATTEMPTS, exportChunks, importText } from '#transfer/transfer'
import { readStatuses, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { assertUncompressed, contentTypeOf, readLimitedText } from '#server/http/read-json-body'
import { STATUS_PARAMETER, extensionOperation, json, problemResponse, queryParam, ref, type PathItems } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { routePattern } from '#server/urls'

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

function exportPlants(event: H3Event, store: PlantStore): ReadableStream<Uint8Array> {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['format', 'status'], errors)
  const format = readFormat(params, errors)
  const statuses = readStatuses(params, errors)
  throwIfInvalid(errors)
  event.res.headers.set('content-type', `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8`)
  event.res.headers.set('content-disposition', `attachment; filename="${exportFileName(format)}"`)
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
  // After IMPORT_PLAN_ATTEMPTS plans overtaken by other writes, the store's CatalogueChangedError (409).
  const outcome = await importText(store, format, text, dryRun)
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

const COLUMNS = 'id,name,category,tags,status,createdAt,updatedAt'

const rowError = {
  type: 'object',
  required: ['row', 'field', 'message'],
  properties: {
    row: {
      type: 'integer',
      minimum: 0,
      description: 'The row as a spreadsheet numbers it (header = row 1); for JSON, the position in the array from 1.'
    },
    field: { type: 'string', description: 'The column concerned; empty for the row (or file) as a whole.' },
    message: { type: 'string' }
  }
}

const changedFields = { type: 'object', description: 'Only the fields that change.', additionalProperties: true }

const importSummary = {
  type: 'object',
  required: ['added', 'updated', 'unchanged', 'warnings', 'errors', 'changes', 'applied'],
  properties: {
    added: { type: 'integer', minimum: 0 },
    updated: { type: 'integer', minimum: 0 },
    unchanged: { type: 'integer', minimum: 0 },
    warnings: { type: 'array', items: { type: 'string' }, description: 'E.g. a column that is not known and was ignored.' },
    errors: {
      type: 'array',
      items: rowError,
      description: 'Every fault of every row (a dry run lists them; an applied import with any is refused with 422).'
    },
    changes: {
      type: 'array',
      description: `The first ${IMPORT_PREVIEW_CHANGES} changes in file order: before is absent for a plant to add.`,
      items: {
        type: 'object',
        required: ['row', 'after'],
        properties: { row: { type: 'integer' }, id: { type: 'integer' }, before: changedFields, after: changedFields }
      }
    },
    applied: { type: 'boolean', description: 'True when the changes were saved; false for a dry run.' }
  }
}

const exportOperation = extensionOperation({
  operationId: 'export-plants',
  summary: 'Download the catalogue as CSV or JSON (extension)',
  description:
    `Not part of the contract. CSV: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting, columns ${COLUMNS}; ` +
    'tags in one cell separated by ", "; a cell starting with = + - @ tab or CR gets a leading \' (spreadsheet formula injection). ' +
    'JSON: an array of full plants, as GET /plant/{id} gives them. Content-Disposition names the file plants-YYYY-MM-DD.csv (or .json).',
  parameters: [queryParam('format', 'The file format.', { type: 'string', enum: ['csv', 'json'], default: 'csv' }), STATUS_PARAMETER],
  responses: {
    '200': {
      description: 'The file, as an attachment.',
      headers: { 'Content-Disposition': { description: 'attachment; filename="plants-YYYY-MM-DD.csv"', schema: { type: 'string' } } },
      content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: ref('FullPlant') } } }
    },
    '400': problemResponse('An unknown format or status, or an unknown query parameter.')
  }
})

const importOperation = extensionOperation({
  operationId: 'import-plants',
  summary: 'Import a CSV or JSON file: preview (dry run) or apply all or nothing (extension)',
  description:
    'Not part of the contract. A row with an id updates that plant (only the cells present and different change); a row without id adds ' +
    "a plant; an unknown id is an error. Every row is validated like the API's add and update bodies; all errors of all rows are listed. " +
    'CSV: comma or semicolon (detected from the header line), with or without BOM, LF or CRLF, headers in any case and order; ' +
    "createdAt and updatedAt are ignored, unknown columns are warnings, an empty cell leaves the field as it is (an empty tags cell means no tags), a leading ' before = + - @ is removed. " +
    'An applied import is saved as one durable batch (all of it or nothing, also across a crash) and announced once as the ' +
    `event import.applied. Bodies up to ${MAX_IMPORT_BYTES} bytes (32 MiB) are read on this route only.`,
  parameters: [queryParam('dryRun', 'true: only report what would change.', { type: 'boolean', default: false })],
  requestBody: {
    required: true,
    content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: { type: 'object' } } } }
  },
  responses: {
    '200': { description: 'The preview (dryRun=true) or the applied import.', content: json(importSummary) },
    '400': problemResponse('A bad dryRun value, an unknown query parameter, or a body that is not UTF-8.'),
    '413': problemResponse('The body is larger than 32 MiB.'),
    '415': problemResponse('The body is not declared as text/csv or application/json.'),
    '409': problemResponse(
      `The catalogue changed while each of ${IMPORT_PLAN_ATTEMPTS} plans of the file was being made (other writes kept landing); nothing was imported.`
    ),
    '422': {
      description: 'The file has errors, so nothing was imported; errors[] lists each as {row, field, message}.',
      content: {
        'application/problem+json': {
          schema: { allOf: [ref('Problem'), { type: 'object', properties: { errors: { type: 'array', items: rowError } } }] }
        }
      }
    },
    '503': problemResponse('The import was not saved because the data file could not be written; nothing changed.')
  }
})

/** The export and import paths. */
export const transferPaths: PathItems = {
  [EXTENSION_PATHS.export]: { get: exportOperation },
  [EXTENSION_PATHS.import]: { post: importOperation }
}
