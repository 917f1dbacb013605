import { describe, expect, it } from 'vitest'
import { DATA_FILE_VERSION, DataFileError, checkPlantFile, parseDataFileText } from '#store/file/data-file'

const plant = { id: 1, name: 'Fern', tags: [], status: 'available', createdAt: 'x', updatedAt: 'x', version: 1 }
const version = DATA_FILE_VERSION

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
    expect(problemOf(JSON.stringify({ version, nextId: 2, plants: [plant] }))).toBe('accepted')
    expect(problemOf(JSON.stringify({ version, nextId: 2, plants: [{ ...plant, quantity: 0, reorderAt: 5 }] }))).toBe('accepted')
    // Below zero after sales made offline at a till, flagged with the sale that took it there.
    const flagged = { ...plant, quantity: -2, belowZero: { till: 'till-2', receipt: 4, soldAt: '2026-11-28T09:30:00.000Z' } }
    expect(problemOf(JSON.stringify({ version, nextId: 2, plants: [flagged] }))).toBe('accepted')
  })

  it.each([
    ['an empty file', '', /empty/],
    ['NUL bytes', '\0\0\0\0', /NUL/],
    ['truncated JSON', `{"version":${version},"nextId":2,"plants":[{"id":1`, /not valid JSON/],
    ['null', 'null', /null/],
    ['an array', '[]', /array/],
    ['a missing version', '{"nextId":1,"plants":[]}', /version/],
    ['plants not a list', `{"version":${version},"nextId":1,"plants":{}}`, /plants is not a list/],
    ['a bad status', JSON.stringify({ version, nextId: 2, plants: [{ ...plant, status: 'gone' }] }), /status/],
    ['an id not below nextId', JSON.stringify({ version, nextId: 1, plants: [plant] }), /nextId/],
    ['repeated ids', JSON.stringify({ version, nextId: 3, plants: [plant, plant] }), /repeated/],
    ['a plant without its version', JSON.stringify({ version, nextId: 2, plants: [{ ...plant, version: undefined }] }), /lacks its version/],
    ['a version that is not a positive whole number', JSON.stringify({ version, nextId: 2, plants: [{ ...plant, version: 0 }] }), /version is not/],
    [
      'a quantity that is no whole number',
      JSON.stringify({ version, nextId: 2, plants: [{ ...plant, quantity: -1.5 }] }),
      /quantity is not a whole number/
    ],
    [
      'a negative reorder level',
      JSON.stringify({ version, nextId: 2, plants: [{ ...plant, reorderAt: -1 }] }),
      /reorderAt is not a whole number from 0/
    ],
    [
      'a flag below zero without its sale',
      JSON.stringify({ version, nextId: 2, plants: [{ ...plant, quantity: -1, belowZero: { till: 'till-2' } }] }),
      /belowZero/
    ],
    ['a quantity above the most a line holds', JSON.stringify({ version, nextId: 2, plants: [{ ...plant, quantity: 1_000_001 }] }), /quantity/],
    ['a reorder level that is no whole number', JSON.stringify({ version, nextId: 2, plants: [{ ...plant, reorderAt: 2.5 }] }), /reorderAt/],
    [
      'an idempotency record without its plant',
      JSON.stringify({ version, nextId: 2, plants: [], idempotencyKeys: [{ by: 'owner', key: 'k', fingerprint: 'f', at: 'x' }] }),
      /idempotencyKeys\[0\]\.plant is not an object/
    ]
  ])('refuses %s', (_label, text, problem) => {
    expect(problemOf(text)).toMatch(problem)
  })
})
