/**
 * Every answer an API test gets is held to the OpenAPI document: its status must be one the operation documents and
 * a JSON body must validate against the schema documented for that status. A generated client (Python, TypeScript)
 * trusts the document; an answer it does not describe (a field listed as required that the server leaves out) fails
 * in the shop's script, not here, unless every answer the suite sees is checked.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import { createOpenApiDocument } from '#server/openapi/openapi'
import { API_BASE } from '#shared/api-paths'

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>
type Document = { paths: Record<string, Record<string, { responses?: Responses }>> }

let loaded: { document: Document; ajv: Ajv2020; matchers: { path: string; pattern: RegExp }[] } | undefined
const compiled = new Map<string, ValidateFunction>()

function load() {
  if (loaded) return loaded
  const document = createOpenApiDocument() as unknown as Document
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, multipleOfPrecision: 6 })
  ajv.addSchema(document, 'openapi')
  // Literal paths before templated ones (/plant/search/status is not /plant/{id}).
  const matchers = Object.keys(document.paths)
    .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
    .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`) }))
  return (loaded = { document, ajv, matchers })
}

/** The documented path of `url` (OpenAPI-style), or undefined for a path the document does not name. */
function documentedPath(url: string): string | undefined {
  const pathname = new URL(url, 'http://test').pathname
  if (!pathname.startsWith(API_BASE)) return undefined
  const local = pathname.slice(API_BASE.length) || '/'
  return load().matchers.find(({ pattern }) => pattern.test(local))?.path
}

/**
 * Throws when `response` is not what the document says `method` on `url` answers: a JSON body that fails the schema
 * documented for its status. Answers of paths or methods the document does not name (404, 405), HEAD, bodiless
 * answers and event streams are left alone; which statuses an operation answers is each route's tests' concern.
 */
export async function checkDocumentedResponse(method: string, url: string, response: Response): Promise<void> {
  const path = documentedPath(url)
  const methodKey = method.toLowerCase()
  const responses = path === undefined ? undefined : load().document.paths[path]?.[methodKey]?.responses
  if (path === undefined || responses === undefined || method === 'HEAD') return
  if (!/json/.test(response.headers.get('content-type') ?? '')) return
  const statusKey = String(response.status) in responses ? String(response.status) : 'default'
  const content = responses[statusKey]?.content ?? {}
  const mediaKey = ['application/json', 'application/problem+json'].find((media) => content[media]?.schema !== undefined)
  if (mediaKey === undefined) return
  const where = `${method} ${path} ${response.status}`
  let validate = compiled.get(where)
  if (!validate) {
    const ref = ['paths', path, methodKey, 'responses', statusKey, 'content', mediaKey, 'schema'].map(pointer).join('/')
    validate = load().ajv.compile({ $ref: `openapi#/${ref}` })
    compiled.set(where, validate)
  }
  const text = await response.clone().text()
  if (text === '') return
  if (!validate(JSON.parse(text))) {
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`).join('; ')
    throw new Error(`${where}: the answer does not match its documented schema: ${errors}\n${text.slice(0, 2000)}`)
  }
}

/** A JSON pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')
