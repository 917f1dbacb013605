/**
 * The If-Match and Idempotency-Key headers are published with schemas as strict as the server's parsers: every
 * value a client can send (a header is a Latin-1 byte string) gets the same verdict from the parser and from the
 * published schema, read by ajv.
 */
import Ajv2020 from 'ajv/dist/2020'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseIfMatch } from '#server/http/conditional'
import { IDEMPOTENCY_KEY_MAX, keyOf } from '#server/http/idempotency-key'
import { createOpenApiDocument } from '#server/openapi/openapi'

type Parameter = { name: string; in: string; schema: Record<string, unknown> }
const doc = createOpenApiDocument() as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> }

/** The published schema of header `name` on `method path`, compiled. */
function publishedHeader(path: string, method: string, name: string): (value: string) => boolean {
  const parameter = doc.paths[path]![method]!.parameters!.find((candidate) => candidate.in === 'header' && candidate.name === name)!
  const compiled = new Ajv2020({ strict: false }).compile(parameter.schema)
  return (value) => compiled(value) === true
}

/** Header values made of the pieces a parser must tell apart, and of any Latin-1 character. */
function headerValues(pieces: string[]): fc.Arbitrary<string> {
  const latin1 = fc.integer({ min: 0x09, max: 0xff }).map((code) => String.fromCharCode(code))
  const piece = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pieces) }, { weight: 1, arbitrary: latin1 })
  return fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))
}

describe('published header schemas', () => {
  it('If-Match: the same verdict as the parser on every value', () => {
    const published = publishedHeader('/plant', 'put', 'If-Match')
    const values = headerValues(['"7-3"', '"1-1"', 'W/', '"', ',', ' ', '\t', '\u00a0', '*', '"\u00e9"', '""', '"a b"', 'x'])
    fc.assert(
      fc.property(values, (value) => {
        expect(published(value), JSON.stringify(value)).toBe(parseIfMatch(value) !== undefined)
      }),
      { numRuns: 5000 }
    )
    expect([published('"7-3", W/"7-2",'), published('*'), published('7-3'), published('"7-3",,')]).toEqual([true, true, false, false])
  })

  it('Idempotency-Key: the same verdict as the parser on every value', () => {
    const published = publishedHeader('/plant', 'post', 'Idempotency-Key')
    const long = (count: number) => `"${'k'.repeat(count)}"`
    const values = fc.oneof(
      headerValues(['"', 'abc', ' ', '\\"', '\\\\', '\\', '-', '\t', '\u00a0', '\u00e9', ',']),
      fc.constantFrom(long(IDEMPOTENCY_KEY_MAX), long(IDEMPOTENCY_KEY_MAX + 1), `"${'\\"'.repeat(IDEMPOTENCY_KEY_MAX)}"`, 'k'.repeat(256), '"   "')
    )
    fc.assert(
      fc.property(values, (value) => {
        expect(published(value), JSON.stringify(value)).toBe(keyOf(value) !== undefined)
      }),
      { numRuns: 5000 }
    )
  })
})
