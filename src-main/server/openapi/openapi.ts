/**
 * The OpenAPI 3.1 document of the API, assembled from the resources: each
 * operation (routes/<resource>/resource.ts) declares its OpenAPI object, and
 * each resource the component schemas it owns; the request bodies' schemas
 * come from the same rules that validate them (src-shared), so the two cannot
 * drift. This file only puts them together (routes/resources.ts lists them)
 * with the parts every resource shares (parts.ts).
 */
import { pathItemsOf, schemasOf } from '#server/routes/operation'
import { RESOURCES } from '#server/routes/resources'
import { SECURITY_SCHEMES, SHARED_SCHEMAS } from './parts'

/** Builds the OpenAPI document served at /v3/openapi.json. */
export function createOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plant Store',
      version: '1.0.0',
      description:
        "The local API of one plant shop's catalogue. Every error body is RFC 9457 problem details " +
        '(application/problem+json with type, title, status, detail and, for invalid input, errors[] of {field, message}). ' +
        'Unknown paths answer 404; a known path with a wrong method answers 405 with an Allow header. ' +
        'Operations marked x-extension: true are additions for the staff UI, not part of the interface contract. ' +
        'Every operation except this document needs "Authorization: Bearer TOKEN".'
    },
    servers: [{ url: 'http://127.0.0.1:{port}/v3', variables: { port: { default: '7420' } } }],
    security: [{ bearerToken: [] }],
    paths: pathItemsOf(RESOURCES),
    components: {
      schemas: schemasOf(SHARED_SCHEMAS, RESOURCES),
      securitySchemes: SECURITY_SCHEMES
    }
  }
}

/**
 * The document as served: JSON in printable ASCII, every other character written as a JSON \u escape, so a
 * pattern's literal characters stay legible (a no-break space reads \u00a0, not as a space) and nothing on the
 * way can alter them. Parsed, it is exactly {@link createOpenApiDocument}.
 */
export function serializeOpenApiDocument(): string {
  return JSON.stringify(createOpenApiDocument()).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
