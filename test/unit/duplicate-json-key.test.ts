import { describe, expect, it } from 'vitest'
import { duplicateKeysByItem, findDuplicateKey } from '#lib/duplicate-json-key'

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

describe('duplicateKeysByItem', () => {
  it('names the keys given twice by the index of the top-level element they are in, commas in strings and nested arrays aside', () => {
    const text = '[{"a": 1}, {"a": 1, "b": "x,y", "a": 2, "a": 3}, {"t": [1, {"c": 1, "c": 2}], "t": 0}, [], {"b": 1, "b": 2}]'
    expect([...duplicateKeysByItem(text)]).toEqual([
      [1, ['a']],
      [2, ['c', 't']],
      [4, ['b']]
    ])
    expect(duplicateKeysByItem('[{"a": 1}, {"a": 2}]').size).toBe(0)
    expect([...duplicateKeysByItem('{"a": 1, "a": 2}')]).toEqual([[-1, ['a']]])
  })
})
