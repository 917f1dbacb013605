/**
 * A paired till documents no API of its own: each route it answers itself is one the main computer serves and
 * documents (the till answers GET /v3/openapi.json by forwarding it). A till's operation therefore carries the main
 * computer's OpenAPI object of the same method and path, and a till route the main computer does not document is a
 * mistake caught when the till's routes load.
 */
import { RESOURCES, operationsOf, type OperationDeclaration } from '#server'

/** The main computer's OpenAPI object of `method` `path` (OpenAPI-style, under /v3). */
export function documentedAs(method: OperationDeclaration<unknown>['method'], path: string): OperationDeclaration<unknown>['openapi'] {
  const operation = operationsOf(RESOURCES).find((one) => one.method === method && one.path === path)
  if (!operation) throw new Error(`A till route the main computer does not document: ${method} ${path}`)
  return operation.openapi
}
