/**
 * The OpenAPI description of the plant resource: the contract's three
 * operations exactly as docs/contract.md names them, with every addition to
 * them (headers, answers) marked `x-extension`, and the extension operations
 * on single plants. A client that sends none of the extension headers sees
 * the contract unchanged.
 */
import { PLANT_SORT_KEYS, QUERY_TEXT_MAX, STATUS_COUNTS_HEADER } from '#shared/api-paths'
import { componentsOf } from '#shared/body-rules'
import { NEW_PLANT_BODY, PLANT_ID_SCHEMA, PLANT_UPDATE_BODY } from '#shared/plant-schema'
import { IF_MATCH_PATTERN } from '#server/http/conditional'
import { IDEMPOTENCY_KEY_SCHEMA } from '#server/http/idempotency-key'
import {
  JSON_BODY_RESPONSES,
  NOT_SAVED_RESPONSE,
  PLANT_ID_PARAMETER,
  SEARCH_PARAMETERS,
  contractOperation,
  extension,
  extensionOperation,
  json,
  jsonBody,
  problemResponse,
  queryParam,
  ref,
  type JsonSchema
} from '#server/openapi/parts'

const ETAG_HEADER = extension({
  description: 'The plant\'s entity tag, "ID-VERSION" (e.g. "7-3"); send it back as If-Match to change the plant only if nobody changed it since.',
  schema: { type: 'string', example: '"7-3"' }
})

const withEtag = (description: string, schema: JsonSchema, headers: JsonSchema = {}) => ({
  description,
  headers: { ...headers, ETag: ETAG_HEADER },
  content: json(schema)
})

const IF_MATCH = extension({
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Change the plant only if it is still at this version: its ETag ("7-3"), or "ID-VERSION" built from a list\'s version field; ' +
    'several may be listed, * means any version. Without it the last write wins, as the contract says.',
  schema: { type: 'string', pattern: IF_MATCH_PATTERN, example: '"7-3"' }
})

const IDEMPOTENCY_KEY = extension({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A new random key (e.g. a UUID) per plant to add, as a quoted string. A retry with the same key and body gets the first answer again ' +
    '(same id, header Idempotent-Replayed: true) and adds nothing; keys are kept at least 24 hours, across restarts.',
  schema: { ...IDEMPOTENCY_KEY_SCHEMA, example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"' }
})

const BODY_RULES =
  'Requires Content-Type: application/json (UTF-8) and an uncompressed body (no Content-Encoding but identity), else 415. ' +
  `Bodies over 1 MiB are refused with 413 without being read further. A key given twice in the JSON is invalid input.`

const addPlant = contractOperation({
  operationId: 'add-plant',
  summary: 'Add a plant to the store',
  description:
    'The server assigns the id: a positive integer, increasing, never reused (also not after a restart). ' +
    'status defaults to available and tags to []. Strings are stored trimmed and in Unicode NFC; duplicate tags (ignoring case) are kept once. ' +
    'Answered only after the plant is written to disk. ' +
    BODY_RULES,
  parameters: [IDEMPOTENCY_KEY],
  requestBody: jsonBody(NEW_PLANT_BODY, 'The plant to add.'),
  responses: {
    '200': withEtag('The plant was added (and saved).', ref('PlantResponse'), {
      'Idempotent-Replayed': extension({
        description: '"true" when this is the answer to an earlier add with the same key.',
        schema: { type: 'string' }
      })
    }),
    '400': extension(problemResponse('The Idempotency-Key header is malformed; nothing was added.')),
    '405': problemResponse(
      "Invalid input (the contract's code): malformed JSON, a body that is not an object, a wrong field type, " +
        'a status outside the enum, an unknown field, a key given twice, a client-supplied id, a blank, invisible or over-long string, ' +
        'a string with a character the text rules refuse (see Plant), or too many tags. ' +
        'errors[] names each faulty field.'
    ),
    ...JSON_BODY_RESPONSES,
    '422': extension(problemResponse('The Idempotency-Key was already used for a different body; nothing was added.')),
    '503': problemResponse('The plant was not saved because the data file could not be written (e.g. disk full); nothing changed.')
  }
})

const updatePlant = contractOperation({
  operationId: 'update-plant',
  summary: 'Update an existing plant',
  description:
    'The plant is named by id in the body (as in the Petstore this interface descends from). Only the fields present change: ' +
    '{"id": 7, "status": "sold"} marks plant 7 sold and keeps its name, category and tags; tags: [] empties the tags. ' +
    'null removes category or price ({"id": 7, "price": null}); name, tags and status cannot be removed (null is refused for them). ' +
    'Any status may follow any other. ' +
    BODY_RULES,
  parameters: [IF_MATCH],
  requestBody: jsonBody(PLANT_UPDATE_BODY, 'The id of the plant and the fields to change.'),
  responses: {
    '200': withEtag('The plant was updated (and saved).', ref('PlantResponse')),
    '400': problemResponse('Invalid ID supplied (missing, not a whole number, or below 1), or any other invalid field; nothing changed.'),
    '404': problemResponse('Plant not found: no plant has this id.'),
    '412': extension({
      ...problemResponse(
        'If-Match named another version: the plant was changed since it was read. The problem names its current version; nothing was changed.'
      ),
      headers: { ETag: ETAG_HEADER }
    }),
    ...JSON_BODY_RESPONSES,
    '503': problemResponse('The change was not saved because the data file could not be written; nothing changed.')
  }
})

const searchByStatus = contractOperation({
  operationId: 'find-plants-by-status',
  summary: 'Search plants by status',
  description:
    'Returns the plants in any of the given states, ordered by id ascending. Without status, every plant is returned. ' +
    'Several states may be given comma-separated (status=pending,sold) or repeated (status=pending&status=sold). ' +
    'Unknown query parameters are refused (so a typo never silently returns everything). ' +
    'The X-Total-Count header gives the number of matches before paging.',
  parameters: SEARCH_PARAMETERS,
  responses: {
    '200': {
      description: 'The plants matching the filter.',
      headers: { 'X-Total-Count': { description: 'Number of matches before paging.', schema: { type: 'integer', minimum: 0 } } },
      content: json({ type: 'array', items: ref('PlantResponse') })
    },
    '400': problemResponse('A status outside the enum, a limit or offset out of range, or an unknown query parameter.')
  }
})

const listPlants = extensionOperation({
  operationId: 'list-plants',
  summary: 'List full plants with search, sort and paging (extension for the staff UI)',
  description:
    'Not part of the contract. Filters like the search (status, limit, offset follow its rules exactly) and adds ' +
    'q (every word must occur, case-insensitively, in the name, category or a tag) and sort. ' +
    `The ${STATUS_COUNTS_HEADER} header gives the plants matching q in each state, whatever the status filter, ` +
    'so a filter control can show live counts from the same request.',
  parameters: [
    ...SEARCH_PARAMETERS,
    queryParam(
      'q',
      'Search words, matched case-insensitively in name, category and tags; every word must match. A word `#12` or `PS-12` matches plant 12 (also one without a name).',
      { type: 'string', maxLength: QUERY_TEXT_MAX }
    ),
    queryParam('lowStock', 'Extension: true lists only lines low on stock (quantity at or below reorderAt, or at 0 without one).', {
      type: 'boolean',
      default: false
    }),
    queryParam('stocked', 'Extension: true lists only plant lines kept in stock (with a quantity), e.g. for a stock-take.', {
      type: 'boolean',
      default: false
    }),
    queryParam('sort', 'Sort key; prefix with - for descending. Plants without the value come last; ties go by id.', {
      type: 'string',
      enum: PLANT_SORT_KEYS.flatMap((key) => [key, `-${key}`]),
      default: 'id'
    })
  ],
  responses: {
    '200': {
      description: 'The matching plants, in the requested order.',
      headers: {
        'X-Total-Count': { description: 'Number of matches before paging.', schema: { type: 'integer', minimum: 0 } },
        'X-Status-Counts': {
          description: 'Plants matching q in each state, ignoring the status filter: "available=3, pending=1, sold=2".',
          schema: { type: 'string' }
        }
      },
      content: json({ type: 'array', items: ref('FullPlant') })
    },
    '400': problemResponse(
      'A status outside the enum, an unknown sort key, q over 200 characters, limit or offset out of range, or an unknown query parameter.'
    )
  }
})

const getPlant = extensionOperation({
  operationId: 'get-plant',
  summary: 'One plant with every field (extension for the staff UI)',
  parameters: [PLANT_ID_PARAMETER],
  responses: {
    '200': withEtag('The plant.', ref('FullPlant')),
    '400': problemResponse('Invalid ID supplied: not a positive whole number.'),
    '404': problemResponse('Plant not found, or deleted (the problem says which).')
  }
})

const deletePlant = extensionOperation({
  operationId: 'delete-plant',
  summary: 'Delete a plant (extension)',
  description:
    'The plant disappears from search, lists, counts and export; its id is never handed out again. A tombstone keeps it ' +
    '30 days for POST /plant/{id}/restore. If-Match is honoured as for an update.',
  parameters: [PLANT_ID_PARAMETER, IF_MATCH],
  responses: {
    '204': { description: 'Deleted (and saved).' },
    '400': problemResponse('Invalid ID supplied, or a malformed If-Match.'),
    '404': problemResponse('No plant has this id, or it is deleted already.'),
    '412': problemResponse('If-Match named another version; nothing was deleted.'),
    '503': NOT_SAVED_RESPONSE
  }
})

const restorePlant = extensionOperation({
  operationId: 'restore-plant',
  summary: 'Bring a deleted plant back (extension)',
  description: 'The plant comes back with the same id and fields, one version on. Tombstones are kept 30 days, then purged at a checkpoint.',
  parameters: [PLANT_ID_PARAMETER],
  responses: {
    '200': withEtag('The restored plant.', ref('FullPlant')),
    '400': problemResponse('Invalid ID supplied: not a positive whole number.'),
    '404': problemResponse('There is no deleted plant with this id (never added, or purged).'),
    '409': problemResponse('The plant is not deleted.'),
    '503': NOT_SAVED_RESPONSE
  }
})

/** The plant operations' OpenAPI objects, by operation (resource.ts declares each with its path and method). */
export const PLANT_DOCS = { addPlant, updatePlant, listPlants, searchByStatus, getPlant, deletePlant, restorePlant }

const tags = { type: 'array', items: { type: 'string' } }

/** The plant's schemas: the request bodies (from the validator's own rules) and the two shapes a plant is answered in. */
export const plantSchemas: Record<string, JsonSchema> = {
  ...componentsOf(NEW_PLANT_BODY, PLANT_UPDATE_BODY),
  PlantResponse: {
    type: 'object',
    required: ['id', 'status', 'tags'],
    additionalProperties: false,
    description: 'A plant as the contract returns it: id, name, status and tags, never more (no category).',
    properties: {
      id: { ...PLANT_ID_SCHEMA, description: 'Assigned by the server: increasing, never reused.' },
      name: { type: 'string' },
      status: ref('PlantStatus'),
      tags
    }
  },
  FullPlant: {
    type: 'object',
    required: ['id', 'tags', 'status', 'createdAt', 'updatedAt', 'version'],
    description: 'A plant with every stored field (extension views only; the contract operations never return category).',
    properties: {
      id: PLANT_ID_SCHEMA,
      name: { type: 'string' },
      category: { type: 'string' },
      tags,
      status: ref('PlantStatus'),
      price: {
        type: 'number',
        minimum: 0,
        description: "The price in the shop's currency (GET /v3/settings/shop), at most two decimals; absent when not set."
      },
      quantity: {
        type: 'integer',
        description:
          'Extension: pots on hand of a plant line kept in stock; absent for a single plant. Moved by POST /plant/{id}/stock. ' +
          'Below 0 only after sales made offline at a till sold more than this computer had (then belowZero is present).'
      },
      reorderAt: { type: 'integer', minimum: 0, description: 'Extension: the quantity at or below which the line is low on stock.' },
      belowZero: {
        type: 'object',
        required: ['till', 'receipt', 'soldAt'],
        description:
          'Extension: the sale made offline at a till that took the line below zero (GET /stock/below-zero lists these lines); ' +
          'a count clears it.',
        properties: {
          till: { type: 'string', description: "The till's token name." },
          receipt: { type: 'integer', minimum: 1 },
          soldAt: { type: 'string', format: 'date-time', description: 'When the sale was made on the till.' }
        }
      },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      version: { type: 'integer', minimum: 1, description: 'Bumped by every saved change; the ETag is "ID-VERSION".' }
    }
  }
}
