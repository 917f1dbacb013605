/**
 * Many plants in one call (extensions): change, delete or restore. Every call
 * is all or nothing and one durable write, announced as one plants.changed
 * event; the store decides which plants it may change.
 */
import type { H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { componentsOf } from '#shared/body-rules'
import { BULK_BODY_DEPTH, BULK_IDS_BODY, BULK_MAX, BULK_UPDATE_BODY, validateBulkIds, validateBulkUpdate } from '#shared/plant-bulk'
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import { shopOf, type Shop } from '#server/routes/shop'
import { actorIn } from '#server/security/actor'
import { NOT_A_PLANT, readJsonBody } from '#server/http/read-json-body'
import { JSON_BODY_RESPONSES, NOT_SAVED_RESPONSE, extensionOperation, json, jsonBody, problemResponse, ref } from '#server/openapi/parts'
import { IDS_NAMED_MAX } from '#server/routes/plants/problems'
import { problem } from '#server/problems/problems'
import { requireMayEdit } from '#server/security/staff-actions'
import { defineOperation, defineResource } from '#server/routes/operation'

async function bulkIds(event: H3Event): Promise<number[]> {
  const checked = validateBulkIds(await readJsonBody(event, 400, undefined, NOT_A_PLANT))
  if (!checked.ok) throw problem('bulkNotChanged', checked.errors)
  return checked.value
}

const plantsAnswer = (description: string) => ({
  description,
  content: json({ type: 'object', required: ['plants'], properties: { plants: { type: 'array', items: ref('FullPlant') } } })
})
const ATOMIC =
  `All or nothing: every plant is checked first, then all are saved in one durable write and announced as one plants.changed event. ` +
  `At most ${BULK_MAX} plants per call.`
const NOT_FOUND = problemResponse(
  `An id names no plant (or a deleted one); the problem names them (the first ${IDS_NAMED_MAX}). Nothing was changed.`
)
const INVALID = problemResponse('Invalid body: errors[] names each faulty field (e.g. changes.status, updates[3].price, ids). Nothing was changed.')

const bulkUpdatePlantsDoc = extensionOperation({
  operationId: 'bulk-update-plants',
  summary: 'Change many plants at once (extension)',
  description: `Either one change for many plants ({"ids": [...], "changes": {...}}) or a change per plant ({"updates": [{"id": 1, ...}]}, e.g. an Undo). Changes follow the update rules (null removes category or price). ${ATOMIC}`,
  requestBody: jsonBody(BULK_UPDATE_BODY),
  responses: {
    '200': plantsAnswer(
      'Every plant named, as it is now. A change that changes nothing (e.g. {"changes": {}}, or a status the plant has) leaves its plant as it was: no new version, no change log entry, no event.'
    ),
    '400': problemResponse(
      'Invalid body, or a plant named in two items of updates (errors[] names the later item and the message the earlier, e.g. updates[3].id: "id 5 is also in updates[1]"). Nothing was changed.'
    ),
    '404': NOT_FOUND,
    '412': problemResponse('An item of updates names a version the plant has moved past (changed since it was read). Nothing was changed.'),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

const bulkDeletePlantsDoc = extensionOperation({
  operationId: 'bulk-delete-plants',
  summary: 'Delete many plants at once (extension)',
  description: ATOMIC,
  requestBody: jsonBody(BULK_IDS_BODY),
  responses: {
    '200': {
      description: 'The deleted ids.',
      content: json({ type: 'object', required: ['deleted'], properties: { deleted: { type: 'array', items: PLANT_ID_SCHEMA } } })
    },
    '400': INVALID,
    '404': NOT_FOUND,
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

const bulkRestorePlantsDoc = extensionOperation({
  operationId: 'bulk-restore-plants',
  summary: 'Restore many deleted plants at once (extension)',
  description: ATOMIC,
  requestBody: jsonBody(BULK_IDS_BODY),
  responses: {
    '200': plantsAnswer('The restored plants.'),
    '400': INVALID,
    '404': problemResponse('An id has no tombstone; nothing was changed.'),
    '409': problemResponse('A plant named is not deleted; nothing was changed.'),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

/** The bulk routes over the app's store: POST /v3/plant/bulk, /plant/bulk/delete and /plant/bulk/restore. */
export const bulkResource = defineResource({
  context: shopOf,
  schemas: componentsOf(BULK_UPDATE_BODY, BULK_IDS_BODY),
  operations: [
    defineOperation<Shop>({
      method: 'POST',
      path: EXTENSION_PATHS.bulk,
      staff: 'decided-by-body',
      body: BULK_UPDATE_BODY,
      openapi: bulkUpdatePlantsDoc,
      async handler(event, shop) {
        const checked = validateBulkUpdate(await readJsonBody(event, 400, BULK_BODY_DEPTH, NOT_A_PLANT))
        if (!checked.ok) throw problem('bulkNotChanged', checked.errors)
        await requireMayEdit(event, shop, checked.value)
        return { plants: await shop.store.edits.bulkUpdate(checked.value, actorIn(event)) }
      }
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: EXTENSION_PATHS.bulkDelete,
      staff: 'delete-plants',
      body: BULK_IDS_BODY,
      openapi: bulkDeletePlantsDoc,
      async handler(event, { store }) {
        const deleted = await store.edits.bulkDelete(await bulkIds(event), actorIn(event))
        return { deleted: deleted.map((plant) => plant.id) }
      }
    }),
    defineOperation<Shop>({
      method: 'POST',
      path: EXTENSION_PATHS.bulkRestore,
      staff: 'delete-plants',
      body: BULK_IDS_BODY,
      openapi: bulkRestorePlantsDoc,
      handler: async (event, { store }) => ({ plants: await store.edits.bulkRestore(await bulkIds(event), actorIn(event)) })
    })
  ]
})
