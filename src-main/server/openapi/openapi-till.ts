/**
 * OpenAPI descriptions of issue 15's operations: delete with tombstones,
 * restore, bulk changes and the shop setting. All are extensions
 * (`x-extension: true`), not part of the interface contract.
 */
import { EXTENSION_PATHS } from '#shared/api-paths'
import { BULK_MAX } from '#shared/plant-bulk'
import { PLANT_ID_SCHEMA, plantJsonSchemas } from '#shared/plant-schema'
import { problemResponse, ref } from './openapi-parts'
import { IDS_NAMED_MAX } from '#server/problems/problems-till'

type Schema = Record<string, unknown>
type Document = { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } }

const json = (schema: Schema) => ({ 'application/json': { schema } })
const ID_PARAMETER = { name: 'id', in: 'path', required: true, schema: PLANT_ID_SCHEMA }
const ids = { type: 'array', minItems: 1, maxItems: BULK_MAX, items: PLANT_ID_SCHEMA }
const idsBody = { required: true, content: json({ type: 'object', required: ['ids'], additionalProperties: false, properties: { ids } }) }
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
/** An item of `updates`: a PlantUpdate that may name the version the plant must still be at (an Undo's If-Match). */
const updateItem = {
  ...plantJsonSchemas.PlantUpdate,
  properties: {
    ...(plantJsonSchemas.PlantUpdate!.properties as Schema),
    version: {
      type: 'integer',
      minimum: 1,
      description: 'Change the plant only if it is still at this version (as If-Match); one stale version refuses the whole call with 412.'
    }
  }
}
const INVALID = problemResponse('Invalid body: errors[] names each faulty field (e.g. changes.status, updates[3].price, ids). Nothing was changed.')

const operations = (ifMatch: Schema | undefined) => ({
  [EXTENSION_PATHS.plantRestore]: {
    post: {
      operationId: 'restore-plant',
      summary: 'Bring a deleted plant back (extension)',
      description: 'The plant comes back with the same id and fields, one version on. Tombstones are kept 30 days, then purged at a checkpoint.',
      parameters: [ID_PARAMETER],
      responses: {
        '200': { description: 'The restored plant.', content: json(ref('FullPlant')) },
        '404': problemResponse('There is no deleted plant with this id (never added, or purged).'),
        '409': problemResponse('The plant is not deleted.')
      }
    }
  },
  [EXTENSION_PATHS.bulk]: {
    post: {
      operationId: 'bulk-update-plants',
      summary: 'Change many plants at once (extension)',
      description: `Either one change for many plants ({"ids": [...], "changes": {...}}) or a change per plant ({"updates": [{"id": 1, ...}]}, e.g. an Undo). Changes follow the update rules (null removes category or price). ${ATOMIC}`,
      requestBody: {
        required: true,
        content: json({
          oneOf: [
            {
              type: 'object',
              required: ['ids', 'changes'],
              additionalProperties: false,
              properties: { ids, changes: { type: 'object', not: { required: ['id'] } } }
            },
            {
              type: 'object',
              required: ['updates'],
              additionalProperties: false,
              properties: { updates: { type: 'array', minItems: 1, maxItems: BULK_MAX, items: updateItem } }
            }
          ]
        })
      },
      responses: {
        '200': plantsAnswer('The changed plants.'),
        '400': INVALID,
        '404': NOT_FOUND,
        '412': problemResponse('An item of updates names a version the plant has moved past (changed since it was read). Nothing was changed.')
      }
    }
  },
  [EXTENSION_PATHS.bulkDelete]: {
    post: {
      operationId: 'bulk-delete-plants',
      summary: 'Delete many plants at once (extension)',
      description: ATOMIC,
      requestBody: idsBody,
      responses: {
        '200': {
          description: 'The deleted ids.',
          content: json({ type: 'object', required: ['deleted'], properties: { deleted: { type: 'array', items: PLANT_ID_SCHEMA } } })
        },
        '400': INVALID,
        '404': NOT_FOUND
      }
    }
  },
  [EXTENSION_PATHS.bulkRestore]: {
    post: {
      operationId: 'bulk-restore-plants',
      summary: 'Restore many deleted plants at once (extension)',
      description: ATOMIC,
      requestBody: idsBody,
      responses: {
        '200': plantsAnswer('The restored plants.'),
        '400': INVALID,
        '404': problemResponse('An id has no tombstone; nothing was changed.'),
        '409': problemResponse('A plant named is not deleted; nothing was changed.')
      }
    }
  },
  deletePlant: {
    operationId: 'delete-plant',
    summary: 'Delete a plant (extension)',
    description:
      'The plant disappears from search, lists, counts and export; its id is never handed out again. A tombstone keeps it ' +
      '30 days for POST /plant/{id}/restore. If-Match is honoured as for an update.',
    parameters: [ID_PARAMETER, ...(ifMatch ? [ifMatch] : [])],
    responses: {
      '204': { description: 'Deleted (and saved).' },
      '400': problemResponse('Invalid ID supplied, or a malformed If-Match.'),
      '404': problemResponse('No plant has this id, or it is deleted already.'),
      '412': problemResponse('If-Match named another version; nothing was deleted.')
    }
  }
})

const shop = {
  type: 'object',
  required: ['currency', 'locale'],
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$', description: "ISO 4217 code; by default the currency of the computer's locale." },
    locale: { type: 'string', description: "The computer's locale (BCP 47), to format prices with Intl.NumberFormat." }
  }
}
const shopOperations = {
  get: {
    operationId: 'get-shop-settings',
    summary: "The shop's currency and locale (extension)",
    responses: { '200': { description: 'The shop setting.', content: json(shop) } }
  },
  put: {
    operationId: 'set-shop-settings',
    summary: "Change the shop's currency (extension; owner only)",
    requestBody: {
      required: true,
      content: json({ type: 'object', required: ['currency'], additionalProperties: false, properties: { currency: { type: 'string' } } })
    },
    responses: {
      '200': { description: 'The shop setting as it is now.', content: json(shop) },
      '400': problemResponse("Not an ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), or an unknown field."),
      '403': problemResponse("Only the owner's token may change the currency.")
    }
  }
}

/** Adds issue 15's operations to `doc` (after the write-safety extensions, whose If-Match a delete shares); returns it. */
export function documentTill<T extends Document>(doc: T): T {
  const update = doc.paths['/plant']!.put as { parameters?: Schema[] }
  const { deletePlant, ...paths } = operations(update.parameters?.find((parameter) => parameter.name === 'If-Match'))
  for (const [path, item] of Object.entries(paths)) doc.paths[path] = { post: { ...item.post, 'x-extension': true } }
  doc.paths[EXTENSION_PATHS.plantById]!.delete = { ...deletePlant, 'x-extension': true }
  doc.paths[EXTENSION_PATHS.shopSettings] = {
    get: { ...shopOperations.get, 'x-extension': true },
    put: { ...shopOperations.put, 'x-extension': true }
  }
  return doc
}
