/**
 * The runtime validator (src-shared/plant-schema.ts) and the JSON Schema the
 * server publishes at /v3/openapi.json must give every body the same verdict:
 * a script that checks its bodies against the document is then never surprised
 * by the server, and the other way round. fast-check generates the bodies;
 * ajv (draft 2020-12, the dialect of OpenAPI 3.1) reads the document.
 */
import Ajv2020 from 'ajv/dist/2020'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PLANT_STATUSES } from '#shared/plant'
import { PLANT_LIMITS, validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import { STOCK_REASONS, validateStockLines, validateStockMove } from '#shared/stock'
import { createTestApp } from '#setup/in-process'

type Check = (body: unknown) => boolean

/** The add and update body schemas exactly as a fresh server publishes them. */
async function publishedSchemas(): Promise<{ add: Check; update: Check; stockMove: Check; bulkStock: Check }> {
  const { call } = await createTestApp()
  const document = (await (await call('GET', '/v3/openapi.json')).json()) as Record<string, unknown>
  // The whole document is one schema resource, so its $refs (#/components/schemas/…) resolve as published.
  // multipleOf 0.01 (price) with the float tolerance the document asks for: 19.99 / 0.01 is 1998.9999999999998.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false, multipleOfPrecision: 6 })
  ajv.addSchema(document, 'openapi')
  const compiled = (name: string): Check => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`)
    if (!validate) throw new Error(`the document has no schema ${name}`)
    return (body) => validate(body) === true
  }
  return { add: compiled('Plant'), update: compiled('PlantUpdate'), stockMove: compiled('StockMove'), bulkStock: compiled('BulkStock') }
}

// Characters a careless paste or a hostile script brings: whitespace that trim() removes, control
// characters, invisible and direction-changing marks, lone surrogates, combining marks, emoji.
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2028', '\u2029', '\u202f', '\u3000', '\ufeff')
const unusual = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  'e\u0301',
  '\u{1f331}',
  '\u{e0001}',
  'ǅ',
  'İ'
)
const letter = fc.constantFrom('a', 'Z', 'é', 'ß', '水', '\u{1f33f}', '-', ' ')
const piece = fc.oneof({ weight: 4, arbitrary: letter }, { weight: 2, arbitrary: whitespace }, { weight: 1, arbitrary: unusual })
const padding = fc.array(whitespace, { maxLength: 5 }).map((chars) => chars.join(''))

/** Text of every kind, with lengths around each limit (before and after trimming). */
function text(limit: number): fc.Arbitrary<string> {
  const nearLimit = fc
    .tuple(padding, fc.integer({ min: Math.max(0, limit - 3), max: limit + 3 }), fc.constantFrom('x', 'é', '\u{1f331}', 'a b'), padding)
    .map(([before, count, unit, after]) => before + unit.repeat(count).slice(0, Math.max(count, 1)) + after)
  const plain = fc
    .tuple(padding, fc.array(letter, { minLength: 1, maxLength: 12 }), padding)
    .map(([before, letters, after]) => before + letters.join('') + after)
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 2, arbitrary: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 3, arbitrary: nearLimit }
  )
}

const anyJson = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 4 }), fc.constant([]), fc.constant({}))
const status = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLANT_STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom('Sold', 'available ', '', 'unknown') },
  { weight: 1, arbitrary: anyJson }
)
const tags = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.oneof({ weight: 10, arbitrary: text(PLANT_LIMITS.tagMaxLength) }, { weight: 1, arbitrary: anyJson }), { maxLength: 4 })
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: PLANT_LIMITS.tagsMaxItems - 2, max: PLANT_LIMITS.tagsMaxItems + 2 })
      .map((count) => Array.from({ length: count }, (_, i) => `t${i}`))
  },
  { weight: 1, arbitrary: anyJson }
)
const nameLike = fc.oneof({ weight: 8, arbitrary: text(PLANT_LIMITS.textMaxLength) }, { weight: 1, arbitrary: anyJson })
const id = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 2 ** 60, 1e300, 1.5, -0, '7', '1e3'),
  anyJson
)

// Prices on both sides of every rule: bounds, two decimals, float noise, and what is not a number.
const price = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100) },
  { weight: 2, arbitrary: fc.constantFrom(0, 19.99, 0.1 + 0.2, 12.345, -1, -0.01, 1_000_000, 1_000_000.01, 999_999.99, 1e-7, 0.005, 2 ** 53) },
  { weight: 2, arbitrary: fc.double({ min: -10, max: 2_000_000, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom('12', '12.50', null) },
  { weight: 1, arbitrary: anyJson }
)

// Pot counts (quantity, reorderAt, a movement's change and count) on both sides of every rule.
const pots = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 1_000_005 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, -1, 1_000_000, 1_000_001, -1_000_000, -1_000_001, 2.5, -0, 1e21, 2 ** 53) },
  { weight: 1, arbitrary: fc.constantFrom('40', null) },
  { weight: 1, arbitrary: anyJson }
)

const fields = {
  name: nameLike,
  category: nameLike,
  tags,
  status,
  price,
  quantity: pots,
  reorderAt: pots,
  // A field the API does not have, and keys that mean something to JavaScript objects.
  colour: fc.string({ maxLength: 3 }),
  ['__proto__']: fc.constant('x'),
  constructor: fc.constant('x')
}

/** A body as the server would see it after JSON.parse: JSON's numbers, no undefined, sometimes not an object at all. */
function bodies(withId: boolean): fc.Arbitrary<unknown> {
  // Any mix of real, unknown and tricky keys (an add body with an id must be refused too).
  const object = fc.record({ ...fields, id }, { requiredKeys: [] })
  // null clears category and price in an update (never name, tags or status): both verdicts must agree on it.
  const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: fc.constant(null) })
  const plantFields = {
    name: nullable(nameLike),
    category: nullable(nameLike),
    tags: nullable(tags),
    status: nullable(status),
    price: nullable(price),
    quantity: nullable(pots),
    reorderAt: nullable(pots)
  }
  const realistic = withId ? fc.record({ id, ...plantFields }, { requiredKeys: ['id'] }) : fc.record(plantFields, { requiredKeys: [] })
  return (
    fc
      // Mostly bodies with the real fields, so most runs test the field rules rather than the shape.
      .oneof(
        { weight: 16, arbitrary: realistic },
        { weight: 3, arbitrary: object },
        { weight: 1, arbitrary: fc.oneof(anyJson, fc.array(anyJson, { maxLength: 2 })) }
      )
      .map((body) => JSON.parse(JSON.stringify(body) ?? 'null') as unknown)
  )
}

const RUNS = 3000

describe('the runtime validator and the published JSON Schema', () => {
  const operations = [
    { name: 'add-plant', withId: false, schema: 'add', runtimeAccepts: (body: unknown) => validateNewPlant(body).ok },
    { name: 'update-plant', withId: true, schema: 'update', runtimeAccepts: (body: unknown) => validatePlantChanges(body).ok }
  ] as const

  it.each(operations)('give every $name body the same verdict', async ({ withId, schema, runtimeAccepts }) => {
    const schemaAccepts = (await publishedSchemas())[schema]
    fc.assert(
      fc.property(bodies(withId), (body) => {
        expect(schemaAccepts(body)).toBe(runtimeAccepts(body))
      }),
      { numRuns: RUNS }
    )
  })

  // The drift an independent review reproduced, kept as a named example.
  it('agree on a name padded with spaces beyond the limit that is within it once trimmed', async () => {
    const schemaAccepts = await publishedSchemas()
    const body = { name: `  ${'x'.repeat(PLANT_LIMITS.textMaxLength - 1)}  ` }
    expect(validateNewPlant(body).ok).toBe(true)
    expect(schemaAccepts.add(body)).toBe(true)
    const tooLong = { name: `  ${'x'.repeat(PLANT_LIMITS.textMaxLength + 1)}  ` }
    expect(validateNewPlant(tooLong).ok).toBe(false)
    expect(schemaAccepts.add(tooLong)).toBe(false)
  })

  it.each([
    [{ price: 19.99 }, true, true],
    [{ price: 12.345 }, false, false],
    [{ price: null }, false, true],
    [{ category: null }, false, true],
    [{ name: null }, false, false]
  ])('agree on %j (add %s, update %s)', async (fields, add, update) => {
    const schemaAccepts = await publishedSchemas()
    expect([validateNewPlant(fields).ok, schemaAccepts.add(fields)]).toEqual([add, add])
    const body = { id: 1, ...fields }
    expect([validatePlantChanges(body).ok, schemaAccepts.update(body)]).toEqual([update, update])
  })

  it.each([
    ['a stock movement', 'stockMove', (body: unknown) => validateStockMove(body).ok, false],
    ['a bulk stock body', 'bulkStock', (body: unknown) => validateStockLines(body).ok, true]
  ] as const)('give every body of %s the same verdict', async (_label, schema, runtimeAccepts, bulk) => {
    const schemaAccepts = (await publishedSchemas())[schema]
    const reason = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...STOCK_REASONS) }, { weight: 1, arbitrary: anyJson })
    const move = fc.record(
      { change: pots, count: pots, reason, note: text(PLANT_LIMITS.textMaxLength), colour: fc.string({ maxLength: 3 }), id, version: pots },
      { requiredKeys: [] }
    )
    const single = fc.oneof(
      { weight: 4, arbitrary: fc.record({ change: pots, reason }) },
      { weight: 4, arbitrary: fc.record({ count: pots, reason, note: text(PLANT_LIMITS.textMaxLength) }, { requiredKeys: ['count', 'reason'] }) },
      { weight: 2, arbitrary: move }
    )
    const item = bulk ? fc.tuple(id, single).map(([plantId, body]) => ({ id: plantId, ...body })) : single
    const body = bulk
      ? fc.oneof(
          { weight: 8, arbitrary: fc.record({ movements: fc.array(fc.oneof(item, move), { maxLength: 3 }) }) },
          { weight: 1, arbitrary: anyJson }
        )
      : fc.oneof({ weight: 8, arbitrary: item }, { weight: 1, arbitrary: anyJson })
    fc.assert(
      fc.property(
        body.map((value) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown),
        (value) => {
          expect(schemaAccepts(value)).toBe(runtimeAccepts(value))
        }
      ),
      { numRuns: RUNS }
    )
  })
})
