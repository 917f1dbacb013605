/**
 * The change log's read routes (extensions): GET /v3/changes, a cursor over
 * every saved change for scripts, and GET /v3/plant/{id}/history, one plant's
 * changes oldest first. Both read the store's HistoryLog.
 */
import { STOCK_REASONS } from '#shared/stock'
import type { H3Event } from 'h3'
import { CHANGE_TYPES, HISTORY_PATHS, type ChangesPage, type PlantHistoryPage } from '#shared/history'
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import type { FieldError } from '#shared/problem'
import { toChangeRecord, type PlantHistoryQuery, type ShopStore } from '#store'
import { plantIdParam } from '#server/http/path-params'
import { parseWholeNumber, refuseUnknownParams, throwIfInvalid } from '#server/http/query'
import { PLANT_ID_PARAMETER, extensionOperation, json, problemResponse, queryParam, ref } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { defineOperation, defineResource } from '#server/routes/operation'

/** Largest seq a query may name (9 digits, as every other number in a query). */
const SEQ_MAX = 999_999_999
/** Page sizes when `limit` is absent. */
const CHANGES_DEFAULT_LIMIT = 100
const PLANT_HISTORY_DEFAULT_LIMIT = 50
const LIMIT_MAX = 1000

function paramsOf(event: H3Event): URLSearchParams {
  return new URLSearchParams(event.url.search)
}

/** GET /v3/changes?since&limit; a `since` older than the kept log is the store's HistoryGoneError (410). */
async function listChanges(event: H3Event, store: ShopStore): Promise<ChangesPage> {
  const params = paramsOf(event)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['since', 'limit'], errors)
  const since = parseWholeNumber(params, 'since', 0, SEQ_MAX, errors) ?? 0
  const limit = parseWholeNumber(params, 'limit', 1, LIMIT_MAX, errors) ?? CHANGES_DEFAULT_LIMIT
  throwIfInvalid(errors)
  const entries = await store.history.since(since, limit)
  return { changes: entries.map(toChangeRecord), next: entries.at(-1)?.seq ?? since }
}

function readPlantHistoryQuery(params: URLSearchParams): PlantHistoryQuery {
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['limit', 'before', 'after'], errors)
  const limit = parseWholeNumber(params, 'limit', 1, LIMIT_MAX, errors) ?? PLANT_HISTORY_DEFAULT_LIMIT
  const before = parseWholeNumber(params, 'before', 1, SEQ_MAX, errors)
  const after = parseWholeNumber(params, 'after', 0, SEQ_MAX, errors)
  if (before !== undefined && after !== undefined) errors.push({ field: 'before', message: 'give before or after, not both' })
  throwIfInvalid(errors)
  return { limit, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }
}

/** GET /v3/plant/{id}/history?limit&before|after: also for a deleted plant; 404 for an id no plant ever had. */
async function plantHistory(event: H3Event, store: ShopStore): Promise<PlantHistoryPage> {
  const id = plantIdParam(event)
  const query = readPlantHistoryQuery(paramsOf(event))
  if (!store.get(id) && !(await store.history.knows(id))) throw problem('plantNotFound', id)
  const page = await store.history.ofPlant(id, query)
  return { changes: page.entries.map(toChangeRecord), next: page.next }
}

const seqParam = (name: string, description: string, minimum = 0) => queryParam(name, description, { type: 'integer', minimum, maximum: SEQ_MAX })
const limitParam = (byDefault: number) => queryParam('limit', 'Page size.', { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: byDefault })

const changesPage = (nextDescription: string, nullable: boolean) => ({
  type: 'object',
  required: ['changes', 'next'],
  properties: {
    changes: { type: 'array', items: ref('ChangeRecord') },
    next: { type: nullable ? ['integer', 'null'] : 'integer', description: nextDescription }
  }
})

const listChangesDoc = extensionOperation({
  operationId: 'list-changes',
  summary: 'Every saved change after a cursor, in order (extension for scripts)',
  description:
    'Not part of the contract. Keep `next` and pass it as `since` next time to get exactly the changes made since; ' +
    'since=0 starts at the oldest change kept. When `since` is older than the kept history the answer is 410 with ' +
    '`oldestSeq`: reload the catalogue, then follow on from oldestSeq − 1.',
  parameters: [seqParam('since', 'The last seq already seen (0: from the beginning).'), limitParam(CHANGES_DEFAULT_LIMIT)],
  responses: {
    '200': {
      description: 'The changes after `since`, oldest first.',
      content: json(changesPage('The seq to pass as `since` next time.', false))
    },
    '400': problemResponse('since or limit out of range, or an unknown query parameter.'),
    '410': problemResponse(
      '`since` is older than the kept history (or than the last restore of a backup), or newer than the newest change; the problem carries `oldestSeq`.'
    )
  }
})

const plantHistoryDoc = extensionOperation({
  operationId: 'plant-history',
  summary: "One plant's changes, oldest first (extension for the staff UI)",
  description:
    'Not part of the contract. Without before/after: the newest `limit` changes. `next` is the seq to pass as ' +
    '`before` (or, when paging with `after`, as `after`) for the next page; null when there is none. ' +
    'A deleted plant keeps its history.',
  parameters: [
    PLANT_ID_PARAMETER,
    limitParam(PLANT_HISTORY_DEFAULT_LIMIT),
    seqParam('before', 'Only changes with a lower seq (the newest of them).', 1),
    seqParam('after', 'Only changes with a higher seq (the oldest of them).')
  ],
  responses: {
    '200': { description: 'A page of the plant’s changes, oldest first.', content: json(changesPage('Seq to page on with, or null.', true)) },
    '400': problemResponse('Invalid id, both before and after, a value out of range or an unknown query parameter.'),
    '404': problemResponse('No plant ever had this id.')
  }
})

/** One change record, as both change routes serve it. */
export const historySchemas = {
  ChangeRecord: {
    type: 'object',
    required: ['seq', 'type', 'plantId', 'at', 'by'],
    properties: {
      seq: { type: 'integer', minimum: 1, description: 'Strictly increasing across restarts and restores; never reused.' },
      type: { type: 'string', enum: [...CHANGE_TYPES] },
      plantId: PLANT_ID_SCHEMA,
      at: { type: 'string', format: 'date-time', description: 'Server time of the change.' },
      by: { type: 'string', description: 'ui, cli, or the name of the API token that made the change (import on imports logged before via).' },
      via: { type: 'string', enum: ['import'], description: 'Extension: the change came with an import; by names who imported it.' },
      staff: { type: 'string', description: 'The staff member at the till who made the change; present only once staff members are set up.' },
      changes: {
        type: 'object',
        description: 'On plant.updated only: each changed field with its value before and after (null when absent).',
        additionalProperties: { type: 'object', required: ['from', 'to'], properties: { from: {}, to: {} } }
      },
      plant: { ...ref('FullPlant'), description: 'On plant.added and plant.restored: the plant as it was then.' },
      stock: {
        type: 'object',
        required: ['reason', 'change'],
        description: 'Extension: on a plant.updated that moved the quantity, the stock movement (changes.quantity holds before and after).',
        properties: {
          reason: { type: 'string', enum: [...STOCK_REASONS] },
          change: { type: 'integer', description: 'Pots added (above 0) or taken away (below 0).' },
          note: { type: 'string' }
        }
      }
    }
  }
}

/** The change log and a plant's history, over the app's store. */
export const historyResource = defineResource({
  context: ({ store }: { store: ShopStore }) => store,
  schemas: historySchemas,
  operations: [
    defineOperation<ShopStore>({
      method: 'GET',
      path: HISTORY_PATHS.changes,
      openapi: listChangesDoc,
      handler: (event, store) => listChanges(event, store)
    }),
    defineOperation<ShopStore>({
      method: 'GET',
      path: HISTORY_PATHS.plantHistory,
      openapi: plantHistoryDoc,
      handler: (event, store) => plantHistory(event, store)
    })
  ]
})
