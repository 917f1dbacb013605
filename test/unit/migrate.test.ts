import { describe, expect, it } from 'vitest'
import { DataFileError } from '../../src-main/store/data-file'
import { migrateToCurrent, type Migration } from '../../src-main/store/migrate'

describe('migrateToCurrent', () => {
  it('leaves a current file alone', () => {
    const data = { version: 1, nextId: 1, plants: [] }
    expect(migrateToCurrent('f', data)).toEqual({ data, fromVersion: 1 })
  })

  it('refuses a file from a newer version, saying what to do', () => {
    expect(() => migrateToCurrent('plants.json', { version: 2, nextId: 1, plants: [] })).toThrow(DataFileError)
    expect(() => migrateToCurrent('plants.json', { version: 2 })).toThrow(/newer Plant Store \(file version 2; this app reads up to version 1\)/)
  })

  it('applies one migration per version step, in order', () => {
    const steps: Record<number, Migration> = {
      1: (data) => ({ ...data, plants: (data.plants as { name: string }[]).map((p) => ({ ...p, name: p.name.toUpperCase() })) }),
      2: (data) => ({ ...data, renamed: true })
    }
    const result = migrateToCurrent('f', { version: 1, plants: [{ name: 'fern' }] }, steps, 3)
    expect(result).toEqual({ data: { version: 3, plants: [{ name: 'FERN' }], renamed: true }, fromVersion: 1 })
  })

  it('names a missing step', () => {
    expect(() => migrateToCurrent('f', { version: 1 }, {}, 2)).toThrow(/no migration from file version 1 to 2/)
  })
})
