/**
 * Request bodies described once. A rule checks a value (the server's
 * validation, the UI's instant form messages) and says the same as a JSON
 * Schema (the published OpenAPI document). A leaf writes its check and its
 * schema side by side (a text field, a currency); the combinators below
 * derive both from one description, so which keys an object has, which are
 * required, that no other key is allowed, the bounds of a list and the
 * values of an enum are each stated once. Named rules are published as
 * components and referred to by `$ref`, so every reference points at a
 * component. test/api/schema-agreement.test.ts runs the check and the
 * published schema over generated bodies and fails on any different verdict.
 *
 * Plain TypeScript with no dependency: it runs in the server, the CLI and the
 * UI (whose Content-Security-Policy allows no eval).
 */
import type { FieldError } from './problem'

export type JsonSchema = Record<string, unknown>

/** How a value is checked, and the JSON Schema that accepts exactly the values the check accepts. */
export interface Rule<T> {
  /** The clean value, or undefined after pushing what is wrong (named under `field`) to `errors`. */
  check(value: unknown, field: string, errors: FieldError[]): T | undefined
  /** The JSON Schema; named parts are `$ref`s to `#/components/schemas/NAME`. */
  schema: JsonSchema
  /** The named schemas `schema` refers to, by name. */
  components: Record<string, JsonSchema>
}

/** Outcome of validating a body: either the clean value or the list of complaints. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] }

/** Checks `body` against `rule`. */
export function validate<T>(rule: Rule<T>, body: unknown): Validated<T> {
  const errors: FieldError[] = []
  const value = rule.check(body, '', errors)
  return errors.length === 0 ? { ok: true, value: value as T } : { ok: false, errors }
}

/** Where a nested fault is named: `changes.status`, `ids[2]`, `updates[1].price`. */
export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`
  return parent === '' ? key : `${parent}.${key}`
}

/** How a value is shown in a message: "null", "an array", "a number", "nothing" (a missing key). */
export function describeType(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

/** A JSON object (not null, not an array): what a body, a bulk change or an imported item must be. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A leaf: its check and its schema, written side by side (`components`: named schemas the schema refers to). */
export function leaf<T>(check: Rule<T>['check'], schema: JsonSchema, components: Record<string, JsonSchema> = {}): Rule<T> {
  return { check, schema, components }
}

/** A leaf whose check is a function saying what is wrong with the value (undefined when nothing is). */
export function leafOf<T>(problemOf: (value: unknown) => string | undefined, schema: JsonSchema): Rule<T> {
  return leaf<T>((value, field, errors) => {
    const problem = problemOf(value)
    if (problem === undefined) return value as T
    errors.push({ field, message: problem })
    return undefined
  }, schema)
}

/** A reference to the component `name`. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** `rule`, published as the component `name` and referred to by `$ref`. */
export function named<T>(name: string, rule: Rule<T>): Rule<T> {
  return { check: rule.check, schema: schemaRef(name), components: { ...rule.components, [name]: rule.schema } }
}

/** The named schemas of `rules`, for the document's components. */
export function componentsOf(...rules: Rule<unknown>[]): Record<string, JsonSchema> {
  return Object.assign({}, ...rules.map((rule) => rule.components)) as Record<string, JsonSchema>
}

/** `rule`, or null (a field an update removes with null). */
export function nullable<T>(rule: Rule<T>, description: string): Rule<T | null> {
  return {
    check: (value, field, errors) => (value === null ? null : rule.check(value, field, errors)),
    schema: { anyOf: [rule.schema, { type: 'null', description }] },
    components: rule.components
  }
}

/** One of `values` (strings); `message` words a value that is not (shown as given). */
export function oneOfValues<T extends string>(values: readonly T[], message: (shown: string) => string, schema: JsonSchema = {}): Rule<T> {
  return leaf<T>(
    (value, field, errors) => {
      if ((values as readonly unknown[]).includes(value)) return value as T
      errors.push({ field, message: message(typeof value === 'string' ? `"${value}"` : describeType(value)) })
      return undefined
    },
    { type: 'string', enum: [...values], ...schema }
  )
}

/** Bounds and words of a list. */
export interface ListOptions {
  minItems: number
  maxItems: number
  /** Not an array, or fewer than minItems items. */
  notAList: string
  /** More than maxItems items (its items are then not checked one by one). */
  tooMany: string
  description?: string
}

/** A list of `items`, each checked under `field[i]`. */
export function listOf<T>(items: Rule<T>, options: ListOptions): Rule<T[]> {
  return {
    check(value, field, errors) {
      if (!Array.isArray(value) || value.length < options.minItems) {
        errors.push({ field, message: options.notAList })
        return undefined
      }
      if (value.length > options.maxItems) {
        errors.push({ field, message: options.tooMany })
        return undefined
      }
      const before = errors.length
      const checked = value.map((item, index) => items.check(item, fieldPath(field, index), errors))
      return errors.length === before ? (checked as T[]) : undefined
    },
    schema: {
      type: 'array',
      minItems: options.minItems,
      maxItems: options.maxItems,
      items: items.schema,
      ...(options.description === undefined ? {} : { description: options.description })
    },
    components: items.components
  }
}

/** The rules of an object's keys. */
export type FieldRules<T> = { [K in keyof T]-?: Rule<Exclude<T[K], undefined>> }

/** What an object requires and how its faults are worded. */
export interface ObjectOptions<T> {
  /** Keys that must be present; a missing one is checked as `undefined` (its rule words the fault). */
  required?: readonly (keyof T & string)[]
  /** The value is not a JSON object. */
  notAnObject: string
  /** A key the object does not have. */
  unknownKey: (key: string) => string
  /** When set, an object without any key is refused with these words (published as minProperties: 1): a change that names nothing. */
  noKeys?: string
  description?: string
}

/**
 * An object with exactly these keys (others refused): each present key is checked by its rule, under
 * `field.key`; the faults of unknown keys come first, in the body's order, then the fields' in `fields` order.
 */
export function objectOf<T>(fields: FieldRules<T>, options: ObjectOptions<T>): Rule<T> {
  const keys = Object.keys(fields) as (keyof T & string)[]
  const rules = fields as Record<string, Rule<unknown>>
  const required = options.required ?? []
  return {
    check(value, field, errors) {
      if (!isPlainObject(value)) {
        errors.push({ field, message: options.notAnObject })
        return undefined
      }
      const before = errors.length
      if (options.noKeys !== undefined && Object.keys(value).length === 0) errors.push({ field, message: options.noKeys })
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(rules, key)) errors.push({ field: fieldPath(field, key), message: options.unknownKey(key) })
      }
      const clean: Record<string, unknown> = {}
      for (const key of keys) {
        if (!Object.hasOwn(value, key) && !required.includes(key)) continue
        const checked = rules[key]!.check(value[key], fieldPath(field, key), errors)
        if (checked !== undefined) clean[key] = checked
      }
      return errors.length === before ? (clean as T) : undefined
    },
    schema: {
      type: 'object',
      ...(required.length > 0 ? { required: [...required] } : {}),
      ...(options.noKeys !== undefined ? { minProperties: 1 } : {}),
      additionalProperties: false,
      ...(options.description === undefined ? {} : { description: options.description }),
      properties: Object.fromEntries(keys.map((key) => [key, rules[key]!.schema]))
    },
    components: Object.assign({}, ...keys.map((key) => rules[key]!.components)) as Record<string, JsonSchema>
  }
}

/**
 * Either of two object shapes, told apart by whether `key` is present: `withKey` when it is, `without`
 * otherwise. Published as oneOf; each shape refuses the other's keys, so exactly one can match.
 */
export function eitherByKey<A, B>(key: string, withKey: Rule<A>, without: Rule<B>, notAnObject: string): Rule<A | B> {
  return {
    check(value, field, errors) {
      if (!isPlainObject(value)) {
        errors.push({ field, message: notAnObject })
        return undefined
      }
      return Object.hasOwn(value, key) ? withKey.check(value, field, errors) : without.check(value, field, errors)
    },
    schema: { oneOf: [without.schema, withKey.schema] },
    components: { ...without.components, ...withKey.components }
  }
}
