/**
 * How a paired till passes a /v3 request on to the main computer: over TLS pinned to the paired certificate,
 * with the till's token instead of the local one, and the answer streamed back as it comes (the change stream
 * included). What the main computer's answer cannot say is worded here: unreachable, another certificate, or
 * this till revoked.
 */
import { Readable } from 'node:stream'
import type { EventHandler, H3Event } from 'h3'
import { CertificateMismatchError, type PinnedClient } from '#lib/pinned-tls'
import { STAFF_SESSION_HEADER } from '#shared/staff'
import { problem } from '#server'
import { hostOf, type TillPairing } from '#till/pairing'

/** Request headers the main computer needs to answer as it would locally; the rest (Host, Origin, cookies, the local token) stay here. */
const PASSED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
  'idempotency-key',
  'last-event-id',
  'x-plant-store-client',
  // The member at the till: the main computer holds this till to that member's role and names them (staff-gate.ts).
  STAFF_SESSION_HEADER
]

/** Connection-level headers of the answer, which belong to the hop to the main computer, not to the one to the UI. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'])

function passedHeaders(event: H3Event, pairing: TillPairing): Record<string, string> {
  const headers: Record<string, string> = { host: hostOf(pairing.origin), authorization: `Bearer ${pairing.token}` }
  for (const name of PASSED_REQUEST_HEADERS) {
    const value = event.req.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return headers
}

function requestBody(event: H3Event): Readable | undefined {
  const body = event.req.body
  return body === null ? undefined : Readable.fromWeb(body as import('node:stream/web').ReadableStream)
}

/** The handler that forwards a /v3 request of a till to the main computer of `pairing`. */
export function forwardTo(pairing: TillPairing, client: PinnedClient): EventHandler {
  return async (event) => {
    const method = event.req.method
    let answer
    try {
      answer = await client.request({
        method,
        path: event.url.pathname + event.url.search,
        headers: passedHeaders(event, pairing),
        body: requestBody(event)
      })
    } catch (error) {
      if (error instanceof CertificateMismatchError) throw problem('certificateChanged', pairing.origin)
      throw problem('primaryUnreachable', pairing.origin, (error as NodeJS.ErrnoException).code ?? (error as Error).message)
    }
    // The till's own token is the only one sent: refused means the owner revoked this till.
    if (answer.statusCode === 401) {
      answer.resume()
      throw problem('tillRevoked', pairing.till)
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
    }
    const status = answer.statusCode ?? 502
    const empty = method === 'HEAD' || status === 204 || status === 304
    if (empty) answer.resume()
    return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), { status, headers })
  }
}
