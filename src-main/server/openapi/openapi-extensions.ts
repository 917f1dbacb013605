/**
 * OpenAPI descriptions of the operations added for the staff UI. Each is
 * marked `x-extension: true`: they are not part of the interface contract
 * (docs/contract.md), whose three operations stay exactly as specified.
 */
import { PLANT_SORT_KEYS, QUERY_TEXT_MAX, STATUS_COUNTS_HEADER } from '#shared/api-paths'
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import { SEARCH_PARAMETERS, problemResponse, queryParam, ref } from './openapi-parts'
import { EVENT_STREAM_LIMITS } from '#server/routes/change-stream'
import { REPLAY_MAX } from '#server/routes/event-replay'
import { HEARTBEAT_MS } from '#server/routes/events'

const listPlants = {
  operationId: 'list-plants',
  'x-extension': true,
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
      {
        type: 'string',
        maxLength: QUERY_TEXT_MAX
      }
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
      content: { 'application/json': { schema: { type: 'array', items: ref('FullPlant') } } }
    },
    '400': problemResponse(
      'A status outside the enum, an unknown sort key, q over 200 characters, limit or offset out of range, or an unknown query parameter.'
    )
  }
}

const getPlant = {
  operationId: 'get-plant',
  'x-extension': true,
  summary: 'One plant with every field (extension for the staff UI)',
  parameters: [{ name: 'id', in: 'path', required: true, schema: PLANT_ID_SCHEMA }],
  responses: {
    '200': { description: 'The plant.', content: { 'application/json': { schema: ref('FullPlant') } } },
    '400': problemResponse('Invalid ID supplied: not a positive whole number.'),
    '404': problemResponse('Plant not found.')
  }
}

const events = {
  operationId: 'plant-events',
  'x-extension': true,
  summary: 'Live stream of saved changes (Server-Sent Events; extension for the staff UI)',
  description:
    'Not part of the contract. A text/event-stream that stays open: each saved change arrives as an event named ' +
    'plant.added, plant.updated or plant.restored whose data is the full plant as JSON, plant.deleted with {"id": 7}, ' +
    'import.applied with {"added", "updated"}, or plants.changed (one bulk call) with {"ids": [...], "change": "updated"|"deleted"|"restored"}; ' +
    'a batch event asks a UI to reload its view. Each is sent only once the change is on disk. ' +
    `A comment line is sent every ${HEARTBEAT_MS / 1000} s while idle. Each change event carries its seq as id ` +
    '(a batch: one event with the seq of its last change). A client that reconnects with ' +
    `Last-Event-ID first receives every change it missed (up to ${REPLAY_MAX}, each as plant.added, plant.updated, ` +
    'plant.deleted or plant.restored with the plant as it is now), then the live ones; when more were missed, or they ' +
    'are older than the kept change log, it receives one `reset` event instead: reload the list. ' +
    `At most ${EVENT_STREAM_LIMITS.maxStreams} streams are open at once; a stream whose client leaves more than ` +
    `${EVENT_STREAM_LIMITS.maxBufferedBytes} bytes unread, or reads nothing for ${EVENT_STREAM_LIMITS.stallMs / 1000} s while ` +
    'events wait, is closed by the server (reconnect and reload).',
  responses: {
    '200': {
      description: 'The event stream.',
      content: { 'text/event-stream': { schema: { type: 'string' }, example: 'event: plant.updated\ndata: {"id":7,"status":"sold",…}\n\n' } }
    },
    '503': problemResponse(`${EVENT_STREAM_LIMITS.maxStreams} streams are already open; close one and try again (Retry-After says when).`)
  }
}

/** The extension operations, by name. */
export const extensionOperations = { listPlants, getPlant, events }
