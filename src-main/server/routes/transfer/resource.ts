/**
 * GET /v3/export and POST /v3/import (extensions, not part of the contract):
 * the catalogue out as CSV or JSON, and a file in, previewed by a dry run and
 * applied all or nothing. docs/import-export.md has the formats and rules; openapi.ts
 * beside this file their OpenAPI objects.
 */
import type { H3Event } from 'h3'
import { EXTENSION_HEADERS, EXTENSION_PATHS } from '#shared/api-paths'
import {
  CSV_LIKE_MEDIA_TYPES,
  MAX_IMPORT_BYTES,
  TRANSFER_FORMATS,
  TRANSFER_MEDIA_TYPES,
  exportFileName,
  type TransferFormat
} from '#shared/import-export'
import { MAX_MAPPING_CHARS, checkImportChoices, type ImportChoices, type TextEncoding } from '#shared/import-mapping'
import type { FieldError } from '#shared/problem'
import { rememberingMapping, shouldRemember } from '#settings/import-mappings'
import { shopOf, type Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { problem } from '#server/problems/problems'
import { readStatuses, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { assertUncompressed, contentTypeOf, decodeUtf8, readLimitedBytes } from '#server/http/read-json-body'
import { defineOperation, defineResource } from '#server/routes/operation'
import { readIdempotencyKey } from '#server/http/idempotency-key'
import { principalOf } from '#server/security/security'
import { TRANSFER_DOCS } from './openapi'

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

async function exportPlants(event: H3Event, { store, settings }: Shop): Promise<ReadableStream<Uint8Array> | Uint8Array> {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['format', 'status'], errors)
  const format = readFormat(params, errors)
  const statuses = readStatuses(params, errors)
  throwIfInvalid(errors)
  const shop = await settings.shop()
  event.res.headers.set('content-disposition', `attachment; filename="${exportFileName(format, shop.timeZone)}"`)
  if (format === 'xlsx') {
    event.res.headers.set('content-type', TRANSFER_MEDIA_TYPES.xlsx)
    const { exportWorkbook } = await loadTransfer()
    return exportWorkbook(store, shop, statuses)
  }
  event.res.headers.set('content-type', `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8`)
  const { exportChunks } = await loadTransfer()
  return streamOf(exportChunks(store, format, statuses))
}

/** Charsets a CSV body may declare, as the encodings an import reads (absent: detected from the bytes). */
// A Map: the charset is the sender's text, and `charset=constructor` must be unknown, not Object's own member.
const CHARSETS: ReadonlyMap<string, TextEncoding> = new Map([
  ['utf-8', 'utf-8'],
  ['utf8', 'utf-8'],
  ['utf-16', 'utf-16le'],
  ['utf-16le', 'utf-16le'],
  ['utf-16be', 'utf-16be'],
  ['windows-1252', 'windows-1252'],
  ['iso-8859-1', 'windows-1252'],
  ['us-ascii', 'utf-8']
])

/** The format an import body declares (415 otherwise), and the encoding its charset names. */
function bodyFormat(event: H3Event): { format: TransferFormat; encoding?: TextEncoding } {
  const { header, mediaType, charset } = contentTypeOf(event)
  const encoding = charset === undefined ? undefined : CHARSETS.get(charset)
  if (charset !== undefined && encoding === undefined) throw problem('unsupportedImportType', header)
  if (CSV_LIKE_MEDIA_TYPES.includes(mediaType)) return { format: 'csv', encoding }
  if (mediaType === TRANSFER_MEDIA_TYPES.xlsx && charset === undefined) return { format: 'xlsx' }
  if (mediaType === TRANSFER_MEDIA_TYPES.json && (encoding === undefined || encoding === 'utf-8')) return { format: 'json' }
  throw problem('unsupportedImportType', header)
}

/** The `mapping` parameter: the import's choices as JSON (400 when it is not valid). */
function readChoices(params: URLSearchParams, errors: FieldError[]): ImportChoices {
  const raw = params.get('mapping')
  if (raw === null) return {}
  if (raw.length > MAX_MAPPING_CHARS) {
    errors.push({ field: 'mapping', message: `mapping is longer than ${MAX_MAPPING_CHARS} characters; send only the columns you choose` })
    return {}
  }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    errors.push({ field: 'mapping', message: 'mapping must be JSON such as {"columns": {"Preis": "price"}, "decimalMark": ","}' })
    return {}
  }
  const checked = checkImportChoices(value)
  if (checked.ok) return checked.value
  for (const message of checked.errors) errors.push({ field: 'mapping', message: `mapping: ${message}` })
  return {}
}

async function importPlants(event: H3Event, { store, settings }: Shop) {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['dryRun', 'mapping'], errors)
  const dryRun = readDryRun(params, errors)
  const choices = readChoices(params, errors)
  throwIfInvalid(errors)
  const key = readIdempotencyKey(event) // before the body: a malformed key is refused without reading 32 MiB
  const { format, encoding } = bodyFormat(event)
  assertUncompressed(event)
  // Taken before the body is read: the signal aborts once the client closes the connection, and the import then stops.
  const signal = event.req.signal
  // Only this route reads more than the API's 1 MiB; the limit is still enforced while reading.
  const bytes = await readLimitedBytes(event, MAX_IMPORT_BYTES)
  if (format === 'json' && decodeUtf8(bytes) === undefined) {
    const message = 'the file is not valid UTF-8; save the JSON in UTF-8 and import it again'
    throw problem('invalidBody', `The file could not be read: ${message}.`, [{ field: '', message }])
  }
  const [remembered, { currency: shopCurrency }] = await Promise.all([settings.importMappings(), settings.shop()])
  const request = { format, bytes, choices: encoding ? { ...choices, encoding } : choices, remembered, shopCurrency, signal }
  const { importFile } = await loadTransfer()
  // After IMPORT_PLAN_ATTEMPTS plans overtaken by other writes, the store's CatalogueChangedError (409). With a key, a
  // retried import (a lost answer, a client interrupted) answers as the first one did, importing nothing twice.
  const outcome = await importFile(store, request, dryRun, actorIn(event), key === undefined ? undefined : { by: principalOf(event).name, key })
  if (outcome.replayed) {
    event.res.headers.set(EXTENSION_HEADERS.idempotentReplayed, 'true')
    return outcome.summary
  }
  if (outcome.rejected) throw problem('importRejected', outcome.summary.errors, outcome.summary.moreErrors)
  const mapping = outcome.summary.mapping
  // The next import of a sheet of this shape takes the same choices, with no click in the mapping step.
  // Only the owner's choices are remembered: they decide how the owner's next files are read, as settings do.
  if (principalOf(event).scope === 'owner' && shouldRemember(outcome.summary, Object.keys(choices).length > 0)) {
    // A convenience: a settings file that cannot be written now does not undo the applied import.
    await settings.change(rememberingMapping(mapping!.shape, mapping!.choices)).catch(() => undefined)
  }
  return outcome.summary
}

/** Export and import of the catalogue, over the app's store. */
export const transferResource = defineResource({
  context: shopOf,
  operations: [
    defineOperation<Shop>({
      method: 'GET',
      path: EXTENSION_PATHS.export,
      head: 'answers',
      openapi: TRANSFER_DOCS.exportOperation,
      handler: (event, shop) => exportPlants(event, shop)
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: EXTENSION_PATHS.import,
      staff: 'import',
      openapi: TRANSFER_DOCS.importOperation,
      handler: (event, shop) => importPlants(event, shop)
    })
  ]
})
