import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import { describe, expect, it } from 'vitest'
import type { Plant } from '#shared/plant'
import { CatalogueFile } from '#store/file/catalogue-file'
import { DATA_FILE_VERSION, DataFileError, emptyPlantFile, type PlantFile } from '#store/file/data-file'
import { nodeFileSystem, type FileSystem } from '#lib/durable-file'
import { makeTempDir } from '#setup/temp-dir'

const plant = (id: number, name = `p${id}`): Plant => ({ id, name, tags: [], status: 'available', createdAt: 'a', updatedAt: 'a', version: 1 })

describe('CatalogueFile, the lowdb adapter of plants.json', () => {
  it('writes the data as it was when write() was called, though the catalogue changes while it is serialised in slices', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    const plants = Array.from({ length: 5000 }, (_, i) => plant(i + 1))
    const data: PlantFile = { version: DATA_FILE_VERSION, nextId: 5001, journalGen: 4, plants }
    const db = new Low<PlantFile>(new CatalogueFile(file), data)
    const writing = db.write()
    // What the store does meanwhile: publish an update (a new record object) and an add, into the same list.
    data.plants[4500] = plant(4501, 'renamed later')
    data.plants.push(plant(5001))
    data.nextId = 5002
    data.journalGen = 5
    await writing
    const written = JSON.parse(await readFile(file, 'utf8')) as PlantFile
    expect(written).toMatchObject({ version: DATA_FILE_VERSION, nextId: 5001, journalGen: 4 })
    expect(written.plants).toHaveLength(5000)
    expect(written.plants[4500]).toEqual(plant(4501))
  })

  it('refuses to write a catalogue that does not say which journals follow it', async () => {
    const dir = await makeTempDir()
    const db = new Low<PlantFile>(new CatalogueFile(path.join(dir, 'plants.json')), emptyPlantFile())
    await expect(db.write()).rejects.toThrow(/only with journalGen set/)
  })

  it('reads through Low.read(): a missing file keeps the default, an older one is migrated, a damaged one is refused', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    const adapter = new CatalogueFile(file)
    const db = new Low<PlantFile>(adapter, emptyPlantFile())
    await db.read()
    expect(adapter.fromVersion).toBeUndefined()
    expect(db.data).toEqual(emptyPlantFile())

    const { version: _version, ...unversioned } = plant(1)
    await writeFile(file, JSON.stringify({ version: 1, nextId: 2, plants: [unversioned] }))
    await db.read()
    expect(adapter.fromVersion).toBe(1)
    expect(db.data).toMatchObject({ version: DATA_FILE_VERSION, plants: [{ id: 1, version: 1 }] })

    await writeFile(file, '{"version":2,"nextId":')
    await expect(db.read()).rejects.toBeInstanceOf(DataFileError)
  })
})

describe('a catalogue written in parts', () => {
  it('is exactly the one-piece JSON, across slices and write blocks, letters beyond ASCII included', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    // About 3 MB: several slices and several blocks of encoded bytes, with multi-byte letters in every slice.
    const plants = Array.from({ length: 12_000 }, (_, i) => plant(i + 1, `Begonia ‘Ünïcode’ ${'x'.repeat(200)} no. ${i + 1}`))
    const data: PlantFile = { version: DATA_FILE_VERSION, nextId: 12_001, journalGen: 2, plants, nextSeq: 9 }
    const adapter = new CatalogueFile(file)
    await adapter.write(data)
    const text = await readFile(file, 'utf8')
    expect(text).toBe(JSON.stringify({ version: DATA_FILE_VERSION, nextId: 12_001, journalGen: 2, nextSeq: 9, plants }))
    expect(adapter.size).toBe(text.length)
  })

  it('leaves the file as it was when the disk fills up half-way', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    let writesLeft = Infinity
    // The real file system, except that writes fail with ENOSPC once `writesLeft` is used up.
    const fillingFs: FileSystem = {
      ...nodeFileSystem,
      open: (async (...args: Parameters<FileSystem['open']>) => {
        const handle = await nodeFileSystem.open(...args)
        const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<unknown>
        return Object.assign(Object.create(handle), {
          write: (...a: unknown[]) =>
            writesLeft-- > 0 ? write(...a) : Promise.reject(Object.assign(new Error('ENOSPC: no space'), { code: 'ENOSPC' }))
        })
      }) as FileSystem['open']
    }
    const adapter = new CatalogueFile(file, fillingFs)
    await adapter.write({ version: DATA_FILE_VERSION, nextId: 2, journalGen: 1, plants: [plant(1)] })
    const before = await readFile(file, 'utf8')
    const big = Array.from({ length: 12_000 }, (_, i) => plant(i + 1, `p${i + 1} ${'y'.repeat(200)}`))
    writesLeft = 1 // the first block reaches the temp file, the second does not
    await expect(adapter.write({ version: DATA_FILE_VERSION, nextId: 12_001, journalGen: 1, plants: big })).rejects.toThrow(/ENOSPC/)
    expect(writesLeft).toBeLessThan(0)
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await readdir(dir)).sort()).toEqual(['plants.json'])
  })
})
