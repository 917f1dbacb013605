/**
 * The one place where the rules for a plant's fields live. The server validates
 * request bodies with it, the UI uses it for instant form messages, and the
 * OpenAPI document takes its JSON Schemas from it, so the three cannot drift.
 */
import { PLANT_STATUSES, type NewPlant, type PlantChanges, type PlantStatus } from './plant'
import type { FieldError } from './problem'
import { TEXT_PATTERN, TEXT_RULES_DESCRIPTION, storedText, textProblem, uniqueTags } from './text-rules'

/** Limits on field values (decided in issue 2; the contract leaves them open). */
export const PLANT_LIMITS = {
  textMaxLength: 200,
  tagsMaxItems: 32,
  tagMaxLength: 50
} as const

const EDITABLE_FIELDS = ['name', 'category', 'tags', 'status'] as const
type EditableField = (typeof EDITABLE_FIELDS)[number]

/** Outcome of validating a body: either the clean value or the list of complaints. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] }

/** Outcome of validating an update body, which tells a bad id apart from other faults. */
export type ValidatedChanges =
  | { ok: true; value: PlantChanges }
  | { ok: false; idError: boolean; errors: FieldError[] }

/** Counts characters as people do (code points), not UTF-16 units. */
function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

/** Checks `value` against the text rules (text-rules.ts) and `maxLength`; returns the stored form or the message. */
function checkText(value: unknown, label: string, maxLength: number): string | { text: string } {
  if (typeof value !== 'string') return `${label} must be text (a JSON string), not ${describeType(value)}`
  const problem = textProblem(value)
  if (problem !== undefined) return `${label} ${problem}`
  const text = storedText(value)
  const length = characterCount(text)
  if (length > maxLength) return `${label} is ${length} characters long; at most ${maxLength} are allowed`
  return { text }
}

function checkStatus(value: unknown): string | { status: PlantStatus } {
  if ((PLANT_STATUSES as readonly unknown[]).includes(value)) return { status: value as PlantStatus }
  const shown = typeof value === 'string' ? `"${value}"` : describeType(value)
  return `status must be one of ${PLANT_STATUSES.join(', ')}; got ${shown}`
}

/** Checks a tag list; keeps each tag once (after NFC and case folding, first spelling wins). */
function checkTags(value: unknown, errors: FieldError[]): string[] | undefined {
  if (!Array.isArray(value)) {
    errors.push({ field: 'tags', message: `tags must be an array of text, not ${describeType(value)}` })
    return undefined
  }
  if (value.length > PLANT_LIMITS.tagsMaxItems) {
    errors.push({
      field: 'tags',
      message: `a plant can have at most ${PLANT_LIMITS.tagsMaxItems} tags; got ${value.length}`
    })
    return undefined
  }
  const tags: string[] = []
  const before = errors.length
  value.forEach((item, index) => {
    const result = checkText(item, `tag ${index + 1}`, PLANT_LIMITS.tagMaxLength)
    if (typeof result === 'string') errors.push({ field: `tags[${index}]`, message: result })
    else tags.push(result.text)
  })
  return errors.length === before ? uniqueTags(tags) : undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Validates the editable fields of `body`, ignoring `id` when `allowId` is set. */
function checkFields(body: Record<string, unknown>, allowId: boolean): Validated<NewPlant> {
  const errors: FieldError[] = []
  const value: NewPlant = {}
  for (const key of Object.keys(body)) {
    if (key === 'id' && allowId) continue
    if (!(EDITABLE_FIELDS as readonly string[]).includes(key)) {
      errors.push({ field: key, message: unknownFieldMessage(key) })
    }
  }
  for (const field of EDITABLE_FIELDS) {
    if (!Object.hasOwn(body, field)) continue
    checkField(field, body[field], value, errors)
  }
  return errors.length === 0 ? { ok: true, value } : { ok: false, errors }
}

function checkField(field: EditableField, raw: unknown, into: NewPlant, errors: FieldError[]): void {
  if (field === 'tags') {
    const tags = checkTags(raw, errors)
    if (tags) into.tags = tags
    return
  }
  if (field === 'status') {
    const result = checkStatus(raw)
    if (typeof result === 'string') errors.push({ field, message: result })
    else into.status = result.status
    return
  }
  const result = checkText(raw, field, PLANT_LIMITS.textMaxLength)
  if (typeof result === 'string') errors.push({ field, message: result })
  else into[field] = result.text
}

function unknownFieldMessage(key: string): string {
  if (key === 'id') return 'id is assigned by the server; leave it out when adding a plant'
  return `unknown field "${key}"; the fields are ${EDITABLE_FIELDS.join(', ')}`
}

const NOT_AN_OBJECT = 'the body must be a JSON object such as {"name": "Monstera", "status": "available"}'

/** Validates an add-plant body. */
export function validateNewPlant(body: unknown): Validated<NewPlant> {
  if (!isPlainObject(body)) return { ok: false, errors: [{ field: '', message: NOT_AN_OBJECT }] }
  return checkFields(body, false)
}

/** Validates an update-plant body: `id` names the plant, the other fields present are the changes. */
export function validatePlantChanges(body: unknown): ValidatedChanges {
  if (!isPlainObject(body)) return { ok: false, idError: false, errors: [{ field: '', message: NOT_AN_OBJECT }] }
  const id = body.id
  if (!Number.isSafeInteger(id) || (id as number) < 1) {
    const message = id === undefined
      ? 'id is missing; name the plant to update with its id, e.g. {"id": 7, "status": "sold"}'
      : `id must be a positive whole number, not ${typeof id === 'number' ? id : describeType(id)}`
    return { ok: false, idError: true, errors: [{ field: 'id', message }] }
  }
  const fields = checkFields(body, true)
  if (!fields.ok) return { ok: false, idError: false, errors: fields.errors }
  return { ok: true, value: { id: id as number, ...fields.value } }
}

/** Deepest JSON nesting a valid body can have: object → tags array → string. */
export const MAX_BODY_DEPTH = 2

type JsonSchema = Record<string, unknown>

const textSchema = (description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: PLANT_LIMITS.textMaxLength,
  pattern: TEXT_PATTERN,
  description: `${description} ${TEXT_RULES_DESCRIPTION} At most ${PLANT_LIMITS.textMaxLength} characters.`
})

/** JSON Schemas of the plant shapes, for the OpenAPI document. */
export const plantJsonSchemas: Record<string, JsonSchema> = {
  PlantStatus: { type: 'string', enum: [...PLANT_STATUSES] },
  Plant: {
    type: 'object',
    additionalProperties: false,
    description: 'A plant to add. Unknown fields (and a client-supplied id) are rejected. status defaults to available, tags to [].',
    properties: {
      name: textSchema('Name of the plant.'),
      category: textSchema('Category of the plant.'),
      tags: {
        type: 'array',
        maxItems: PLANT_LIMITS.tagsMaxItems,
        description: `Labels; duplicates (ignoring case, after NFC) are kept once, the first spelling winning. ${TEXT_RULES_DESCRIPTION} At most ${PLANT_LIMITS.tagsMaxItems} tags of at most ${PLANT_LIMITS.tagMaxLength} characters.`,
        items: { type: 'string', minLength: 1, maxLength: PLANT_LIMITS.tagMaxLength, pattern: TEXT_PATTERN }
      },
      status: { $ref: '#/components/schemas/PlantStatus' }
    }
  },
  PlantUpdate: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    description: 'The id names the plant; only the other fields present change. tags: [] empties the tags.',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'The plant to update.' },
      name: { $ref: '#/components/schemas/Plant/properties/name' },
      category: { $ref: '#/components/schemas/Plant/properties/category' },
      tags: { $ref: '#/components/schemas/Plant/properties/tags' },
      status: { $ref: '#/components/schemas/PlantStatus' }
    }
  },
  PlantResponse: {
    type: 'object',
    required: ['id', 'status', 'tags'],
    description: 'A plant as the contract returns it: never carries category.',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Assigned by the server: increasing, never reused.' },
      name: { type: 'string' },
      status: { $ref: '#/components/schemas/PlantStatus' },
      tags: { type: 'array', items: { type: 'string' } }
    }
  },
  Problem: {
    type: 'object',
    required: ['type', 'title', 'status', 'detail'],
    description: 'RFC 9457 problem details (application/problem+json).',
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } }
        }
      }
    }
  }
}
