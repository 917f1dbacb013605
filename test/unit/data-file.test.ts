import { describe, expect, it } from 'vitest'
import { DataFileError, checkPlantFile, parseDataFileText } from '../../src-main/store/data-file'

const plant = { id: 1, name: 'Fern', tags: [], status: 'available', createdAt: 'x', updatedAt: 'x' }

function problemOf(text: string): string {
  try {
    checkPlantFile('plants.json', parseDataFileText('plants.json', text))
  } catch (error) {
    if (error instanceof DataFileError) return error.problem
    throw error
  }
  return 'accepted'
}

describe('data file check', () => {
  it('accepts a valid file', () => {
    expect(problemOf(JSON.stringify({ version: 1, nextId: 2, plants: [plant] }))).toBe('accepted')
  })

  it.each([
    ['an empty file', '', /empty/],
    ['NUL bytes', '\0\0\0\0', /NUL/],
    ['truncated JSON', '{"version":1,"nextId":2,"plants":[{"id":1', /not valid JSON/],
    ['null', 'null', /null/],
    ['an array', '[]', /array/],
    ['a missing version', '{"nextId":1,"plants":[]}', /version/],
    ['plants not a list', '{"version":1,"nextId":1,"plants":{}}', /plants is not a list/],
    ['a bad status', JSON.stringify({ version: 1, nextId: 2, plants: [{ ...plant, status: 'gone' }] }), /status/],
    ['an id not below nextId', JSON.stringify({ version: 1, nextId: 1, plants: [plant] }), /nextId/],
    ['repeated ids', JSON.stringify({ version: 1, nextId: 3, plants: [plant, plant] }), /repeated/]
  ])('refuses %s', (_label, text, problem) => {
    expect(problemOf(text)).toMatch(problem)
  })
})
