/**
 * Bodies of the bulk routes (issue 15): POST /v3/plant/bulk takes either
 * `{"ids": [...], "changes": {...}}` (one change for many plants) or
 * `{"updates": [{"id": 1, ...}, ...]}` (a change per plant, e.g. an Undo);
 * /bulk/delete and /bulk/restore take `{"ids": [...]}`. Each change follows
 * the update rules of plant-schema.ts, minus the id.
 */
import type { PlantChanges } from './plant'
import { MAX_BODY_DEPTH, invalidIdMessage, isPlainObject, isPlantId, validatePlantChanges, type Validated } from './plant-schema'
import type { FieldError } from './problem'

/** The most plants one bulk call may name. */
export const BULK_MAX = 10_000

/** Deepest JSON a bulk body can have: object → updates array → change → tags array → string. */
export const BULK_BODY_DEPTH = MAX_BODY_DEPTH + 2

const TOO_MANY = `at most ${BULK_MAX.toLocaleString('en')} plants per call; split the list`

/** The `ids` list of a body, or its faults. */
function idList(value: unknown, errors: FieldError[]): number[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.push({ field: 'ids', message: 'ids must be a non-empty list of plant ids, e.g. [1, 2, 3]' })
    return []
  }
  if (value.length > BULK_MAX) errors.push({ field: 'ids', message: TOO_MANY })
  else value.forEach((id, index) => isPlantId(id) || errors.push({ field: `ids[${index}]`, message: invalidIdMessage(id) }))
  return value as number[]
}

function onlyKeys(body: Record<string, unknown>, keys: readonly string[], errors: FieldError[]): void {
  for (const key of Object.keys(body)) {
    if (!keys.includes(key)) errors.push({ field: key, message: `unknown field "${key}"; the fields are ${keys.join(', ')}` })
  }
}

const NOT_AN_OBJECT: FieldError = { field: '', message: 'the body must be a JSON object such as {"ids": [1, 2], "changes": {"status": "sold"}}' }

/** Validates `{"ids": [...]}` (bulk delete and restore). */
export function validateBulkIds(body: unknown): Validated<number[]> {
  if (!isPlainObject(body)) return { ok: false, errors: [{ ...NOT_AN_OBJECT, message: 'the body must be a JSON object such as {"ids": [1, 2]}' }] }
  const errors: FieldError[] = []
  onlyKeys(body, ['ids'], errors)
  const ids = idList(body.ids, errors)
  return errors.length === 0 ? { ok: true, value: ids } : { ok: false, errors }
}

/** A change of POST /v3/plant/bulk; `version` (in `updates` only) is the version the plant must still be at, as If-Match. */
export type BulkChange = PlantChanges & { version?: number }

/** An item of `updates`: its optional `version` checked apart, the rest as an update. */
function checkUpdateItem(item: unknown, prefix: string, errors: FieldError[]): BulkChange | undefined {
  if (!isPlainObject(item) || !Object.hasOwn(item, 'version')) return checkChange(item, prefix, errors)
  const { version, ...rest } = item
  if (!Number.isSafeInteger(version) || (version as number) < 1) {
    errors.push({
      field: `${prefix}.version`,
      message: `version must be the positive whole number the plant was read at, not ${JSON.stringify(version)}`
    })
  }
  const change = checkChange(rest, prefix, errors)
  return change && { ...change, version: version as number }
}

/** One change as an update (`id` plus fields), its faults named under `prefix`. */
function checkChange(body: unknown, prefix: string, errors: FieldError[]): PlantChanges | undefined {
  const checked = validatePlantChanges(body)
  if (checked.ok) return checked.value
  for (const error of checked.errors) errors.push({ field: error.field === '' ? prefix : `${prefix}.${error.field}`, message: error.message })
  return undefined
}

/** Validates a body of POST /v3/plant/bulk into the update of each plant. */
export function validateBulkUpdate(body: unknown): Validated<BulkChange[]> {
  if (!isPlainObject(body)) return { ok: false, errors: [NOT_AN_OBJECT] }
  const errors: FieldError[] = []
  const updates: BulkChange[] = []
  if (Object.hasOwn(body, 'updates')) {
    onlyKeys(body, ['updates'], errors)
    const list = body.updates
    if (!Array.isArray(list) || list.length === 0)
      errors.push({ field: 'updates', message: 'updates must be a non-empty list such as [{"id": 1, "status": "sold"}]' })
    else if (list.length > BULK_MAX) errors.push({ field: 'updates', message: TOO_MANY })
    else list.forEach((item, index) => updates.push(checkUpdateItem(item, `updates[${index}]`, errors)!))
  } else {
    onlyKeys(body, ['ids', 'changes'], errors)
    const ids = idList(body.ids, errors)
    const changes = body.changes
    if (!isPlainObject(changes)) errors.push({ field: 'changes', message: 'changes must be an object such as {"status": "sold"}' })
    else if (Object.hasOwn(changes, 'id')) errors.push({ field: 'changes.id', message: 'the plants are named in ids; leave id out of changes' })
    else if (errors.length === 0) {
      const first = checkChange({ ...changes, id: ids[0] }, 'changes', errors)
      if (first) for (const id of new Set(ids)) updates.push({ ...first, id })
    }
  }
  return errors.length === 0 ? { ok: true, value: updates } : { ok: false, errors }
}
