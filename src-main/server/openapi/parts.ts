/**
 * What every resource's OpenAPI description shares, written once: schema
 * references, problem answers, the 401/403 every operation can give, the
 * marker of an extension, query and path parameters used by several
 * resources, and the document's shared components (the problem schema, the
 * bearer scheme). Each route file builds its path items from these.
 */
import { MAX_BODY_BYTES, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '#shared/api-paths'
import { PLANT_STATUSES } from '#shared/plant'
import type { JsonSchema, Rule } from '#shared/body-rules'
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import { NUMBER_PARAM_MAX } from '#server/http/path-params'

export type { JsonSchema } from '#shared/body-rules'

/** An operation object; `responses` by status code. */
export type Operation = { responses: Record<string, unknown> } & Record<string, unknown>

/** Path items by path (relative to /v3), each by lower-case method. */
export type PathItems = Record<string, Record<string, Operation>>

/** A reference to a schema under components/schemas. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** A JSON body or answer of `schema`. */
export const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

/** A required JSON request body, described by the same rule that checks it (its schema a `$ref` to the rule's component). */
export const jsonBody = (rule: Rule<unknown>, description?: string) => ({
  required: true,
  ...(description === undefined ? {} : { description }),
  content: json(rule.schema)
})

/** A response whose body is an RFC 9457 problem. */
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } }
})

/** Marks an addition to a contract operation (a header, an answer) as an extension. */
export const extension = <T extends JsonSchema>(object: T): T & { 'x-extension': true } => ({ ...object, 'x-extension': true })

const UNAUTHORIZED = {
  ...problemResponse(
    'No token sent, a malformed Authorization header (another scheme than Bearer, or no token after it), or a token not accepted ' +
      '(rotated or revoked?); the detail says which. `plant-store token` prints the owner token.'
  ),
  headers: {
    'WWW-Authenticate': {
      description: 'Bearer realm="plant-store", with error="invalid_token" when a wrong token was sent (RFC 6750).',
      schema: { type: 'string' }
    }
  }
}

const NOT_OURS = "The Host header is not this server's own address (DNS rebinding), or the Origin header names another web site"

/** The 403 of an operation only the owner's token may call; `rule` says so ("Only the owner's token may …"). */
export const ownerOnlyResponse = (rule: string) => problemResponse(`${rule} Also: ${NOT_OURS}.`)

/** The 403 of the one operation anyone on this computer may call (this document). */
export const HOST_CHECK_RESPONSE = problemResponse(`${NOT_OURS}.`)

/** The answers every operation behind the token can give: 401 without a valid token, 403 for a foreign Host or Origin. */
const ACCESS_RESPONSES = {
  '401': UNAUTHORIZED,
  '403': problemResponse(
    `${NOT_OURS}; or (extension) a read-only named token was used for a change, or a named token for the owner's routes; ` +
      'or (extension) once staff members are set up, a change from the staff UI without the session of the member at the till ' +
      "(header X-Plant-Store-Staff), or one that member's role may not make (the detail says who may)."
  )
}

/** A contract operation with the access answers (its own 401/403, when it has some, win). */
export function contractOperation<T extends Operation>(operation: T): T {
  return { ...operation, responses: { ...ACCESS_RESPONSES, ...operation.responses } }
}

/** An operation beyond the contract: marked `x-extension: true`, with the access answers. */
export function extensionOperation<T extends Operation>(operation: T): T & { 'x-extension': true } {
  return extension(contractOperation(operation))
}

/** The answers of any operation that reads a JSON body (besides its own 400). */
export const JSON_BODY_RESPONSES = {
  '413': problemResponse(`The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`),
  '415': problemResponse('The body is not declared as application/json, or is compressed (Content-Encoding other than identity).')
}

/** The answer of any operation that saves a change, when the data file cannot be written. */
export const NOT_SAVED_RESPONSE = problemResponse(
  'The change was not saved because the data file could not be written (e.g. disk full); nothing changed.'
)

/** An optional query parameter. */
export const queryParam = (name: string, description: string, schema: JsonSchema, extra: JsonSchema = {}) => ({
  name,
  in: 'query',
  required: false,
  description,
  ...extra,
  schema
})

/** The `{id}` of a plant's path. */
export const PLANT_ID_PARAMETER = { name: 'id', in: 'path', required: true, schema: PLANT_ID_SCHEMA }

/** A receipt or day number in the path, as the server reads it (numberParam: 1 to 15 digits). */
export function numberParameter(name: 'receipt' | 'refund' | 'number') {
  return { name, in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: NUMBER_PARAM_MAX } }
}

/** `status`: one or more states, the search's filter (the list and the export take it with the same rules). */
export const STATUS_PARAMETER = queryParam(
  'status',
  `One or more of ${PLANT_STATUSES.join(', ')}, comma-separated or repeated.`,
  { type: 'array', items: ref('PlantStatus') },
  { style: 'form', explode: true }
)

/** status, limit and offset: the search's filter and paging, which the list takes with the same rules. */
export const SEARCH_PARAMETERS = [
  STATUS_PARAMETER,
  queryParam('limit', 'Page size; all matches when absent.', { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }),
  queryParam('offset', 'Number of matches to skip.', { type: 'integer', minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0 })
]

/** Components every resource refers to: the problem every error answer carries. */
export const SHARED_SCHEMAS = {
  Problem: {
    type: 'object',
    required: ['type', 'title', 'status', 'detail'],
    description: 'RFC 9457 problem details (application/problem+json).',
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } }
        }
      }
    }
  }
}

/** How a caller proves who it is: the bearer token. */
export const SECURITY_SCHEMES = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token `plant-store token` prints (DATA/token; PLANT_STORE_TOKEN overrides it).'
  }
}
