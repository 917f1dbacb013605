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

describe('OpenAPI document: write-safety extensions', () => {
  const doc = createOpenApiDocument() as any
  const header = (operation: any, name: string) => operation.parameters.find((parameter: any) => parameter.in === 'header' && parameter.name === name)

  it('marks every addition to the contract operations as an extension', () => {
    const add = doc.paths['/plant'].post
    const update = doc.paths['/plant'].put
    expect(header(add, 'Idempotency-Key')['x-extension']).toBe(true)
    expect(header(update, 'If-Match')['x-extension']).toBe(true)
    expect(update.responses['412']['x-extension']).toBe(true)
    expect(add.responses['422']['x-extension']).toBe(true)
    expect(add.responses['200'].headers.ETag['x-extension']).toBe(true)
    expect(update.responses['200'].headers.ETag['x-extension']).toBe(true)
    // The contract's bodies are untouched.
    expect(update.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PlantResponse' })
    expect(doc.components.schemas.PlantResponse.properties).not.toHaveProperty('version')
  })

  it('documents the version of full plants, their ETag and the token routes (extensions)', () => {
    expect(doc.components.schemas.FullPlant.required).toContain('version')
    expect(doc.paths['/plant/{id}'].get.responses['200'].headers.ETag).toBeTruthy()
    for (const operation of [doc.paths['/tokens'].get, doc.paths['/tokens'].post, doc.paths['/tokens/{name}'].delete]) {
      expect(operation['x-extension']).toBe(true)
      expect(operation.responses['401']).toBeTruthy()
    }
  })
})
