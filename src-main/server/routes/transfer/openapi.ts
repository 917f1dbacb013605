/** The OpenAPI objects of export and import (resource.ts declares each with its path and method). */
import {
  IMPORT_PLAN_ATTEMPTS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_WARNINGS,
  IMPORT_PREVIEW_CHANGES,
  IMPORT_STOCK_COUNT_SCHEMA,
  MAX_IMPORT_BYTES,
  TRANSFER_FORMATS,
  TRANSFER_MEDIA_TYPES
} from '#shared/import-export'
import {
  COLUMN_TARGETS,
  IMPORT_CHOICES_SCHEMA,
  IMPORT_PRESETS,
  MAX_MAPPING_CHARS,
  MAX_MAPPING_ITEMS,
  STATUS_WORD_TARGETS
} from '#shared/import-mapping'
import { STATUS_PARAMETER, extensionOperation, json, problemResponse, queryParam, ref } from '#server/openapi/parts'
import { IDEMPOTENCY_KEY_SCHEMA } from '#server/http/idempotency-key'

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

/** The import's Idempotency-Key: a retry of an applied import (a lost answer, a Ctrl+C) imports nothing twice. */
const IMPORT_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A new random key (a UUID) per import, as a quoted string (ignored by a dry run). The key is saved with the applied import, in the ' +
    'same durable write, for 24 hours, per token. The same file with the same mapping sent again under that key gets the first answer ' +
    'again (header Idempotent-Replayed: true) and imports nothing: an import retried after a lost answer or an interrupted client ' +
    'never adds its rows twice. Another file or other choices under that key: 422, nothing imported.',
  schema: IDEMPOTENCY_KEY_SCHEMA
}

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
      // JSON of an object: never empty, at most the server's limit (an empty value is refused as not JSON).
      { type: 'string', minLength: 2, maxLength: MAX_MAPPING_CHARS, 'x-json-schema': IMPORT_CHOICES_SCHEMA }
    ),
    IMPORT_KEY
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
    '200': {
      description:
        'The preview (dryRun=true) or the applied import; with Idempotent-Replayed: true, the answer of the first import under that Idempotency-Key.',
      headers: { 'Idempotent-Replayed': { schema: { type: 'string' } } },
      content: json(importSummary)
    },
    '400': problemResponse(
      'A bad dryRun or mapping value, an unknown query parameter, a malformed Idempotency-Key, or a JSON body that is not UTF-8.'
    ),
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
      description:
        'The file has errors, so nothing was imported; errors[] lists each as {row, field, message}. Or the Idempotency-Key was ' +
        'already used for another call (another file, other choices, or not an import; urn:plant-store:problem:idempotency-key-reused); nothing was imported.',
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

/** The transfer operations' OpenAPI objects, by operation. */
export const TRANSFER_DOCS = { exportOperation, importOperation }
