/** OpenAPI descriptions of GET /v3/export and POST /v3/import (extensions; docs/import-export.md). */
import { IMPORT_PREVIEW_CHANGES, MAX_IMPORT_BYTES } from '#shared/import-export'
import { SEARCH_PARAMETERS, problemResponse, queryParam, ref } from './openapi-parts'

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

const exportPlants = {
  operationId: 'export-plants',
  'x-extension': true,
  summary: 'Download the catalogue as CSV or JSON (extension)',
  description:
    `Not part of the contract. CSV: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting, columns ${COLUMNS}; ` +
    'tags in one cell separated by ", "; a cell starting with = + - @ tab or CR gets a leading \' (spreadsheet formula injection). ' +
    'JSON: an array of full plants, as GET /plant/{id} gives them. Content-Disposition names the file plants-YYYY-MM-DD.csv (or .json).',
  parameters: [queryParam('format', 'The file format.', { type: 'string', enum: ['csv', 'json'], default: 'csv' }), SEARCH_PARAMETERS[0]!],
  responses: {
    '200': {
      description: 'The file, as an attachment.',
      headers: { 'Content-Disposition': { description: 'attachment; filename="plants-YYYY-MM-DD.csv"', schema: { type: 'string' } } },
      content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: ref('FullPlant') } } }
    },
    '400': problemResponse('An unknown format or status, or an unknown query parameter.')
  }
}

const importPlants = {
  operationId: 'import-plants',
  'x-extension': true,
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
    '200': { description: 'The preview (dryRun=true) or the applied import.', content: { 'application/json': { schema: importSummary } } },
    '400': problemResponse('A bad dryRun value, an unknown query parameter, or a body that is not UTF-8.'),
    '413': problemResponse('The body is larger than 32 MiB.'),
    '415': problemResponse('The body is not declared as text/csv or application/json.'),
    '409': problemResponse(
      'The catalogue changed while each of 3 plans of the file was being made (other writes kept landing); nothing was imported.'
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
}

/** The transfer operations, by name. */
export const transferOperations = { exportPlants, importPlants }
