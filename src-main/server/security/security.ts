/**
 * The local API's doors, applied in h3: Host check (DNS rebinding), Origin
 * check (CSRF), the bearer token on /v3, and the security headers of API and
 * UI responses. Who is allowed is decided by access-policy.ts.
 */
import type { H3Event, Middleware } from 'h3'
import { API_BASE } from '#shared/api-paths'
import { OWNER_TOKEN_NAME } from '#shared/named-token'
import type { AccessPolicy, Principal, TokenCheck } from './access-policy'
import { isWildcardHost } from './own-addresses'
import { problem } from '#server/problems/problems'
import { urlHost } from '#server/urls'

declare module 'h3' {
  interface H3EventContext {
    /** Who sent the request; set by {@link requireApiToken} for every /v3 request it let through. */
    principal?: Principal
  }
}

/** Who sent `event` (the owner when no token was checked, as for a request made in-process). */
export function principalOf(event: H3Event): Principal {
  return event.context.principal ?? { name: OWNER_TOKEN_NAME, scope: 'owner' }
}

/** Refuses (403) a request made with another token than the owner's; `what` says what only the owner may do. */
export function requireOwner(event: H3Event, what?: string): void {
  const principal = principalOf(event)
  if (principal.scope !== 'owner') throw problem('ownerOnly', principal.name, what)
}

/** Shortens a header value echoed in an error message. */
function shown(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value)
}

/**
 * The authority of an absolute-form request target (`GET http://host:port/path HTTP/1.1`), null when it
 * has none; undefined for the usual origin-form (`/path`), for `*`, and in-process (no raw target).
 */
function targetAuthority(event: H3Event): string | null | undefined {
  const target = event.req.runtime?.node?.req.url
  if (target === undefined || target.startsWith('/') || target === '*') return undefined
  return /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i.exec(target)?.[1] ?? null
}

/**
 * Refuses (403) a request whose Host (or absolute-form target) is not one of
 * this server's own names, or whose Origin is another site's. Runs on every
 * path, UI pages included, before routing: a DNS-rebinding page reaches us
 * under its own host name, and a cross-site form or fetch carries its own
 * origin. Requests without Origin (scripts, curl, same-origin GET navigations)
 * pass on to the token check.
 */
export function checkHostAndOrigin(event: H3Event, policy: AccessPolicy): void {
  const host = event.req.headers.get('host')
  if (!policy.allowsHost(host)) throw problem('notAddressedToUs', `Host ${host === null ? 'missing' : shown(host)}`)
  // RFC 9112 §3.2.2: with an absolute-form target the target's authority, not Host, names the server; check it the same way.
  const authority = targetAuthority(event)
  if (authority !== undefined && !policy.allowsHost(authority)) {
    throw problem('notAddressedToUs', `request target addressed to ${authority === null ? 'no host' : shown(authority)}`)
  }
  const origin = event.req.headers.get('origin')
  if (origin !== null && !policy.allowsOrigin(origin)) {
    throw problem('foreignOrigin', shown(origin))
  }
}

/** True for paths under /v3, also when spelled with odd case or doubled slashes. */
function isApiPath(event: H3Event): boolean {
  const route = event.context.matchedRoute?.route
  if (route?.startsWith(`${API_BASE}/`)) return true
  const segment = event.url.pathname.replace(/\/+/g, '/').toLowerCase()
  return segment === API_BASE || segment.startsWith(`${API_BASE}/`)
}

/**
 * Middleware: every /v3 request except GET /v3/openapi.json and /v3/server-proof must carry
 * `Authorization: Bearer <token>`, else 401 with `WWW-Authenticate: Bearer`
 * (RFC 6750). Paths outside /v3 (the UI's static files) hold no data and pass.
 */
export function requireApiToken(policy: AccessPolicy): Middleware {
  const admit = (event: H3Event, check: TokenCheck, next: () => unknown) => {
    if (!check.ok) throw problem('unauthorized', check.refusal, check.namedTokensDamage)
    // Recorded for whatever needs to know who made a change (idempotency keys, a history's `by`).
    event.context.principal = check.principal
    if (check.principal.scope === 'read-only' && !READ_METHODS.has(event.req.method)) {
      throw problem('readOnlyToken', check.principal.name, event.req.method)
    }
    return next()
  }
  return (event, next) => {
    // The API document on this computer; on the shop's network, only the pairing.
    if (!isApiPath(event) || policy.isPublic(event.req.method, event.context.matchedRoute?.route)) return next()
    const header = event.req.headers.get('authorization')
    const check = policy.checkAuthorization(header)
    // A token made by the CLI a moment ago: the named tokens look at their file before it is refused.
    if (policy.mayKnowLater(check)) return policy.recheckAuthorization(header).then((again) => admit(event, again, next))
    return admit(event, check, next)
  }
}

/** Methods that change nothing: all a read-only token may use. */
const READ_METHODS = new Set(['GET', 'HEAD'])

/**
 * Content-Security-Policy of the UI's pages: nothing unless named, and what is
 * named comes from this server only; no inline or eval'd script, no remote
 * origins, no form posts, never inside a frame.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/**
 * Headers for the UI's pages and static files (HTML, JS, CSS). The UI's static
 * file handler applies them with {@link setUiPageSecurityHeaders}.
 */
export const UI_PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': UI_CONTENT_SECURITY_POLICY,
  // The URL may carry #token=…; fragments are never sent, but keep even the path to ourselves.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Other sites may not embed our files (e.g. <script src>) nor keep a handle on our window.
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin'
}

/** Sets {@link UI_PAGE_SECURITY_HEADERS} on the response of `event` (a UI page or static file). */
export function setUiPageSecurityHeaders(event: H3Event): void {
  for (const [name, value] of Object.entries(UI_PAGE_SECURITY_HEADERS)) event.res.headers.set(name, value)
}

/**
 * The UI's address with the token in the fragment: a fragment never leaves the
 * browser (no server log, no Referer), unlike a query string. A wildcard bind
 * address is not a place to browse to, so it becomes 127.0.0.1.
 */
export function uiUrl(host: string, port: number, token: string): string {
  const browseTo = isWildcardHost(host) ? '127.0.0.1' : urlHost(host)
  return `http://${browseTo}:${port}/#token=${encodeURIComponent(token)}`
}
