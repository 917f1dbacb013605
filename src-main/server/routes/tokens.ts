/**
 * The owner's named tokens (extension, for the staff UI's Settings dialog):
 * list, make and revoke. Only the owner's token may use these routes; the
 * secret of a new token is in the answer that makes it, and never again.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { isTokenScope, tokenNameProblem, type CreatedToken, type NamedTokenInfo, type TokenScope } from '#shared/named-token'
import { problem } from '#server/problems/problems'
import { readJsonBody } from '#server/http/read-json-body'
import { principalOf } from '#server/security/security'
import { routePattern } from '#server/urls'

/** What the routes need of the named tokens (NamedTokenRegistry). */
export interface NamedTokenAdmin {
  list(): Promise<NamedTokenInfo[]>
  /** Makes a token; undefined when the name is taken. */
  add(name: string, scope: TokenScope): Promise<CreatedToken | undefined>
  /** False when there is no token of that name. */
  revoke(name: string): Promise<boolean>
}

/** Refuses (403) a request made with another token than the owner's; `what` says what only the owner may do. */
export function requireOwner(event: H3Event, what?: string): void {
  const principal = principalOf(event)
  if (principal.scope !== 'owner') throw problem('ownerOnly', principal.name, what)
}

/** The name and scope of a POST body: `{name, scope?}`, scope read-write unless said otherwise. */
function readNewToken(body: unknown): { name: string; scope: TokenScope } {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const unknown = Object.keys(fields).find((field) => field !== 'name' && field !== 'scope')
  if (unknown !== undefined) throw problem('tokenNameRefused', `unknown field "${unknown}"; send {"name": …, "scope": "read-only" or "read-write"}`)
  const nameProblem = tokenNameProblem(fields.name)
  if (nameProblem) throw problem('tokenNameRefused', nameProblem)
  const scope = fields.scope ?? 'read-write'
  if (!isTokenScope(scope)) throw problem('tokenNameRefused', 'scope must be "read-write" or "read-only"')
  return { name: fields.name as string, scope }
}

/** The path's name segment, %-decoded (h3 refuses a malformed escape before routing; this never throws all the same). */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Registers GET/POST /v3/tokens and DELETE /v3/tokens/{name}. */
export function registerTokenRoutes(app: H3, tokens: NamedTokenAdmin): void {
  const list = (event: H3Event) => {
    requireOwner(event)
    return tokens.list()
  }
  app.get(routePattern(EXTENSION_PATHS.tokens), list)
  app.on('HEAD', routePattern(EXTENSION_PATHS.tokens), list)
  app.post(routePattern(EXTENSION_PATHS.tokens), async (event) => {
    requireOwner(event)
    const { name, scope } = readNewToken(await readJsonBody(event, 400))
    const created = await tokens.add(name, scope)
    if (!created) throw problem('tokenNameTaken', `there is a token named "${name}" already; revoke it first or choose another name`)
    event.res.status = 201
    return created
  })
  app.delete(routePattern(EXTENSION_PATHS.tokenByName), async (event) => {
    requireOwner(event)
    const name = decodedName(event.context.params?.name ?? '')
    if (!(await tokens.revoke(name))) throw problem('tokenNotFound', name)
    event.res.status = 204
    return null
  })
}
