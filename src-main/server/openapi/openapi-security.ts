/**
 * Documents the access rules of security.ts in the OpenAPI document: the
 * bearer token on every operation but the document itself, and the 401/403
 * answers, so a script writer learns them from /v3/openapi.json.
 */
import { API_PATHS } from '#shared/api-paths'
import { problemResponse } from './openapi-parts'

type Operation = { security?: unknown[]; responses?: Record<string, unknown> }
type Document = { info?: { description?: string }; paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }

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
const FORBIDDEN = problemResponse(
  "The Host header is not this server's own address (DNS rebinding), or the Origin header names another web site; " +
    "or (extension) a read-only named token was used for a change, or a named token for the owner's token routes."
)

/** Adds the bearer scheme, marks the document itself public, and adds 401/403 to the operations; returns `doc`. */
export function documentAccessRules<T extends Document>(doc: T): T {
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'The token `plant-store token` prints (DATA/token; PLANT_STORE_TOKEN overrides it).'
      }
    }
  }
  ;(doc as Record<string, unknown>).security = [{ bearerToken: [] }]
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (path === API_PATHS.openapi) operation.security = []
      else operation.responses = { ...operation.responses, '401': UNAUTHORIZED }
      operation.responses = { ...operation.responses, '403': FORBIDDEN }
    }
  }
  if (doc.info) {
    doc.info.description = `${doc.info.description ?? ''} Every operation except this document needs "Authorization: Bearer TOKEN".`.trim()
  }
  return doc
}
