import { describe, expect, it } from 'vitest'
import { DATA_FILE_VERSION, DataFileError, checkPlantFile } from '#store/file/data-file'
import { migrateToCurrent, type Migration } from '#store/file/migrate'

describe('migrateToCurrent', () => {
  it('leaves a current file alone', () => {
    const data = { version: DATA_FILE_VERSION, nextId: 1, plants: [] }
    expect(migrateToCurrent('f', data)).toEqual({ data, fromVersion: DATA_FILE_VERSION })
  })

  it('refuses a file from a newer version, saying what to do', () => {
    const newer = DATA_FILE_VERSION + 1
    expect(() => migrateToCurrent('plants.json', { version: newer, nextId: 1, plants: [] })).toThrow(DataFileError)
    expect(() => migrateToCurrent('plants.json', { version: newer })).toThrow(
      new RegExp(`newer Plant Store \\(file version ${newer}; this app reads up to version ${DATA_FILE_VERSION}\\)`)
    )
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

  it('gives every plant of a version-1 file version 1 (the first version its ETag names)', () => {
    const fern = { id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: 'a', updatedAt: 'a' }
    const { data, fromVersion } = migrateToCurrent('plants.json', { version: 1, nextId: 2, plants: [fern] })
    expect(fromVersion).toBe(1)
    expect(checkPlantFile('plants.json', data).plants).toEqual([{ ...fern, version: 1 }])
  })
})

describe('layout 2 → 3 (priceCents and tombstones)', () => {
  it('brings a version-2 file to version 3 with its plants as they were', () => {
    const plant = { id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: 'x', updatedAt: 'x', version: 4 }
    const { data, fromVersion } = migrateToCurrent('f', { version: 2, nextId: 2, plants: [plant] })
    expect(fromVersion).toBe(2)
    expect(data).toEqual({ version: 3, nextId: 2, plants: [plant] })
    expect(checkPlantFile('f', data).plants).toEqual([plant])
  })
})
