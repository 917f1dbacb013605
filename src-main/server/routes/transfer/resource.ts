/**
 * GET /v3/export and POST /v3/import (extensions, not part of the contract):
 * the catalogue out as CSV or JSON, and a file in, previewed by a dry run and
 * applied all or nothing. docs/import-export.md has the formats and rules.
 */
import type { H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import {
  CSV_LIKE_MEDIA_TYPES,
  IMPORT_PLAN_ATTEMPTS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_WARNINGS,
  IMPORT_PREVIEW_CHANGES,
  IMPORT_STOCK_COUNT_SCHEMA,
  MAX_IMPORT_BYTES,
  TRANSFER_FORMATS,
  TRANSFER_MEDIA_TYPES,
  exportFileName,
  type TransferFormat
} from '#shared/import-export'
import {
  COLUMN_TARGETS,
  IMPORT_CHOICES_SCHEMA,
  IMPORT_PRESETS,
  MAX_MAPPING_CHARS,
  MAX_MAPPING_ITEMS,
  STATUS_WORD_TARGETS,
  checkImportChoices,
  type ImportChoices,
  type TextEncoding
} from '#shared/import-mapping'
import type { FieldError } from '#shared/problem'
import type { PlantStore } from '#store'
import { readImportMappings, rememberImportMapping, shouldRemember } from '#settings/import-mappings'
import { readShopSettings } from '#settings/shop-settings'
import { problem } from '#server/problems/problems'
import { readStatuses, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { assertUncompressed, contentTypeOf, decodeUtf8, readLimitedBytes } from '#server/http/read-json-body'
import { STATUS_PARAMETER, extensionOperation, json, problemResponse, queryParam, ref } from '#server/openapi/parts'
import { defineOperation, defineResource } from '#server/routes/operation'
import { principalOf } from '#server/security/security'

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

async function exportPlants(event: H3Event, store: PlantStore): Promise<ReadableStream<Uint8Array> | Uint8Array> {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['format', 'status'], errors)
  const format = readFormat(params, errors)
  const statuses = readStatuses(params, errors)
  throwIfInvalid(errors)
  const shop = await readShopSettings(store.dir)
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

async function importPlants(event: H3Event, store: PlantStore) {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['dryRun', 'mapping'], errors)
  const dryRun = readDryRun(params, errors)
  const choices = readChoices(params, errors)
  throwIfInvalid(errors)
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
  const remembered = await readImportMappings(store.dir)
  const request = { format, bytes, choices: encoding ? { ...choices, encoding } : choices, remembered, signal }
  const { importFile } = await loadTransfer()
  // After IMPORT_PLAN_ATTEMPTS plans overtaken by other writes, the store's CatalogueChangedError (409).
  const outcome = await importFile(store, request, dryRun)
  if (outcome.rejected) throw problem('importRejected', outcome.summary.errors, outcome.summary.moreErrors)
  const mapping = outcome.summary.mapping
  // The next import of a sheet of this shape takes the same choices, with no click in the mapping step.
  // Only the owner's choices are remembered: they decide how the owner's next files are read, as settings do.
  if (principalOf(event).scope === 'owner' && shouldRemember(outcome.summary, Object.keys(choices).length > 0)) {
    // A convenience: a settings file that cannot be written now does not undo the applied import.
    await rememberImportMapping(store.dir, mapping!.shape, mapping!.choices).catch(() => undefined)
  }
  return outcome.summary
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

const mappingReport = {
  type: 'object',
  description:
    'How the columns of a CSV file or workbook were read (extension): what the mapping step shows. Send `choices` back as the ' +
    '`mapping` parameter to import the same way; an applied import that was given choices remembers them for files of this header shape.',
  required: ['shape', 'preset', 'remembered', 'columns', 'prices', 'statusWords', 'nonPlants', 'leftOut', 'choices'],
  properties: {
    shape: { type: 'string', description: 'The header shape the mapping is remembered by.' },
    preset: {
      anyOf: [
        { type: 'object', properties: { id: { enum: Object.keys(IMPORT_PRESETS) }, name: { type: 'string' } } },
        { type: 'null', description: 'No system recognised: columns by their headings.' }
      ]
    },
    remembered: { type: 'boolean', description: 'The choices came from the last import of a file of this shape.' },
    encoding: { type: 'string' },
    delimiter: { type: 'string' },
    sheets: { type: 'array', items: { type: 'string' } },
    sheet: { type: 'string' },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          heading: { type: 'string' },
          samples: { type: 'array', items: { type: 'string' } },
          target: { enum: [...COLUMN_TARGETS] },
          by: { enum: ['preset', 'heading', 'choice', 'remembered', 'none'] }
        }
      }
    },
    prices: {
      anyOf: [
        {
          type: 'object',
          properties: {
            detected: { enum: ['.', ',', null] },
            used: { enum: ['.', ',', null] },
            mustChoose: { type: 'boolean', description: 'The prices read two ways (1,250): choose decimalMark.' },
            examples: { type: 'array', items: { type: 'string' } }
          }
        },
        { type: 'null' }
      ]
    },
    statusWords: {
      type: 'array',
      items: { type: 'object', properties: { word: { type: 'string' }, rows: { type: 'integer' }, target: { enum: [...STATUS_WORD_TARGETS, null] } } }
    },
    moreStatusWords: { type: 'integer', minimum: 1, description: `Status words beyond the first ${MAX_MAPPING_ITEMS} listed.` },
    moreNonPlants: { type: 'integer', minimum: 1, description: `Names that look like no plant beyond the first ${MAX_MAPPING_ITEMS} listed.` },
    nonPlants: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          rows: { type: 'array', items: { type: 'integer' } },
          reason: { type: 'string' },
          leftOut: { type: 'boolean' }
        }
      }
    },
    leftOut: { type: 'integer', minimum: 0 },
    choices: IMPORT_CHOICES_SCHEMA
  }
}

const importSummary = {
  type: 'object',
  required: ['added', 'updated', 'unchanged', 'warnings', 'errors', 'changes', 'applied'],
  properties: {
    added: { type: 'integer', minimum: 0 },
    updated: { type: 'integer', minimum: 0 },
    unchanged: { type: 'integer', minimum: 0 },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      maxItems: MAX_IMPORT_WARNINGS,
      description: `E.g. a column that is not known and was ignored. The first ${MAX_IMPORT_WARNINGS}; moreWarnings counts the rest.`
    },
    errors: {
      type: 'array',
      items: rowError,
      maxItems: MAX_IMPORT_ERRORS,
      description: `The faults of the rows, the first ${MAX_IMPORT_ERRORS} by row (a dry run lists them; an applied import with any is refused with 422); moreErrors counts the rest.`
    },
    moreErrors: { type: 'integer', minimum: 1, description: 'Errors found beyond those listed (extension); absent when none were left out.' },
    moreWarnings: { type: 'integer', minimum: 1, description: 'Warnings found beyond those listed (extension); absent when none were left out.' },
    changes: {
      type: 'array',
      description: `The first ${IMPORT_PREVIEW_CHANGES} changes in file order: before is absent for a plant to add.`,
      items: {
        type: 'object',
        required: ['row', 'after'],
        properties: {
          row: { type: 'integer' },
          id: { type: 'integer' },
          name: { type: 'string', description: "The plant's name, as it is or as the import leaves it (extension)." },
          before: changedFields,
          after: changedFields
        }
      }
    },
    applied: { type: 'boolean', description: 'True when the changes were saved; false for a dry run.' },
    mapping: mappingReport,
    stock: IMPORT_STOCK_COUNT_SCHEMA
  }
}

const exportOperation = extensionOperation({
  operationId: 'export-plants',
  summary: 'Download the catalogue as CSV, JSON or an Excel workbook (extension)',
  description:
    `Not part of the contract. CSV: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting, columns ${COLUMNS}; ` +
    'tags in one cell separated by ", "; a cell starting with = + - @ tab or CR gets a leading \' (spreadsheet formula injection). ' +
    'JSON: an array of full plants, as GET /plant/{id} gives them. xlsx: one sheet with the CSV columns, ids and prices as numbers ' +
    "(prices in the shop's currency format), text cells guarded as in CSV, never a formula. " +
    "Content-Disposition names the file plants-YYYY-MM-DD.csv (or .json, .xlsx), dated the shop's day (its time zone).",
  parameters: [queryParam('format', 'The file format.', { type: 'string', enum: [...TRANSFER_FORMATS], default: 'csv' }), STATUS_PARAMETER],
  responses: {
    '200': {
      description: 'The file, as an attachment.',
      headers: { 'Content-Disposition': { description: 'attachment; filename="plants-YYYY-MM-DD.csv"', schema: { type: 'string' } } },
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/json': { schema: { type: 'array', items: ref('FullPlant') } },
        [TRANSFER_MEDIA_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } }
      }
    },
    '400': problemResponse('An unknown format or status, or an unknown query parameter.')
  }
})

const importOperation = extensionOperation({
  operationId: 'import-plants',
  summary: 'Import a CSV file, Excel workbook or JSON file: preview (dry run) or apply all or nothing (extension)',
  description:
    'Not part of the contract. A row with an id updates that plant (only the cells present and different change); a row without id adds ' +
    "a plant; an unknown id is an error. Every row is validated like the API's add and update bodies; all errors of all rows are listed. " +
    'CSV: comma, semicolon or tab (detected from the header line); UTF-8 with or without BOM, UTF-16 with BOM or Windows-1252 ' +
    '(detected, or named by the charset); LF or CRLF. Workbooks (.xlsx): the first sheet or the chosen one, bounded in size, rows and ' +
    'columns, formulas never evaluated. The columns of both are mapped: by a preset recognised from the header (Shopify, Square, ' +
    'Loyverse, WooCommerce, Plant Store), by known headings in several languages, by the `mapping` parameter, or as remembered for ' +
    "the header shape; the answer's `mapping` says how. Prices in either decimal mark; an unclear column (1,250) is an error until " +
    "decimalMark is chosen. A row without a name that adds a plant is an error. createdAt and updatedAt are ignored, an empty cell leaves the field as it is (an empty tags cell means no tags), a leading ' before = + - @ is removed. " +
    'An applied import is saved as one durable batch (all of it or nothing, also across a crash) and announced once as the ' +
    `event import.applied. Bodies up to ${MAX_IMPORT_BYTES} bytes (32 MiB) are read on this route only.`,
  parameters: [
    queryParam('dryRun', 'true: only report what would change.', { type: 'boolean', default: false }),
    queryParam(
      'mapping',
      `The mapping's choices as JSON (at most ${MAX_MAPPING_CHARS} characters), e.g. {"columns": {"Preis": "price"}, "decimalMark": ","} (extension).`,
      { type: 'string', 'x-json-schema': IMPORT_CHOICES_SCHEMA }
    )
  ],
  requestBody: {
    required: true,
    content: {
      'text/csv': { schema: { type: 'string' } },
      'text/tab-separated-values': { schema: { type: 'string' } },
      [TRANSFER_MEDIA_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { type: 'array', items: { type: 'object' } } }
    }
  },
  responses: {
    '200': { description: 'The preview (dryRun=true) or the applied import.', content: json(importSummary) },
    '400': problemResponse('A bad dryRun or mapping value, an unknown query parameter, or a JSON body that is not UTF-8.'),
    '413': problemResponse(
      `The body is larger than 32 MiB, or the file's header has more than ${MAX_IMPORT_COLUMNS} columns (empty columns at its end not counted).`
    ),
    '415': problemResponse(
      'The body is not declared as CSV (text/csv, text/tab-separated-values, text/plain), an xlsx workbook or JSON, or names another charset.'
    ),
    '409': problemResponse(
      `The catalogue changed while each of ${IMPORT_PLAN_ATTEMPTS} plans of the file was being made (other writes kept landing); nothing was imported.`
    ),
    '422': {
      description: 'The file has errors, so nothing was imported; errors[] lists each as {row, field, message}.',
      content: {
        'application/problem+json': {
          schema: {
            allOf: [
              ref('Problem'),
              {
                type: 'object',
                properties: {
                  errors: { type: 'array', items: rowError, maxItems: MAX_IMPORT_ERRORS },
                  moreErrors: { type: 'integer', minimum: 1, description: 'Errors beyond those listed (extension).' }
                }
              }
            ]
          }
        }
      }
    },
    '503': problemResponse('The import was not saved because the data file could not be written; nothing changed.')
  }
})

/** Export and import of the catalogue, over the app's store. */
export const transferResource = defineResource({
  context: ({ store }: { store: PlantStore }) => store,
  operations: [
    defineOperation<PlantStore>({
      method: 'GET',
      path: EXTENSION_PATHS.export,
      head: 'answers',
      openapi: exportOperation,
      handler: (event, store) => exportPlants(event, store)
    }),
    defineOperation<PlantStore>({
      method: 'POST',
      path: EXTENSION_PATHS.import,
      staff: 'import',
      openapi: importOperation,
      handler: (event, store) => importPlants(event, store)
    })
  ]
})
