/**
 * Bodies of the bulk routes: POST /v3/plant/bulk takes either
 * `{"ids": [...], "changes": {...}}` (one change for many plants) or
 * `{"updates": [{"id": 1, ...}, ...]}` (a change per plant, e.g. an Undo);
 * /bulk/delete and /bulk/restore take `{"ids": [...]}`. Each change follows
 * the update rules of plant-schema.ts. Described once with body-rules.ts:
 * the server's check and the published schema come from the same rules.
 */
import { eitherByKey, leaf, listOf, named, objectOf, validate, type FieldRules, type Validated } from './body-rules'
import type { FieldError } from './problem'
import type { FieldChanges, PlantChanges } from './plant'
import { MAX_BODY_DEPTH, PLANT_CHANGES, PLANT_ID, UPDATE_FIELDS } from './plant-schema'

/** The most plants one bulk call may name. */
export const BULK_MAX = 10_000

/** Deepest JSON a bulk body can have: object → updates array → change → tags array → string. */
export const BULK_BODY_DEPTH = MAX_BODY_DEPTH + 2

const TOO_MANY = `at most ${BULK_MAX.toLocaleString('en')} plants per call; split the list`

/** The plants a call names. */
const PLANT_IDS = listOf(PLANT_ID, {
  minItems: 1,
  maxItems: BULK_MAX,
  notAList: 'ids must be a non-empty list of plant ids, e.g. [1, 2, 3]',
  tooMany: TOO_MANY,
  description: 'The plants, by id (an id given twice counts once).'
})

const onlyFields = (fields: string) => (key: string) => `unknown field "${key}"; the fields are ${fields}`

/** The body of POST /v3/plant/bulk/delete and /bulk/restore. */
export const BULK_IDS_BODY = named(
  'BulkIds',
  objectOf<{ ids: number[] }>(
    { ids: PLANT_IDS },
    { required: ['ids'], notAnObject: 'the body must be a JSON object such as {"ids": [1, 2]}', unknownKey: onlyFields('ids') }
  )
)

/** A change of POST /v3/plant/bulk; `version` (in `updates` only) is the version the plant must still be at, as If-Match. */
export type BulkChange = PlantChanges & { version?: number }

const VERSION = leaf<number>(
  (value, field, errors) => {
    if (Number.isSafeInteger(value) && (value as number) >= 1) return value as number
    errors.push({ field, message: `version must be the positive whole number the plant was read at, not ${JSON.stringify(value)}` })
    return undefined
  },
  {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Change the plant only if it is still at this version (as If-Match); one stale version refuses the whole call with 412.'
  }
)

/** An item of `updates`: an update (its id and changes) that may name the version the plant must still be at (an Undo's If-Match). */
const UPDATE_ITEM = named(
  'BulkUpdateItem',
  objectOf<BulkChange>({ ...UPDATE_FIELDS, version: VERSION } as FieldRules<BulkChange>, {
    required: ['id'],
    notAnObject: 'each update must be an object such as {"id": 1, "status": "sold"}',
    unknownKey: onlyFields('id, name, category, tags, status, price, version')
  })
)

const NOT_AN_OBJECT = 'the body must be a JSON object such as {"ids": [1, 2], "changes": {"status": "sold"}}'

const BY_IDS = objectOf<{ ids: number[]; changes: FieldChanges }>(
  { ids: PLANT_IDS, changes: PLANT_CHANGES },
  { required: ['ids', 'changes'], notAnObject: NOT_AN_OBJECT, unknownKey: onlyFields('ids, changes (or updates alone)') }
)

const BY_UPDATES = objectOf<{ updates: BulkChange[] }>(
  {
    updates: listOf(UPDATE_ITEM, {
      minItems: 1,
      maxItems: BULK_MAX,
      notAList: 'updates must be a non-empty list such as [{"id": 1, "status": "sold"}]',
      tooMany: TOO_MANY,
      description: 'A change per plant, each plant in one item only (an id given twice is refused with 400 naming both items).'
    })
  },
  { required: ['updates'], notAnObject: NOT_AN_OBJECT, unknownKey: onlyFields('updates') }
)

/** The body of POST /v3/plant/bulk: one change for many plants, or a change per plant (told apart by `updates`). */
export const BULK_UPDATE_BODY = named('BulkUpdate', eitherByKey('updates', BY_UPDATES, BY_IDS, NOT_AN_OBJECT))

/** Validates `{"ids": [...]}` (bulk delete and restore). */
export function validateBulkIds(body: unknown): Validated<number[]> {
  const checked = validate(BULK_IDS_BODY, body)
  return checked.ok ? { ok: true, value: checked.value.ids } : checked
}

/**
 * The items of `updates` that name a plant an earlier item names, each an error naming both items (as an import names
 * both rows): which of two changes was meant is the caller's to say. Beyond the JSON Schema, which cannot say "each id once".
 */
function samePlantTwice(updates: readonly BulkChange[]): FieldError[] {
  const itemOfId = new Map<number, number>()
  const errors: FieldError[] = []
  updates.forEach(({ id }, index) => {
    const earlier = itemOfId.get(id)
    if (earlier === undefined) itemOfId.set(id, index)
    else errors.push({ field: `updates[${index}].id`, message: `id ${id} is also in updates[${earlier}]; change a plant in one item only` })
  })
  return errors
}

/**
 * Validates a body of POST /v3/plant/bulk into the update of each plant: in `ids` an id named twice is changed once,
 * in `updates` it is refused (two changes for one plant).
 */
export function validateBulkUpdate(body: unknown): Validated<BulkChange[]> {
  const checked = validate(BULK_UPDATE_BODY, body)
  if (!checked.ok) return checked
  if ('updates' in checked.value) {
    const twice = samePlantTwice(checked.value.updates)
    return twice.length > 0 ? { ok: false, errors: twice } : { ok: true, value: checked.value.updates }
  }
  const { ids, changes } = checked.value
  return { ok: true, value: [...new Set(ids)].map((id) => ({ ...changes, id })) }
}
