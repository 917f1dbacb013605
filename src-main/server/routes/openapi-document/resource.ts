/**
 * GET /v3/openapi.json: the OpenAPI document of the API (openapi/openapi.ts assembles it from the resources), the one
 * operation anyone on this computer may call without the token. The app gives the serialised document lazily.
 */
import { API_PATHS } from '#shared/api-paths'
import { HOST_CHECK_RESPONSE, json } from '#server/openapi/parts'
import { defineOperation, defineResource } from '#server/routes/operation'

/** The document as served, built once on first request (the start-up need not wait for it). */
export type ServeOpenApiDocument = () => string

/** This document's own path. */
export const openApiDocumentResource = defineResource({
  context: ({ openApiDocument }: { openApiDocument: ServeOpenApiDocument }) => openApiDocument,
  operations: [
    defineOperation<ServeOpenApiDocument>({
      method: 'GET',
      path: API_PATHS.openapi,
      head: 'answers',
      openapi: {
        operationId: 'get-openapi',
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'The OpenAPI document.', content: json({ type: 'object' }) }, '403': HOST_CHECK_RESPONSE }
      },
      handler(event, document) {
        event.res.headers.set('content-type', 'application/json; charset=utf-8')
        return document()
      }
    })
  ]
})
