/**
 * The served OpenAPI document against the server, operation by operation, the way an outside conformance tool
 * (Schemathesis) checks it: requests generated from each operation's own parameters and body schema (valid ones, and
 * bodies of the wrong type), sent to a real app holding plants, a sale and a closed day. Every answer must be no
 * server error, a status the operation documents, with a content type documented for it and a body that validates
 * against the schema documented for it (the last by `call`, see test/_setup/response-check.ts); a body that is not
 * what the schema says is refused with a 4xx. Seeded: a failure names its request and reproduces.
 *
 * Schemathesis itself and openapi-python-client come from PyPI, which the machine building this cannot reach; this is
 * the same set of checks, minus its stateful phase (the API suite's own tests chain the operations).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '#server/openapi/openapi'
import { API_BASE } from '#shared/api-paths'
import { createTestApp, type TestApp } from '#setup/in-process'

type Schema = Record<string, any>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema?: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Record<string, { content?: Record<string, unknown> }>
}

const document = createOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation | Parameter[]>>
  components: { schemas: Record<string, Schema> }
}

/** Requests per operation (each a valid one and, where there is a body, one of the wrong type). */
const RUNS = 12
/** Operations that answer a stream (held open) or stop or replace the whole shop: checked by their own tests. */
const LEFT_OUT = new Set(['get /events', 'post /restore', 'post /setup/main', 'post /setup/connect'])

function resolve(schema: Schema): Schema {
  let resolved = schema
  for (let depth = 0; resolved?.$ref && depth < 10; depth++) resolved = document.components.schemas[resolved.$ref.split('/').pop()]!
  return resolved
}

/** An arbitrary of the values `schema` allows (the subset of JSON Schema the document uses), kept small. */
function arbitraryOf(input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input)
  if (schema === undefined || depth > 6) return fc.constant(null)
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives) return fc.oneof(...alternatives.map((alternative: Schema) => arbitraryOf(alternative, depth + 1)))
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf.map(resolve)), depth + 1)
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -1_000_000), max: Math.min(schema.maximum ?? 50, 1_000_000) })
    case 'number':
      return fc
        .integer({ min: Math.max((schema.minimum ?? 0) * 100, -100_000_000), max: Math.min((schema.maximum ?? 1000) * 100, 100_000_000) })
        .map((hundredths) => hundredths / 100)
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 24, 24)
      const text = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((value) => value.length <= (schema.maxLength ?? Infinity))
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(maxLength, schema.minLength ?? 0) })
      return text.filter((value) => value.length >= (schema.minLength ?? 0))
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), schema.minItems ?? 0)
      })
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {}
      const required = new Set<string>(schema.required ?? [])
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryOf(property, depth + 1)
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) })
    }
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** A value of another JSON type than every type `schema` allows (or undefined when it allows any). */
function wrongTypeOf(input: Schema): unknown {
  const schema = resolve(input)
  const types = Array.isArray(schema?.type) ? schema.type : schema?.type ? [schema.type] : schema?.properties ? ['object'] : []
  if (types.length === 0 || schema.oneOf || schema.anyOf) return undefined
  if (!types.includes('array')) return [1, 2, 3]
  if (!types.includes('string')) return 'not this'
  return 17
}

interface GeneratedRequest {
  url: string
  headers: Record<string, string>
  body?: unknown
}

/** A value HTTP can carry in a header field: visible ASCII, spaces and tabs (as conformance tools send: no CR, LF or NUL). */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/

function requestArbitrary(path: string, parameters: Parameter[], bodySchema: Schema | undefined): fc.Arbitrary<GeneratedRequest> {
  const values: Record<string, fc.Arbitrary<unknown>> = {}
  for (const parameter of parameters) {
    const generated = arbitraryOf(parameter.schema ?? { type: 'string' })
    const value = parameter.in === 'header' ? generated.filter((text) => HEADER_VALUE.test(String(text))) : generated
    // Ids the seeded shop has, mostly, so that operations get past "not found" to their real work.
    const id = parameter.in === 'path' && /id|receipt|number/i.test(parameter.name) ? fc.oneof(fc.constantFrom(1, 2, 3), value) : value
    values[`${parameter.in}:${parameter.name}`] = parameter.required || parameter.in === 'path' ? id : fc.option(id, { nil: undefined })
  }
  if (bodySchema) values.body = arbitraryOf(bodySchema)
  return fc.record(values).map((chosen) => {
    let url = path
    const query = new URLSearchParams()
    const headers: Record<string, string> = {}
    for (const parameter of parameters) {
      const value = chosen[`${parameter.in}:${parameter.name}`]
      if (value === undefined) continue
      const text = typeof value === 'string' ? value : JSON.stringify(value)
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(text))
      else if (parameter.in === 'query') query.set(parameter.name, text)
      else headers[parameter.name.toLowerCase()] = text
    }
    const search = query.toString()
    return { url: `${API_BASE}${url}${search ? `?${search}` : ''}`, headers, ...(bodySchema ? { body: chosen.body } : {}) }
  })
}

/** A shop with plants (one kept in stock, one deleted), sales settings, two sales, a refund and a closed day. */
async function seededShop(): Promise<TestApp> {
  const app = await createTestApp()
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await app.call(method, path, body)
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300)
  }
  await send('PUT', '/v3/settings/sales', {
    pricesIncludeTax: true,
    taxRates: [{ id: 'standard', name: 'VAT 20%', percent: 20 }],
    defaultTaxRate: 'standard'
  })
  await send('POST', '/v3/plant', { name: 'Fern', status: 'available', tags: ['shade'], price: 12.5, quantity: 20 })
  await send('POST', '/v3/plant', { name: 'Basil', status: 'available', tags: [], price: 3 })
  await send('POST', '/v3/plant', { name: 'Cactus', status: 'pending', tags: [], price: 8 })
  await send('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 2500 }] })
  await send('POST', '/v3/sales/1/refunds', {
    lines: [{ line: 1, quantity: 1, restock: true }],
    reason: 'died',
    payments: [{ method: 'cash', amount: 1250 }]
  })
  await send('POST', '/v3/days/current/close', { counted: 1250 })
  await send('POST', '/v3/sales', { lines: [{ plantId: 2, quantity: 1 }], payments: [{ method: 'card', amount: 300 }] })
  return app
}

const operations = Object.entries(document.paths).flatMap(([path, item]) => {
  const shared = (Array.isArray(item.parameters) ? item.parameters : []) as Parameter[]
  return Object.entries(item)
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
    .filter(([method]) => !LEFT_OUT.has(`${method} ${path}`))
    .map(([method, operation]) => ({
      method,
      path,
      operation: operation as Operation,
      parameters: [...shared, ...((operation as Operation).parameters ?? [])]
    }))
})

/** What the document says `method path` may answer with `status`: the statuses and their content types. */
function documentedContentTypes(operation: Operation, status: number): string[] | undefined {
  const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default
  return response ? Object.keys(response.content ?? {}) : undefined
}

describe('the served OpenAPI document, checked against the server as a conformance tool does', () => {
  it.each(operations)('$method $path', async ({ method, path, operation, parameters }) => {
    const app = await seededShop()
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema
    const samples = fc.sample(requestArbitrary(path, parameters, bodySchema), { numRuns: RUNS, seed: 20261208 })
    const wrong = bodySchema === undefined ? undefined : wrongTypeOf(bodySchema)
    if (wrong !== undefined) samples.push({ ...samples[0]!, body: wrong, headers: { ...samples[0]!.headers, 'x-negative': '1' } })
    for (const request of samples) {
      const { 'x-negative': negative, ...headers } = request.headers
      const where = `${method.toUpperCase()} ${request.url} ${JSON.stringify(request.body ?? null).slice(0, 300)}`
      const response = await app.call(method.toUpperCase(), request.url, request.body, headers)
      expect(response.status, `${where}: a server error`).toBeLessThan(500)
      const types = documentedContentTypes(operation, response.status)
      expect(types, `${where}: answered ${response.status}, which the operation does not document`).toBeDefined()
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
      if (contentType !== '' && types!.length > 0) expect(types, `${where}: answered ${response.status} as ${contentType}`).toContain(contentType)
      if (negative) expect(response.status, `${where}: a body of the wrong type must be refused`).toBeGreaterThanOrEqual(400)
      await response.body?.cancel()
    }
  })
})
