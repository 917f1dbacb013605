/**
 * The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key
 * HTTP Header Field"): a Structured Field string, e.g.
 * `Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"`. A bare token is
 * taken too, as many clients send one.
 */
import type { H3Event } from 'h3'
import { EXTENSION_HEADERS } from '#shared/api-paths'
import { HEADER_SPACE_RANGES, literalClass } from '#shared/literal-class'
import { problem } from '#server/problems/problems'

/** Longest key accepted. */
export const IDEMPOTENCY_KEY_MAX = 255

// sf-string (RFC 8941 §3.3.3): printable ASCII in quotes, with \" and \\ escaped.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/
const BARE_TOKEN = /^[\x21\x23-\x7e]+$/

/** The key of a header value, undefined when it is malformed. */
export function keyOf(header: string): string | undefined {
  const value = header.trim()
  const quoted = SF_STRING.exec(value)
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : BARE_TOKEN.test(value) ? value : undefined
  return key !== undefined && key.trim() !== '' && key.length <= IDEMPOTENCY_KEY_MAX ? key : undefined
}

const SPACE = `[${literalClass(HEADER_SPACE_RANGES)}]*`
const QUOTED_ITEM = `(?:[${literalClass([
  [0x20, 0x21],
  [0x23, 0x5b],
  [0x5d, 0x7e]
])}]|\\\\["\\\\])`

/**
 * What {@link readIdempotencyKey} accepts, as JSON Schema (its patterns in the interoperable subset), for the
 * published document: a quoted string of 1 to 255 characters once unescaped, not all spaces, or a bare token.
 */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  pattern: `^${SPACE}(?:"${QUOTED_ITEM}{1,${IDEMPOTENCY_KEY_MAX}}"|[${literalClass([
    [0x21, 0x21],
    [0x23, 0x7e]
  ])}]{1,${IDEMPOTENCY_KEY_MAX}})${SPACE}$`,
  not: { pattern: `^${SPACE}" *"${SPACE}$` }
}

/** The request's idempotency key, undefined without the header; a malformed one is refused (400). */
export function readIdempotencyKey(event: H3Event): string | undefined {
  const header = event.req.headers.get(EXTENSION_HEADERS.idempotencyKey)
  if (header === null) return undefined
  const key = keyOf(header)
  if (key === undefined) {
    throw problem(
      'invalidHeader',
      'Idempotency-Key',
      `it must be a quoted string of 1 to ${IDEMPOTENCY_KEY_MAX} visible characters, such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (a new random UUID for each new add or stock movement)`
    )
  }
  return key
}
