/**
 * One declaration per operation: its method, its path (OpenAPI-style, `/plant/{id}`), who may call it (a write's
 * staff rule), the body rule it validates, its OpenAPI object and its handler. A resource is a list of them, with the
 * component schemas it owns and the context its handlers share, built from what the app is given. The h3
 * registration, the OpenAPI path items, the methods each path allows and the staff gate's table are all derived from
 * these declarations (resources.ts lists the resources), so none of them is kept by hand.
 */
import type { H3, H3Event } from 'h3'
import type { Rule } from '#shared/body-rules'
import type { StaffAction } from '#shared/staff'
import type { JsonSchema, Operation as OpenApiOperation, PathItems } from '#server/openapi/parts'
import { routePattern } from '#server/urls'

/**
 * Who may make a write: a staff action of the permissions table (src-shared/staff.ts); `decided-by-body`: the
 * handler asks once it has read the body (a price in a plant's changes, a stock movement's reason); `sign-in`: the
 * routes that start and end a session, open to anyone with the token.
 */
export type StaffRule = StaffAction | 'decided-by-body' | 'sign-in'

/** The methods of a write. */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface OperationCommon<C> {
  /** The path under /v3, OpenAPI-style: `/plant/{id}`. */
  path: string
  /** The operation object of the OpenAPI document. */
  openapi: OpenApiOperation
  /** The body rule (src-shared) the handler validates its JSON body with, when it reads one. */
  body?: Rule<unknown>
  /** Answers a request; `context` is what the resource's handlers share. */
  handler(event: H3Event, context: C): unknown
}

/** A read: no staff rule (reads are never gated). */
export interface ReadOperation<C> extends OperationCommon<C> {
  method: 'GET'
  /**
   * HEAD: `answers` registers it beside GET (and the Allow header lists it); `listed` only lists it in Allow, while a
   * HEAD request is refused with 405 as any other method (how these paths have always answered); absent: neither.
   */
  head?: 'answers' | 'listed'
}

/** A write: its staff rule is required, beside the route. */
export interface WriteOperation<C> extends OperationCommon<C> {
  method: WriteMethod
  staff: StaffRule
}

/** One operation of the API. */
export type OperationDeclaration<C> = ReadOperation<C> | WriteOperation<C>

/**
 * A resource: its operations (in the order they are registered and documented), the component schemas it owns, and
 * `context`, which builds what its handlers share from what the app is given (`D`); undefined when the app serves
 * none of them (no named tokens given, no staff, no LAN listener): those paths then answer 405 as before.
 */
export interface Resource<C, D> {
  context(deps: D): C | undefined
  operations: readonly OperationDeclaration<C>[]
  schemas?: Record<string, JsonSchema>
}

/** Declares one operation whose handler gets context `C`. */
export function defineOperation<C>(operation: OperationDeclaration<C>): OperationDeclaration<C> {
  return operation
}

/** Declares a resource. */
export function defineResource<C, D>(resource: Resource<C, D>): Resource<C, D> {
  return resource
}

/** A resource whatever its context, as a list of resources holds it. */
export type AnyResource<D> = Resource<unknown, D>

/**
 * The route meta every declared route carries: the staff rule of each write method of its path (by method), which
 * the staff gate reads from the matched route. The 405 answer of the path carries the same, so a write refused for its
 * method meets the same gate as the route it names.
 */
export type StaffRuleMeta = {
  readonly staffRules: Readonly<Partial<Record<string, StaffRule>>>
}

/** The staff rules of the writes at `path`, by method. */
export function staffRulesAt(resources: readonly AnyResource<never>[], path: string): StaffRuleMeta {
  const rules: Partial<Record<string, StaffRule>> = {}
  for (const operation of operationsOf(resources))
    if (operation.path === path && operation.method !== 'GET') rules[operation.method] = operation.staff
  return { staffRules: rules }
}

/** Registers `resource`'s operations on `app`, with the context built from `deps` (none when it builds none). */
export function registerResource<D>(app: H3, resource: AnyResource<D>, deps: D): void {
  const context = resource.context(deps)
  if (context === undefined) return
  for (const operation of resource.operations) {
    const pattern = routePattern(operation.path)
    const handler = (event: H3Event) => operation.handler(event, context)
    const meta: StaffRuleMeta = { staffRules: operation.method === 'GET' ? {} : { [operation.method]: operation.staff } }
    app.on(operation.method, pattern, handler, { meta })
    if (operation.method === 'GET' && operation.head === 'answers') app.on('HEAD', pattern, handler, { meta })
  }
}

/** Every operation of `resources`, in order. */
export function operationsOf(resources: readonly AnyResource<never>[]): OperationDeclaration<unknown>[] {
  return resources.flatMap((resource) => resource.operations)
}

/** The OpenAPI path items of `resources`: by path, in the order paths first appear; a method given twice is a mistake. */
export function pathItemsOf(resources: readonly AnyResource<never>[]): PathItems {
  const items: PathItems = {}
  for (const { method, path, openapi } of operationsOf(resources)) {
    const item = (items[path] ??= {})
    const key = method.toLowerCase()
    if (item[key]) throw new Error(`OpenAPI: ${method} ${path} is described twice`)
    item[key] = openapi
  }
  return items
}

/** The component schemas `resources` own, after `shared`; a name two resources give different schemas is a mistake. */
export function schemasOf(shared: Record<string, JsonSchema>, resources: readonly AnyResource<never>[]): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = { ...shared }
  for (const schemas of resources.map((resource) => resource.schemas ?? {})) {
    for (const [name, schema] of Object.entries(schemas)) {
      if (merged[name] && JSON.stringify(merged[name]) !== JSON.stringify(schema)) throw new Error(`OpenAPI: two schemas are named ${name}`)
      merged[name] = schema
    }
  }
  return merged
}

/** The methods each path answers, for the Allow header of a 405: GET (and HEAD) first, then the writes as declared. */
export function allowedMethodsOf(resources: readonly AnyResource<never>[]): Record<string, readonly string[]> {
  const reads: Record<string, string[]> = {}
  const writes: Record<string, string[]> = {}
  for (const operation of operationsOf(resources)) {
    reads[operation.path] ??= []
    writes[operation.path] ??= []
    if (operation.method !== 'GET') writes[operation.path]!.push(operation.method)
    else reads[operation.path] = operation.head === undefined ? ['GET'] : ['GET', 'HEAD']
  }
  return Object.fromEntries(Object.keys(reads).map((path) => [path, [...reads[path]!, ...writes[path]!]]))
}

/** What each write does, keyed `METHOD /path` (OpenAPI-style), for the staff gate's tests and docs. */
export function writeActionsOf(resources: readonly AnyResource<never>[]): Record<string, StaffRule> {
  const actions: Record<string, StaffRule> = {}
  for (const operation of operationsOf(resources)) if (operation.method !== 'GET') actions[`${operation.method} ${operation.path}`] = operation.staff
  return actions
}
