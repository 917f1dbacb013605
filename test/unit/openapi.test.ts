import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../src-main/server/openapi'
import { PLANT_LIMITS } from '../../src-shared/plant-schema'

describe('OpenAPI document', () => {
  const doc = createOpenApiDocument() as any

  it('passes a standard OpenAPI 3.1 validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('names the contract operations and paths exactly', () => {
    expect(doc.info.version).toBe('1.0.0')
    expect(doc.servers[0].url).toMatch(/\/v3$/)
    expect(doc.paths['/plant'].post.operationId).toBe('add-plant')
    expect(doc.paths['/plant'].put.operationId).toBe('update-plant')
    expect(doc.paths['/plant/search/status'].get.operationId).toBeTruthy()
  })

  it('documents every status code the API answers', () => {
    expect(Object.keys(doc.paths['/plant'].post.responses)).toEqual(expect.arrayContaining(['200', '405', '413', '415']))
    expect(Object.keys(doc.paths['/plant'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '413', '415']))
    expect(Object.keys(doc.paths['/plant/search/status'].get.responses)).toEqual(expect.arrayContaining(['200', '400']))
  })

  it('takes its limits from the validation schema', () => {
    // The server counts a name's length after trimming, so the schema says it with a pattern, not maxLength.
    const name = new RegExp(doc.components.schemas.Plant.properties.name.pattern, 'u')
    expect(name.test(` ${'x'.repeat(PLANT_LIMITS.textMaxLength)} `)).toBe(true)
    expect(name.test('x'.repeat(PLANT_LIMITS.textMaxLength + 1))).toBe(false)
    expect(doc.components.schemas.Plant.properties.tags.maxItems).toBe(32)
    expect(doc.components.schemas.Plant.additionalProperties).toBe(false)
  })
})
