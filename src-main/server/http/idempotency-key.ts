/**
 * The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key
 * HTTP Header Field"): a Structured Field string, e.g.
 * `Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"`. A bare token is
 * taken too, as many clients send one.
 */
import type { H3Event } from 'h3'
import { EXTENSION_HEADERS } from '#shared/api-paths'
import { problem } from '#server/problems/problems'

/** Longest key accepted. */
export const IDEMPOTENCY_KEY_MAX = 255

// sf-string (RFC 8941 §3.3.3): printable ASCII in quotes, with \" and \\ escaped.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/
const BARE_TOKEN = /^[\x21\x23-\x7e]+$/

function keyOf(value: string): string | undefined {
  const quoted = SF_STRING.exec(value)
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : BARE_TOKEN.test(value) ? value : undefined
  return key !== undefined && key.trim() !== '' && key.length <= IDEMPOTENCY_KEY_MAX ? key : undefined
}

/** The request's idempotency key, undefined without the header; a malformed one is refused (400). */
export function readIdempotencyKey(event: H3Event): string | undefined {
  const header = event.req.headers.get(EXTENSION_HEADERS.idempotencyKey)
  if (header === null) return undefined
  const key = keyOf(header.trim())
  if (key === undefined) {
    throw problem(
      'invalidHeader',
      'Idempotency-Key',
      `it must be a quoted string of 1 to ${IDEMPOTENCY_KEY_MAX} visible characters, such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (a new random UUID for each new add or stock movement)`
    )
  }
  return key
}
