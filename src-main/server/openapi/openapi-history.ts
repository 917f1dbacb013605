/**
 * OpenAPI descriptions of the change log's extensions (issue 14): the change
 * feed, a plant's history, the sales report and the catalogue's health.
 * Each is marked `x-extension: true` (not part of the contract).
 */
import { CHANGE_TYPES, HISTORY_PATHS, SALES_GROUPINGS } from '#shared/history'
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import { STOCK_REASONS } from '#shared/stock'
import { problemResponse, queryParam, ref } from './openapi-parts'

const seqParam = (name: string, description: string, minimum = 0) => queryParam(name, description, { type: 'integer', minimum, maximum: 999_999_999 })
const limitParam = (byDefault: number) => queryParam('limit', 'Page size.', { type: 'integer', minimum: 1, maximum: 1000, default: byDefault })

/** One change record, as both change routes and the event stream's replay describe it. */
const changeRecord = {
  type: 'object',
  required: ['seq', 'type', 'plantId', 'at', 'by'],
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'Strictly increasing across restarts and restores; never reused.' },
    type: { type: 'string', enum: [...CHANGE_TYPES] },
    plantId: PLANT_ID_SCHEMA,
    at: { type: 'string', format: 'date-time', description: 'Server time of the change.' },
    by: { type: 'string', description: 'ui, cli, import, or the name of the API token that made the change.' },
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

const changesPage = (nextDescription: string, nullable: boolean) => ({
  type: 'object',
  required: ['changes', 'next'],
  properties: {
    changes: { type: 'array', items: changeRecord },
    next: { type: nullable ? ['integer', 'null'] : 'integer', description: nextDescription }
  }
})

const listChanges = {
  operationId: 'list-changes',
  'x-extension': true,
  summary: 'Every saved change after a cursor, in order (extension for scripts)',
  description:
    'Not part of the contract. Keep `next` and pass it as `since` next time to get exactly the changes made since; ' +
    'since=0 starts at the oldest change kept. When `since` is older than the kept history the answer is 410 with ' +
    '`oldestSeq`: reload the catalogue, then follow on from oldestSeq − 1.',
  parameters: [seqParam('since', 'The last seq already seen (0: from the beginning).'), limitParam(100)],
  responses: {
    '200': {
      description: 'The changes after `since`, oldest first.',
      content: { 'application/json': { schema: changesPage('The seq to pass as `since` next time.', false) } }
    },
    '400': problemResponse('since or limit out of range, or an unknown query parameter.'),
    '410': problemResponse(
      '`since` is older than the kept history (or than the last restore of a backup), or newer than the newest change; the problem carries `oldestSeq`.'
    )
  }
}

const plantHistory = {
  operationId: 'plant-history',
  'x-extension': true,
  summary: "One plant's changes, oldest first (extension for the staff UI)",
  description:
    'Not part of the contract. Without before/after: the newest `limit` changes. `next` is the seq to pass as ' +
    '`before` (or, when paging with `after`, as `after`) for the next page; null when there is none. ' +
    'A deleted plant keeps its history.',
  parameters: [
    { name: 'id', in: 'path', required: true, schema: PLANT_ID_SCHEMA },
    limitParam(50),
    seqParam('before', 'Only changes with a lower seq (the newest of them).', 1),
    seqParam('after', 'Only changes with a higher seq (the oldest of them).')
  ],
  responses: {
    '200': {
      description: 'A page of the plant’s changes, oldest first.',
      content: { 'application/json': { schema: changesPage('Seq to page on with, or null.', true) } }
    },
    '400': problemResponse('Invalid id, both before and after, a value out of range or an unknown query parameter.'),
    '404': problemResponse('No plant ever had this id.')
  }
}

const counts = {
  sold: { type: 'integer', minimum: 0 },
  returned: { type: 'integer', minimum: 0 },
  net: { type: 'integer', description: 'sold − returned' },
  total: { type: 'number', description: 'Sum of the prices at the time of each sale (plants without a price add nothing).' }
}
const countsSchema = { type: 'object', required: Object.keys(counts), properties: counts }
const dateParam = (name: string, description: string) => ({ ...queryParam(name, description, { type: 'string', format: 'date' }), required: true })

const salesReport = {
  operationId: 'sales-report',
  'x-extension': true,
  summary: 'Plants sold and returned in a period (extension for the staff UI)',
  description:
    'Not part of the contract. A change to sold is a sale on its day (UTC), with the price the plant had then; a change ' +
    'from sold back to available or pending is a return on its day: a plant sold and returned in the period counts in ' +
    'both. A plant added already sold is a sale unless an import added it. A line kept in stock counts its pots (extension): a sold ' +
    'movement of 3 is 3 sales at its price, a returned movement of 1 is a return, no other movement is either. Day, week (ISO, e.g. 2026-W48) and month ' +
    'groups cover the whole period, zero-filled; category groups are ranked by plants sold ("" for no category).',
  parameters: [
    dateParam('from', 'First day of the period (YYYY-MM-DD).'),
    dateParam('to', 'Last day of the period, included.'),
    queryParam('groupBy', 'How to group the counts.', { type: 'string', enum: [...SALES_GROUPINGS], default: 'day' })
  ],
  responses: {
    '200': {
      description: 'The report.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['from', 'to', 'groupBy', 'currency', 'groups', 'totals'],
            properties: {
              from: { type: 'string', format: 'date' },
              to: { type: 'string', format: 'date' },
              groupBy: { type: 'string', enum: [...SALES_GROUPINGS] },
              currency: { type: 'string', description: 'ISO 4217 code of the shop' },
              groups: {
                type: 'array',
                items: { type: 'object', required: ['key', ...Object.keys(counts)], properties: { key: { type: 'string' }, ...counts } }
              },
              totals: countsSchema
            }
          }
        }
      }
    },
    '400': problemResponse('A date that is not YYYY-MM-DD, to before from, a period over ten years, an unknown groupBy or query parameter.')
  }
}

const health = {
  operationId: 'health',
  'x-extension': true,
  summary: "Whether the catalogue's files are all in use (extension)",
  description:
    'Not part of the contract. A damaged history file never stops the catalogue: it is renamed aside (keptAs) and ' +
    'listed here with what is wrong, and status is degraded; the catalogue and the rest of the history serve on.',
  responses: {
    '200': {
      description: 'The health.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['status', 'problems'],
            properties: {
              status: { type: 'string', enum: ['ok', 'degraded'] },
              problems: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['kind', 'file', 'keptAs', 'problem'],
                  properties: {
                    kind: { type: 'string', enum: ['history-file-damaged'] },
                    file: { type: 'string' },
                    keptAs: { type: 'string' },
                    problem: { type: 'string' }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

/** The paths of the change log's extensions, for the document's `paths`. */
export const historyPaths = {
  [HISTORY_PATHS.changes]: { get: listChanges },
  [HISTORY_PATHS.plantHistory]: { get: plantHistory },
  [HISTORY_PATHS.salesReport]: { get: salesReport },
  [HISTORY_PATHS.health]: { get: health }
}
