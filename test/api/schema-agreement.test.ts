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
import { PLANT_LIMITS, validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import { STOCK_REASONS, validateStockLines, validateStockMove } from '#shared/stock'
import { createTestApp } from '#setup/in-process'
import { ODD_KEYS, anyJson, id, nameLike, plantFields, pots, price, status, tags, text } from './body-arbitraries'

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

/** A body as the server would see it after JSON.parse: JSON's numbers, no undefined, sometimes not an object at all. */
function bodies(withId: boolean): fc.Arbitrary<unknown> {
  // Any mix of real, unknown and tricky keys (an add body with an id must be refused too).
  const object = fc.record(
    { name: nameLike, category: nameLike, tags, status, price, quantity: pots, reorderAt: pots, ...ODD_KEYS, id },
    { requiredKeys: [] }
  )
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

  it('agree on a bulk stock version past the safe integers (refused by both: the generator found it once in 400 runs)', async () => {
    const body = { movements: [{ change: 1, reason: 'received', id: 1, version: 2 ** 53 }] }
    expect([validateStockLines(body).ok, (await publishedSchemas()).bulkStock(body)]).toEqual([false, false])
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
