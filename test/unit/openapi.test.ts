import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '#server/openapi/openapi'
import { ALLOWED_METHODS } from '#server/routes/resources'
import { MAX_BODY_BYTES } from '#shared/api-paths'
import { plantEtag } from '#shared/etag'
import { PLANT_LIMITS } from '#shared/plant-schema'
import { faultyFs } from '#setup/faulty-fs'
import { createTestApp } from '#setup/in-process'

describe('OpenAPI document', () => {
  const doc = createOpenApiDocument() as any

  it('passes a standard OpenAPI 3.1 validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('names the contract operations as docs/contract.md does, with every status code the contract lists', async () => {
    const contract = await readFile(path.resolve(import.meta.dirname, '../../docs/contract.md'), 'utf8')
    const sections = contract.split(/^### 4\.\d+ /m).slice(1)
    expect(sections).toHaveLength(3)
    for (const section of sections) {
      const [, method = '', route = ''] = /^\| Method and path \| `(\w+) (\S+)` \|$/m.exec(section) ?? []
      const operation = doc.paths[route]?.[method.toLowerCase()]
      expect(operation, `${method} ${route}`).toBeDefined()
      const operationId = /^\| Operation id \| (\S+) \|$/m.exec(section)?.[1]
      if (operationId) expect(operation.operationId).toBe(operationId)
      for (const [, status] of section.matchAll(/^\| (\d{3}) \|/gm)) expect(Object.keys(operation.responses)).toContain(status)
    }
  })

  it('documents exactly the routes the app answers, each with the methods it allows', async () => {
    const documented = Object.fromEntries(
      Object.entries(doc.paths).map(([route, operations]) => [
        route,
        Object.keys(operations as object)
          .map((m) => m.toUpperCase())
          .sort()
      ])
    )
    const answered = Object.fromEntries(
      Object.entries(ALLOWED_METHODS).map(([route, methods]) => [route, methods.filter((m) => m !== 'HEAD').sort()])
    )
    expect(documented).toEqual(answered)
    // And the app really routes each documented operation: it never answers as it does for a path it does not know.
    const { call } = await createTestApp()
    const unknownRoute = await (await call('GET', '/v3/no-such-route')).json()
    for (const [route, methods] of Object.entries(documented)) {
      for (const method of methods) {
        const response = await call(
          method,
          `/v3${route.replace('{id}', '1').replace('{name}', 'someone')}`,
          method === 'POST' || method === 'PUT' ? {} : undefined
        )
        // Only JSON answers can look like the unknown-route problem; a stream or a CSV export is read no further.
        const json = /json/.test(response.headers.get('content-type') ?? '')
        const answer = json ? await response.json() : undefined
        if (!json) await response.body?.cancel()
        expect(response.status, `${method} ${route}`).not.toBe(405)
        expect(answer?.title, `${method} ${route}`).not.toBe(unknownRoute.title)
      }
    }
  })

  it('documents every status code the contract operations answer, and none they never answer', async () => {
    const { fs, faults } = faultyFs()
    const { call } = await createTestApp({ fs })
    const failWrites = () => (faults.failWith = 'ENOSPC')
    const huge = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) })
    const text = { 'content-type': 'text/plain' }
    const noToken = { authorization: undefined }
    const foreignHost = { host: 'evil.example' }
    type Case = [method: string, url: string, body?: unknown, headers?: Record<string, string | undefined>, before?: () => void]
    const cases: Record<string, Case[]> = {
      'add-plant': [
        ['POST', '/v3/plant', { name: 'Fern' }],
        ['POST', '/v3/plant', { name: 5 }],
        ['POST', '/v3/plant', { name: 'Fern' }, { 'idempotency-key': 'not a quoted key' }],
        ['POST', '/v3/plant', huge],
        ['POST', '/v3/plant', 'name=Fern', text],
        ['POST', '/v3/plant', { name: 'Fern' }, noToken],
        ['POST', '/v3/plant', { name: 'Fern' }, foreignHost],
        ['POST', '/v3/plant', { name: 'Palm' }, { 'idempotency-key': '"key-1"' }],
        ['POST', '/v3/plant', { name: 'not the same plant' }, { 'idempotency-key': '"key-1"' }],
        ['POST', '/v3/plant', { name: 'Lost' }, {}, failWrites]
      ],
      'update-plant': [
        ['PUT', '/v3/plant', { id: 1, status: 'sold' }],
        ['PUT', '/v3/plant', { status: 'sold' }],
        ['PUT', '/v3/plant', { id: 99, status: 'sold' }],
        ['PUT', '/v3/plant', { id: 1, status: 'pending' }, { 'if-match': plantEtag(1, 99) }],
        ['PUT', '/v3/plant', huge],
        ['PUT', '/v3/plant', 'id=1', text],
        ['PUT', '/v3/plant', { id: 1 }, noToken],
        ['PUT', '/v3/plant', { id: 1 }, foreignHost],
        ['PUT', '/v3/plant', { id: 1, status: 'available' }, {}, failWrites]
      ],
      'find-plants-by-status': [
        ['GET', '/v3/plant/search/status?status=sold'],
        ['GET', '/v3/plant/search/status?status=gone'],
        ['GET', '/v3/plant/search/status', undefined, noToken],
        ['GET', '/v3/plant/search/status', undefined, foreignHost]
      ]
    }
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod as Record<string, any>))
    for (const [operationId, requests] of Object.entries(cases)) {
      const answered = new Set<string>()
      for (const [method, url, body, headers, before] of requests) {
        before?.()
        const response = await call(method, url, body, headers)
        faults.failWith = undefined
        answered.add(String(response.status))
        await response.body?.cancel()
      }
      const documented = Object.keys(operations.find((operation) => operation.operationId === operationId).responses)
      expect([...answered].sort(), operationId).toEqual(documented.sort())
    }
  })

  it('takes its limits from the validation schema', () => {
    const { schemas } = doc.components
    expect(schemas.Plant.properties.name).toEqual({ $ref: '#/components/schemas/PlantName' })
    // The server counts a name's length after trimming, so the schema says it with a pattern, not maxLength.
    const name = new RegExp(schemas.PlantName.pattern, 'u')
    expect(name.test(` ${'x'.repeat(PLANT_LIMITS.textMaxLength)} `)).toBe(true)
    expect(name.test('x'.repeat(PLANT_LIMITS.textMaxLength + 1))).toBe(false)
    expect(schemas.PlantTags.maxItems).toBe(32)
    expect(schemas.Plant.additionalProperties).toBe(false)
  })

  it('points every $ref at a component schema, never inside one (generators drop operations whose refs go into properties)', () => {
    const refs: string[] = []
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk)
      else if (typeof value === 'object' && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref') refs.push(inner as string)
          else walk(inner)
        }
      }
    }
    walk(doc)
    expect(refs.length).toBeGreaterThan(20)
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/)
      expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined()
    }
  })

  it("is served as printable ASCII (a pattern's characters as JSON escapes), parsing to the document itself", async () => {
    const { call } = await createTestApp()
    const served = await (await call('GET', '/v3/openapi.json')).text()
    expect(served).toMatch(/^[\x20-\x7e]+$/)
    expect(served).toContain('\\u00a0')
    expect(JSON.parse(served)).toEqual(JSON.parse(JSON.stringify(doc)))
  })

  it('holds no lone surrogate, which is not interchange JSON (tools reading the document with strict UTF-8 fail on it)', async () => {
    const { call } = await createTestApp()
    const served = await (await call('GET', '/v3/openapi.json')).text()
    expect(served).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f][0-9a-f]{2})|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i)
  })

  it("publishes the server's own bounds on path numbers, dates, headers and the import's mapping", () => {
    const parameter = (path: string, method: string, name: string) =>
      [...(doc.paths[path][method].parameters ?? [])].find((item: { name: string }) => item.name === name).schema
    const matches = (schema: { pattern?: string; minLength?: number }, value: string) =>
      (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value)) && value.length >= (schema.minLength ?? 0)
    // The server reads at most 15 digits.
    expect(parameter('/sales/{receipt}', 'get', 'receipt')).toMatchObject({ minimum: 1, maximum: 999_999_999_999_999 })
    expect(parameter('/days/{number}', 'get', 'number')).toMatchObject({ minimum: 1, maximum: 999_999_999_999_999 })
    // A day is a date the server takes: no month 13, no day 32.
    const day = parameter('/sales', 'get', 'day')
    expect(matches(day, '2026-12-07')).toBe(true)
    for (const wrong of ['2026-13-01', '2026-12-32', '2026-00-10']) expect(matches(day, wrong), wrong).toBe(false)
    // Empty header and query values the server refuses are refused by the document too.
    for (const path of ['/plant/{id}/stock'])
      for (const name of ['If-Match', 'Idempotency-Key']) expect(matches(parameter(path, 'post', name), ''), `${path} ${name}`).toBe(false)
    expect(matches(parameter('/import', 'post', 'mapping'), '')).toBe(false)
  })

  it('closes PlantResponse, as the contract says it never carries more', () => {
    expect(doc.components.schemas.PlantResponse.additionalProperties).toBe(false)
  })

  it('says null removes category and price in update-plant, as the server does', () => {
    const update = doc.paths['/plant'].put
    expect(update.description).toMatch(/null removes category or price/)
    expect(doc.components.schemas.PlantUpdate.properties.price.anyOf).toContainEqual({ $ref: '#/components/schemas/PlantPrice' })
  })

  it('documents every status code restore-plant answers', async () => {
    const { call } = await createTestApp()
    const answered = new Set<string>()
    for (const path of ['/v3/plant/abc/restore', '/v3/plant/9/restore']) answered.add(String((await call('POST', path)).status))
    await call('POST', '/v3/plant', { name: 'Fern' })
    answered.add(String((await call('POST', '/v3/plant/1/restore')).status))
    await call('DELETE', '/v3/plant/1')
    answered.add(String((await call('POST', '/v3/plant/1/restore')).status))
    expect([...answered].sort()).toEqual(['200', '400', '404', '409'])
    for (const status of answered) expect(Object.keys(doc.paths['/plant/{id}/restore'].post.responses)).toContain(status)
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
