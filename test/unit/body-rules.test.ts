/** The body-rule combinators: each states a rule once and both the check and the JSON Schema follow from it. */
import { describe, expect, it } from 'vitest'
import { componentsOf, eitherByKey, leafOf, listOf, named, nullable, objectOf, oneOfValues, validate } from '#shared/body-rules'

const colour = oneOfValues(['red', 'green'], (shown) => `colour must be red or green; got ${shown}`)
const count = leafOf<number>((value) => (Number.isSafeInteger(value) ? undefined : 'count must be a whole number'), { type: 'integer' })
const pot = objectOf<{ colour: string; count?: number | null }>(
  { colour, count: nullable(count, 'null: no count') },
  { required: ['colour'], notAnObject: 'a pot is an object', unknownKey: (key) => `unknown field "${key}"` }
)

describe('objectOf', () => {
  it('takes exactly its keys: unknown ones first (in the body order), then each field, named by path', () => {
    const body = JSON.parse('{"size": 1, "__proto__": 2, "count": "x", "colour": "blue"}') as unknown
    expect(validate(pot, body)).toEqual({
      ok: false,
      errors: [
        { field: 'size', message: 'unknown field "size"' },
        { field: '__proto__', message: 'unknown field "__proto__"' },
        { field: 'colour', message: 'colour must be red or green; got "blue"' },
        { field: 'count', message: 'count must be a whole number' }
      ]
    })
    expect(validate(pot, { colour: 'red', count: null })).toEqual({ ok: true, value: { colour: 'red', count: null } })
  })

  it('checks a missing required key as absent, so its own rule words the fault', () => {
    expect(validate(pot, {})).toEqual({ ok: false, errors: [{ field: 'colour', message: 'colour must be red or green; got nothing' }] })
    expect(validate(pot, [])).toEqual({ ok: false, errors: [{ field: '', message: 'a pot is an object' }] })
  })

  it('publishes the same: its keys, which are required, no other key', () => {
    expect(pot.schema).toEqual({
      type: 'object',
      required: ['colour'],
      additionalProperties: false,
      properties: {
        colour: { type: 'string', enum: ['red', 'green'] },
        count: { anyOf: [{ type: 'integer' }, { type: 'null', description: 'null: no count' }] }
      }
    })
  })
})

describe('listOf, named and eitherByKey', () => {
  const pots = listOf(named('Pot', pot), { minItems: 1, maxItems: 2, notAList: 'pots must be a non-empty list', tooMany: 'at most 2 pots' })
  const order = eitherByKey(
    'pots',
    objectOf<{ pots: unknown[] }>({ pots }, { required: ['pots'], notAnObject: 'an order', unknownKey: (key) => `unknown "${key}"` }),
    objectOf<{ pot: unknown }>({ pot: named('Pot', pot) }, { required: ['pot'], notAnObject: 'an order', unknownKey: (key) => `unknown "${key}"` }),
    'an order is an object'
  )

  it('names an item by its index, and keeps to its bounds', () => {
    expect(validate(pots, [{ colour: 'red' }, { colour: 1 }]).ok).toBe(false)
    expect(validate(pots, [{ colour: 'red' }, { colour: 1 }])).toMatchObject({ errors: [{ field: '[1].colour' }] })
    expect(validate(pots, [])).toMatchObject({ errors: [{ message: 'pots must be a non-empty list' }] })
    expect(validate(pots, [{ colour: 'red' }, { colour: 'red' }, { colour: 'red' }])).toMatchObject({ errors: [{ message: 'at most 2 pots' }] })
  })

  it('publishes a named rule once, as a component every use refers to', () => {
    expect(pots.schema).toMatchObject({ items: { $ref: '#/components/schemas/Pot' }, minItems: 1, maxItems: 2 })
    expect(componentsOf(order)).toEqual({ Pot: pot.schema })
    expect(order.schema).toMatchObject({ oneOf: [{ required: ['pot'] }, { required: ['pots'] }] })
  })

  it('tells the two shapes apart by the key, each refusing the other', () => {
    expect(validate(order, { pots: [{ colour: 'red' }] }).ok).toBe(true)
    expect(validate(order, { pot: { colour: 'green' } }).ok).toBe(true)
    expect(validate(order, { pot: { colour: 'green' }, pots: [] })).toMatchObject({ ok: false, errors: [{ field: 'pot' }, { field: 'pots' }] })
    expect(validate(order, 'pots')).toEqual({ ok: false, errors: [{ field: '', message: 'an order is an object' }] })
  })
})
