import { describe, expect, it } from 'vitest'
import { findDuplicateKey } from '#server/duplicate-json-key'

describe('findDuplicateKey', () => {
  it.each([
    ['{"a": 1, "a": 2}', 'a'],
    ['{"name": "x", "tags": [], "name": "y"}', 'name'],
    ['{"a": 1, "\\u0061": 2}', 'a'],
    ['{"q\\"": 1, "q\\"": 2}', 'q"'],
    ['[{"a": 1}, {"b": {"c": 1, "c": 2}}]', 'c'],
    ['{"a": {"x": 1}, "b": {"y": 2}, "a": 3}', 'a']
  ])('finds the key given twice in %s', (text, key) => {
    expect(findDuplicateKey(text)).toBe(key)
  })

  it.each([
    '{"a": 1, "b": 2}',
    '{"a": {"a": 1}}',
    '[{"a": 1}, {"a": 2}]',
    '{"a": "a", "b": ["a", "b"]}',
    '{"a": "\\",\\"a\\":", "b": 1}',
    '"a"',
    '[]'
  ])('finds none in %s', (text) => {
    expect(findDuplicateKey(text)).toBeUndefined()
  })
})
