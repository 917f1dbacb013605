/**
 * The one place where the rules for a plant's fields live. The server validates
 * request bodies with it, the UI uses it for instant form messages, and the
 * OpenAPI document takes its JSON Schemas from it. Each field is one row of
 * {@link FIELD_RULES}: its check and its JSON Schema side by side, so a new
 * field is a one-place change; the bodies (add, update, the changes of a bulk
 * call) are built from the rows with body-rules.ts. test/api/schema-agreement.test.ts
 * runs both over generated bodies and fails when they give any body different verdicts.
 */
import {
  describeType,
  leaf,
  named,
  nullable,
  objectOf,
  schemaRef,
  validate,
  type FieldRules,
  type JsonSchema,
  type Rule,
  type Validated
} from './body-rules'
import { CLEARABLE_FIELDS, PLANT_STATUSES, isPlantStatus, type FieldChanges, type NewPlant, type PlantChanges } from './plant'
import type { FieldError } from './problem'
import { TEXT_RULES_DESCRIPTION, storedText, textFieldSchema, textProblem, uniqueTags } from './text-rules'

export { isPlainObject, type Validated } from './body-rules'

/** Limits on field values (the contract leaves them open; docs/api.md gives the reasons). */
export const PLANT_LIMITS = {
  textMaxLength: 200,
  tagsMaxItems: 32,
  tagMaxLength: 50,
  priceMax: 1_000_000,
  /** The most pots one plant line holds (quantity and reorderAt). */
  quantityMax: 1_000_000
} as const

/**
 * A price has at most two decimals: price / 0.01 is a whole number, within the rounding a binary float brings
 * (12.345 is refused; 19.99 and 0.1 + 0.2 are 1999 and 30 cents). JSON Schema says it with multipleOf 0.01,
 * which a validator must compare with the same tolerance (ajv: multipleOfPrecision 6).
 */
export const PRICE_DECIMALS_TOLERANCE = 1e-6

/** Outcome of validating an update body, which tells a bad id apart from other faults. */
export type ValidatedChanges = { ok: true; value: PlantChanges } | { ok: false; idError: boolean; errors: FieldError[] }

/** Counts characters as people do (code points), not UTF-16 units; JSON Schema's lengths count the same way. */
function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

// ---------------------------------------------------------------------------------------------
// Text rules. Every text field (name, category, each tag) follows src-shared/text-rules.ts: the
// characters it may hold and its JSON Schema patterns come from there; the length is checked here
// and in the same pattern. The agreement test fails when the two give any text different verdicts.
// ---------------------------------------------------------------------------------------------

/** The JSON Schema of a text field: the text rules and the length, once trimmed. */
function textJsonSchema(maxLength: number, description: string): JsonSchema {
  return {
    type: 'string',
    ...textFieldSchema(maxLength),
    description: `${description} ${TEXT_RULES_DESCRIPTION} At most ${maxLength} characters long once trimmed.`
  }
}

/**
 * Checks `value` against the text rules and `maxLength` (counted once trimmed, as the pattern
 * counts); returns the stored form (trimmed, NFC) or the message.
 */
function checkText(value: unknown, label: string, maxLength: number): string | { text: string } {
  if (typeof value !== 'string') return `${label} must be text (a JSON string), not ${describeType(value)}`
  const problem = textProblem(value)
  if (problem !== undefined) return `${label} ${problem}`
  const length = characterCount(value.trim())
  if (length > maxLength) return `${label} is ${length} characters long; at most ${maxLength} are allowed`
  const text = storedText(value)
  // A few rare characters (e.g. U+1D160) grow under NFC; what is stored must keep within the limit too.
  const stored = characterCount(text)
  if (stored > maxLength) return `${label} is ${stored} characters long in Unicode NFC; at most ${maxLength} are allowed`
  return { text }
}

// ---------------------------------------------------------------------------------------------
// The fields, one row each.
// ---------------------------------------------------------------------------------------------

/** A text field of at most {@link PLANT_LIMITS.textMaxLength} characters (a name, a category, a stock movement's note). */
export function textField(description: string): Rule<string> {
  return leaf(
    (value, field, errors) => {
      const result = checkText(value, field, PLANT_LIMITS.textMaxLength)
      if (typeof result !== 'string') return result.text
      errors.push({ field, message: result })
      return undefined
    },
    textJsonSchema(PLANT_LIMITS.textMaxLength, description)
  )
}

/** Tags: each is text; each is kept once (after NFC and case folding, first spelling wins). */
const tagsField = leaf<string[]>(
  (value, field, errors) => {
    if (!Array.isArray(value)) {
      errors.push({ field, message: `tags must be an array of text, not ${describeType(value)}` })
      return undefined
    }
    if (value.length > PLANT_LIMITS.tagsMaxItems) {
      errors.push({ field, message: `a plant can have at most ${PLANT_LIMITS.tagsMaxItems} tags; got ${value.length}` })
      return undefined
    }
    const tags: string[] = []
    const before = errors.length
    value.forEach((item, index) => {
      const result = checkText(item, `tag ${index + 1}`, PLANT_LIMITS.tagMaxLength)
      if (typeof result === 'string') errors.push({ field: `${field}[${index}]`, message: result })
      else tags.push(result.text)
    })
    return errors.length === before ? uniqueTags(tags) : undefined
  },
  {
    type: 'array',
    maxItems: PLANT_LIMITS.tagsMaxItems,
    description: `Labels; duplicates (ignoring case, after NFC) are kept once, the first spelling winning. At most ${PLANT_LIMITS.tagsMaxItems} tags.`,
    items: schemaRef('PlantTag')
  },
  { PlantTag: textJsonSchema(PLANT_LIMITS.tagMaxLength, 'A tag.') }
)

const statusField = leaf<NonNullable<NewPlant['status']>>(
  (value, field, errors) => {
    if (isPlantStatus(value)) return value
    const shown = typeof value === 'string' ? `"${value}"` : describeType(value)
    errors.push({ field, message: `status must be one of ${PLANT_STATUSES.join(', ')}; got ${shown}` })
    return undefined
  },
  { type: 'string', enum: [...PLANT_STATUSES] }
)

const priceField = leaf<number>(
  (value, field, errors) => {
    if (typeof value === 'string') {
      // Text reaches here from JSON ("12") and from a CSV cell that is no plain decimal (a German "19,99"): say both.
      errors.push({
        field,
        message: `price must be a number with a dot for the decimals, such as 12.5 (in JSON not in quotes); got ${JSON.stringify(value)}`
      })
      return undefined
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      errors.push({ field, message: `price must be a number such as 12.5 (not in quotes), not ${describeType(value)}` })
      return undefined
    }
    if (value < 0 || value > PLANT_LIMITS.priceMax) {
      errors.push({ field, message: `price must be from 0 to ${PLANT_LIMITS.priceMax.toLocaleString('en')}; got ${value}` })
      return undefined
    }
    const cents = value / 0.01
    if (Math.abs(Math.round(cents) - cents) > PRICE_DECIMALS_TOLERANCE) {
      errors.push({ field, message: `price has at most two decimals (e.g. 12.35); got ${value}` })
      return undefined
    }
    return value
  },
  {
    type: 'number',
    minimum: 0,
    maximum: PLANT_LIMITS.priceMax,
    multipleOf: 0.01,
    description:
      "Price in the shop's currency (GET /v3/settings/shop), with at most two decimals; stored exactly as whole cents. " +
      'multipleOf is meant with float tolerance (ajv: multipleOfPrecision 6): 19.99 is valid.'
  }
)

/** A count of pots (quantity, reorderAt): a whole number from 0 to {@link PLANT_LIMITS.quantityMax}. */
function potCountField(description: string): Rule<number> {
  return leaf<number>(
    (value, field, errors) => {
      const max = PLANT_LIMITS.quantityMax
      if (field.endsWith('quantity') && Number.isInteger(value) && (value as number) < 0) {
        // An export holds a line taken below zero by sales made offline at a till: a write sets the number found.
        errors.push({ field, message: `${field} cannot be below 0; got ${value as number}: count the pots and give the number found (0 for none)` })
        return undefined
      }
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
        const shown =
          typeof value === 'number'
            ? String(value)
            : typeof value === 'string'
              ? `${JSON.stringify(value)} (in JSON not in quotes)`
              : describeType(value)
        errors.push({ field, message: `${field} must be a whole number of pots from 0 to ${max.toLocaleString('en')}; got ${shown}` })
        return undefined
      }
      return value
    },
    { type: 'integer', minimum: 0, maximum: PLANT_LIMITS.quantityMax, description }
  )
}

/**
 * Every editable field of a plant, in the order messages name them, each published as a component. The type
 * makes a field of NewPlant without a row a compile error.
 */
const FIELD_RULES: FieldRules<NewPlant> = {
  name: named('PlantName', textField('Name of the plant.')),
  category: named('PlantCategory', textField('Category of the plant.')),
  tags: named('PlantTags', tagsField),
  status: named('PlantStatus', statusField),
  price: named('PlantPrice', priceField),
  quantity: named(
    'PlantQuantity',
    potCountField(
      'Pots on hand, for a plant line kept in stock (absent: a single plant). With a quantity the status follows the stock: ' +
        'at 0 an available line becomes sold, above 0 a sold line becomes available, pending is kept; a status sent with it is set as asked. ' +
        "Each change of quantity is a stock movement in the plant's history (an update's is a count)."
    )
  ),
  reorderAt: named(
    'PlantReorderAt',
    potCountField('The quantity at or below which the line is low on stock (GET /v3/plant?lowStock=true); without it, only 0 is low.')
  )
}

/** A field a person or script may set on a plant. */
export type EditableField = keyof typeof FIELD_RULES
/** Every field a plant may be given, in the order of its rules: the one list a screen that shows a whole plant walks. */
export const EDITABLE_FIELDS = Object.keys(FIELD_RULES) as EditableField[]

// ---------------------------------------------------------------------------------------------
// Ids and whole bodies.
// ---------------------------------------------------------------------------------------------

/** JSON Schema of a plant id: every whole number a JSON number carries exactly, from 1. */
export const PLANT_ID_SCHEMA: JsonSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }

/** True for a valid plant id (the same rule as {@link PLANT_ID_SCHEMA}). */
export function isPlantId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1
}

/** Why `value` (from a body, or the text of a path segment) is not a plant id. */
export function invalidIdMessage(value: unknown): string {
  if (value === undefined) return 'id is missing; name the plant to update with its id, e.g. {"id": 7, "status": "sold"}'
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : describeType(value)
  return `id must be a positive whole number, not ${shown}`
}

/** A plant id: its check and its schema. */
export const PLANT_ID = leaf<number>((value, field, errors) => {
  if (isPlantId(value)) return value
  errors.push({ field, message: invalidIdMessage(value) })
  return undefined
}, PLANT_ID_SCHEMA)

function unknownFieldMessage(key: string): string {
  if (key === 'id') return 'id is assigned by the server; leave it out when adding a plant'
  return `unknown field "${key}"; the fields are ${EDITABLE_FIELDS.join(', ')}`
}

const CLEARABLE_LIST = new Intl.ListFormat('en', { type: 'conjunction' }).format(CLEARABLE_FIELDS)
const CLEARABLE_CHOICES = new Intl.ListFormat('en', { type: 'disjunction' }).format(CLEARABLE_FIELDS)

const isClearable = (field: string): boolean => (CLEARABLE_FIELDS as readonly string[]).includes(field)

/** A field as an update takes it: null removes a clearable field, and is refused with a reason for the others. */
function changeOf<T>(field: EditableField, rule: Rule<T>): Rule<T | null> {
  if (isClearable(field)) return nullable(rule, `null removes the ${field}.`)
  return leaf<T>(
    (value, name, errors) => {
      if (value !== null) return rule.check(value, name, errors)
      errors.push({ field: name, message: `${field} cannot be removed (null); only ${CLEARABLE_LIST} can` })
      return undefined
    },
    rule.schema,
    rule.components
  )
}

const CHANGE_RULES = Object.fromEntries(
  EDITABLE_FIELDS.map((field) => [field, changeOf(field, FIELD_RULES[field] as Rule<unknown>)])
) as FieldRules<FieldChanges>

const NOT_AN_OBJECT = 'the body must be a JSON object such as {"name": "Monstera", "status": "available"}'
const CHANGES_DESCRIPTION = `Only the fields present change. tags: [] empties the tags; null removes ${CLEARABLE_CHOICES}.`

/** The body of add-plant. */
export const NEW_PLANT_BODY = named(
  'Plant',
  objectOf<NewPlant>(FIELD_RULES, {
    notAnObject: NOT_AN_OBJECT,
    unknownKey: unknownFieldMessage,
    description: 'A plant to add. Unknown fields (and a client-supplied id) are rejected. status defaults to available, tags to [].'
  })
)

/** The fields to change of one plant, without its id (a bulk call's `changes`). */
export const PLANT_CHANGES = named(
  'PlantChanges',
  objectOf<FieldChanges>(CHANGE_RULES, {
    notAnObject: 'changes must be an object such as {"status": "sold"}',
    unknownKey: (key) => (key === 'id' ? 'the plants are named in ids; leave id out of changes' : unknownFieldMessage(key)),
    description: CHANGES_DESCRIPTION
  })
)

/** The fields of update-plant (and of each item of a bulk call's `updates`): the id and the changes. */
export const UPDATE_FIELDS: FieldRules<PlantChanges> = { id: PLANT_ID, ...CHANGE_RULES }

/** The body of update-plant. */
export const PLANT_UPDATE_BODY = named(
  'PlantUpdate',
  objectOf<PlantChanges>(UPDATE_FIELDS, {
    required: ['id'],
    notAnObject: NOT_AN_OBJECT,
    unknownKey: unknownFieldMessage,
    description: `The id names the plant. ${CHANGES_DESCRIPTION}`
  })
)

/** Validates an add-plant body. */
export function validateNewPlant(body: unknown): Validated<NewPlant> {
  return validate(NEW_PLANT_BODY, body)
}

/** Validates an update-plant body: `id` names the plant, the other fields present are the changes. */
export function validatePlantChanges(body: unknown): ValidatedChanges {
  const checked = validate(PLANT_UPDATE_BODY, body)
  if (checked.ok) return checked
  // The contract's 400 "Invalid ID supplied" when the id is the fault: then that is all the answer says.
  const idError = checked.errors.find((error) => error.field === 'id')
  return idError ? { ok: false, idError: true, errors: [idError] } : { ok: false, idError: false, errors: checked.errors }
}

/** Deepest JSON nesting a valid body can have: object → tags array → string. */
export const MAX_BODY_DEPTH = 2
