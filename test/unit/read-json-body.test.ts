import { describe, expect, it } from 'vitest'
import { jsonDepthExceeds } from '#server/http/read-json-body'

describe('jsonDepthExceeds', () => {
  it('allows an object holding an array of strings', () => {
    expect(jsonDepthExceeds('{"tags":["a","b"]}', 2)).toBe(false)
  })

  it('ignores brackets inside strings, including escaped quotes', () => {
    expect(jsonDepthExceeds('{"name":"[[[{{{\\"[[["}', 2)).toBe(false)
  })

  it('stops at the first level past the limit', () => {
    expect(jsonDepthExceeds('{"tags":[["x"]]}', 2)).toBe(true)
    expect(jsonDepthExceeds('['.repeat(500_000), 2)).toBe(true)
  })
})
