/**
 * The OpenAPI 3.1 document of the API, built from the same JSON Schemas that
 * validate requests (src-shared/plant-schema.ts), so the two cannot drift.
 */
import { API_PATHS, EXTENSION_PATHS, MAX_BODY_BYTES } from '#shared/api-paths'
import { plantJsonSchemas } from '#shared/plant-schema'
import { stockJsonSchemas } from '#shared/stock'
import { stockPaths } from '#server/routes/stock'
import { extensionOperations } from './openapi-extensions'
import { SEARCH_PARAMETERS, problemResponse, ref } from './openapi-parts'
import { responseSchemas } from './openapi-schemas'
import { backupOperations } from './openapi-backup'
import { historyPaths } from './openapi-history'
import { transferOperations } from './openapi-transfer'
import { documentAccessRules } from './openapi-security'
import { documentTill } from './openapi-till'
import { documentWriteSafety } from './openapi-write-safety'

const plantBody = (schema: string, description: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema: ref(schema) } }
})

const plantResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('PlantResponse') } }
})

const BODY_RULES =
  `Requires Content-Type: application/json (UTF-8) and an uncompressed body (no Content-Encoding but identity), else 415. ` +
  `Bodies over ${MAX_BODY_BYTES} bytes are refused with 413 without being read further. A key given twice in the JSON is invalid input.`

const addPlant = {
  operationId: 'add-plant',
  summary: 'Add a plant to the store',
  description:
    'The server assigns the id: a positive integer, increasing, never reused (also not after a restart). ' +
    'status defaults to available and tags to []. Strings are stored trimmed and in Unicode NFC; duplicate tags (ignoring case) are kept once. ' +
    'Answered only after the plant is written to disk. ' +
    BODY_RULES,
  requestBody: plantBody('Plant', 'The plant to add.'),
  responses: {
    '200': plantResponse('The plant was added (and saved).'),
    '405': problemResponse(
      "Invalid input (the contract's code): malformed JSON, a body that is not an object, a wrong field type, " +
        'a status outside the enum, an unknown field, a key given twice, a client-supplied id, a blank, invisible or over-long string, ' +
        'a string with a character the text rules refuse (see Plant), or too many tags. ' +
        'errors[] names each faulty field.'
    ),
    '413': problemResponse('The body is larger than 1 MiB.'),
    '415': problemResponse('The body is not declared as application/json, or is compressed (Content-Encoding other than identity).'),
    '503': problemResponse('The plant was not saved because the data file could not be written (e.g. disk full); nothing changed.')
  }
}

const updatePlant = {
  operationId: 'update-plant',
  summary: 'Update an existing plant',
  description:
    'The plant is named by id in the body (as in the Petstore this interface descends from). Only the fields present change: ' +
    '{"id": 7, "status": "sold"} marks plant 7 sold and keeps its name, category and tags; tags: [] empties the tags. ' +
    'Fields cannot be removed (null is refused). Any status may follow any other. ' +
    BODY_RULES,
  requestBody: plantBody('PlantUpdate', 'The id of the plant and the fields to change.'),
  responses: {
    '200': plantResponse('The plant was updated (and saved).'),
    '400': problemResponse('Invalid ID supplied (missing, not a whole number, or below 1), or any other invalid field; nothing changed.'),
    '404': problemResponse('Plant not found: no plant has this id.'),
    '413': problemResponse('The body is larger than 1 MiB.'),
    '415': problemResponse('The body is not declared as application/json, or is compressed (Content-Encoding other than identity).'),
    '503': problemResponse('The change was not saved because the data file could not be written; nothing changed.')
  }
}

const searchByStatus = {
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
      headers: {
        'X-Total-Count': { description: 'Number of matches before paging.', schema: { type: 'integer', minimum: 0 } }
      },
      content: { 'application/json': { schema: { type: 'array', items: ref('PlantResponse') } } }
    },
    '400': problemResponse('A status outside the enum, a limit or offset out of range, or an unknown query parameter.')
  }
}

/** Builds the OpenAPI document served at /v3/openapi.json. */
export function createOpenApiDocument(): Record<string, unknown> {
  return documentAccessRules(
    documentTill(
      documentWriteSafety({
        openapi: '3.1.0',
        info: {
          title: 'Plant Store',
          version: '1.0.0',
          description:
            "The local API of one plant shop's catalogue. Every error body is RFC 9457 problem details " +
            '(application/problem+json with type, title, status, detail and, for invalid input, errors[] of {field, message}). ' +
            'Unknown paths answer 404; a known path with a wrong method answers 405 with an Allow header. ' +
            'Operations marked x-extension: true are additions for the staff UI, not part of the interface contract.'
        },
        servers: [{ url: 'http://127.0.0.1:{port}/v3', variables: { port: { default: '7420' } } }],
        paths: {
          [API_PATHS.plant]: { post: addPlant, put: updatePlant, get: extensionOperations.listPlants },
          [EXTENSION_PATHS.plantById]: { get: extensionOperations.getPlant },
          [EXTENSION_PATHS.events]: { get: extensionOperations.events },
          [EXTENSION_PATHS.export]: { get: transferOperations.exportPlants },
          [EXTENSION_PATHS.import]: { post: transferOperations.importPlants },
          [EXTENSION_PATHS.backup]: backupOperations,
          ...historyPaths,
          ...stockPaths,
          [API_PATHS.searchByStatus]: { get: searchByStatus },
          [API_PATHS.openapi]: {
            get: {
              operationId: 'get-openapi',
              summary: 'This document',
              responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': {} } } }
            }
          }
        },
        components: { schemas: { ...plantJsonSchemas, ...stockJsonSchemas, ...responseSchemas } }
      })
    )
  )
}
