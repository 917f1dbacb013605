import { describe, expect, it } from 'vitest'
import { validateNewPlant, validatePlantChanges } from '#shared/plant-schema'

function errorsOf(body: unknown) {
  const result = validateNewPlant(body)
  return result.ok ? [] : result.errors
}

describe('validateNewPlant', () => {
  it('accepts an empty object and every field', () => {
    expect(validateNewPlant({})).toEqual({ ok: true, value: {} })
    expect(validateNewPlant({ name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'pending' })).toEqual({
      ok: true,
      value: { name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'pending' }
    })
  })

  it('trims strings and keeps duplicate tags once, ignoring case', () => {
    const result = validateNewPlant({ name: '  Monstera ', tags: [' indoor', 'Indoor', 'shade ', 'indoor'] })
    expect(result).toEqual({ ok: true, value: { name: 'Monstera', tags: ['indoor', 'shade'] } })
  })

  it.each([
    ['a non-object body', [], ''],
    ['null', null, ''],
    ['a string body', 'Fern', ''],
    ['a number name', { name: 5 }, 'name'],
    ['a null category', { category: null }, 'category'],
    ['a status outside the enum', { status: 'avaliable' }, 'status'],
    ['an unknown field (typo)', { stauts: 'sold' }, 'stauts'],
    ['a client-supplied id', { id: 3 }, 'id'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a blank category', { category: '' }, 'category'],
    ['a blank tag', { tags: ['ok', ' '] }, 'tags[1]'],
    ['tags that are not an array', { tags: 'indoor' }, 'tags'],
    ['a tag that is not text', { tags: [1] }, 'tags[0]'],
    ['a __proto__ key', JSON.parse('{"__proto__": {"x": 1}}'), '__proto__'],
    ['a constructor key', { constructor: 'x' }, 'constructor']
  ])('refuses %s', (_label, body, field) => {
    const errors = errorsOf(body)
    expect(errors.map((e) => e.field)).toContain(field)
    for (const error of errors) expect(error.message.length).toBeGreaterThan(10)
  })

  it('enforces the length limits (in characters, not UTF-16 units)', () => {
    expect(validateNewPlant({ name: 'x'.repeat(200) }).ok).toBe(true)
    expect(errorsOf({ name: 'x'.repeat(201) })[0]?.message).toMatch(/201 characters.*at most 200/)
    expect(validateNewPlant({ name: '🌵'.repeat(200) }).ok).toBe(true)
    expect(errorsOf({ category: 'x'.repeat(201) })[0]?.field).toBe('category')
    expect(validateNewPlant({ tags: ['t'.repeat(50)] }).ok).toBe(true)
    expect(errorsOf({ tags: ['t'.repeat(51)] })[0]?.field).toBe('tags[0]')
    expect(validateNewPlant({ tags: Array.from({ length: 32 }, (_, i) => `t${i}`) }).ok).toBe(true)
    expect(errorsOf({ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) })[0]?.message).toMatch(/at most 32 tags/)
  })

  it('lists every faulty field at once', () => {
    expect(
      errorsOf({ name: '', status: 'gone', extra: 1 })
        .map((e) => e.field)
        .sort()
    ).toEqual(['extra', 'name', 'status'])
  })
})

describe('validatePlantChanges', () => {
  it('takes the id and only the fields present', () => {
    expect(validatePlantChanges({ id: 7, status: 'sold' })).toEqual({ ok: true, value: { id: 7, status: 'sold' } })
    expect(validatePlantChanges({ id: 7, tags: [] })).toEqual({ ok: true, value: { id: 7, tags: [] } })
  })

  it.each([[{}], [{ id: '7' }], [{ id: 0 }], [{ id: -1 }], [{ id: 1.5 }], [{ id: null }], [{ id: 2 ** 60 }]])(
    'flags a bad id in %j as an id error',
    (body) => {
      const result = validatePlantChanges(body)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.idError).toBe(true)
    }
  )

  it('flags other faults as field errors', () => {
    const result = validatePlantChanges({ id: 1, status: 'lost' })
    expect(result).toMatchObject({ ok: false, idError: false, errors: [{ field: 'status' }] })
  })
})
