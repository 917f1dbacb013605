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
  it('brings a version-2 file to the current version with its plants as they were', () => {
    const plant = { id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: 'x', updatedAt: 'x', version: 4 }
    const { data, fromVersion } = migrateToCurrent('f', { version: 2, nextId: 2, plants: [plant] })
    expect(fromVersion).toBe(2)
    expect(data).toEqual({ version: DATA_FILE_VERSION, nextId: 2, plants: [plant] })
    expect(checkPlantFile('f', data).plants).toEqual([plant])
  })
})

describe("layout 3 → 4 (an import's idempotency record)", () => {
  const plant = { id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: 'x', updatedAt: 'x', version: 4 }
  const addKey = { by: 'owner', key: 'k1', fingerprint: 'f1', at: '2026-01-01T09:00:00.000Z', plant }
  const summary = { added: 2, updated: 0, unchanged: 0, warnings: [], errors: [], changes: [], applied: true }
  const importKey = { by: 'owner', key: 'k2', fingerprint: 'f2', at: '2026-01-01T09:00:00.000Z', import: summary }

  it('brings a version-3 file to version 4 with its keys as they were', () => {
    const { data, fromVersion } = migrateToCurrent('f', { version: 3, nextId: 2, plants: [plant], idempotencyKeys: [addKey] })
    expect(fromVersion).toBe(3)
    expect(DATA_FILE_VERSION).toBe(4)
    expect(checkPlantFile('f', data)).toEqual({ version: 4, nextId: 2, plants: [plant], idempotencyKeys: [addKey] })
  })

  it("takes an import's record (its answer, no plant) in version 4, and refuses one without its answer's counts", () => {
    const file = { version: 4, nextId: 2, plants: [plant], idempotencyKeys: [addKey, importKey] }
    expect(checkPlantFile('f', file).idempotencyKeys).toEqual([addKey, importKey])
    const broken = { ...importKey, import: { ...summary, added: -1 } }
    expect(() => checkPlantFile('f', { ...file, idempotencyKeys: [broken] })).toThrow(/idempotencyKeys\[0\]\.import lacks its counts/)
    expect(() => checkPlantFile('f', { ...file, idempotencyKeys: [{ ...importKey, import: undefined }] })).toThrow(/idempotencyKeys\[0\]\.plant/)
  })

  it('is refused by a build that reads up to version 3, as from a newer Plant Store (never as damaged)', () => {
    expect(() => migrateToCurrent('plants.json', { version: 4, nextId: 2, plants: [plant], idempotencyKeys: [importKey] }, {}, 3)).toThrow(
      /newer Plant Store \(file version 4; this app reads up to version 3\)/
    )
  })
})
