import { readFile, writeFile } from 'node:fs/promises'
import * as fsp from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataFileError } from '../../src-main/store/data-file'
import { WriteFailedError } from '../../src-main/store/group-commit'
import type { FileSystem } from '../../src-main/store/json-file'
import { PlantStore } from '../../src-main/store/plant-store'
import { makeTempDir } from '../_setup/temp-dir'

async function openStore(dir: string, fs?: FileSystem) {
  const store = await PlantStore.open({ dir, fs })
  return store
}

async function fileContent(dir: string) {
  return JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8'))
}

/** A file system whose next writes fail with `code` while `failing.on` is set. */
function faultyFs(code: string) {
  const failing = { on: false, writes: 0 }
  const fs: FileSystem = {
    open: fsp.open,
    rename: async (from, to) => {
      failing.writes++
      if (failing.on) throw Object.assign(new Error(`${code}: injected`), { code })
      return fsp.rename(from, to)
    },
    readFile: (file, encoding) => fsp.readFile(file, encoding),
    unlink: fsp.unlink
  }
  return { fs, failing }
}

describe('PlantStore', () => {
  it('creates an empty catalogue file on first open', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    expect(await fileContent(dir)).toEqual({ version: 1, nextId: 1, plants: [] })
    await store.close()
  })

  it('adds with defaults and has it on disk when add resolves', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    const plant = await store.add({ name: 'Fern' })
    expect(plant).toMatchObject({ id: 1, name: 'Fern', tags: [], status: 'available' })
    expect((await fileContent(dir)).plants).toEqual([plant])
    await store.close()
  })

  it('updates only the fields given and keeps the rest', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    await store.add({ name: 'Fern', category: 'Ferns', tags: ['shade'] })
    const updated = await store.update({ id: 1, status: 'sold' })
    expect(updated).toMatchObject({ id: 1, name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'sold' })
    expect(await store.update({ id: 99, status: 'sold' })).toBeUndefined()
    expect((await fileContent(dir)).plants[0].status).toBe('sold')
    await store.close()
  })

  it('finds by any of several statuses, ordered by id', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    await Promise.all(['available', 'pending', 'sold', 'pending'].map((status) => store.add({ status: status as 'sold' })))
    expect(store.find({ statuses: ['pending', 'sold'] }).map((p) => p.id)).toEqual([2, 3, 4])
    expect(store.find().length).toBe(4)
    await store.close()
  })

  it('never reuses ids, also not after a restart', async () => {
    const dir = await makeTempDir()
    let store = await openStore(dir)
    await store.add({ name: 'a' })
    await store.add({ name: 'b' })
    await store.close()
    store = await openStore(dir)
    expect((await store.add({ name: 'c' })).id).toBe(3)
    await store.close()
  })

  it('saves concurrent changes in shared writes, answering each once its write is done', async () => {
    const dir = await makeTempDir()
    const { fs, failing } = faultyFs('EIO')
    const store = await openStore(dir, fs)
    const before = failing.writes
    const plants = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add({ name: `p${i}` })))
    expect(plants.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(failing.writes - before).toBeLessThan(10)
    expect((await fileContent(dir)).plants).toHaveLength(50)
    await store.close()
  })

  it.each(['ENOSPC', 'EIO', 'EACCES'])('rolls back memory when the write fails with %s, then saves later changes', async (code) => {
    const dir = await makeTempDir()
    const { fs, failing } = faultyFs(code)
    const store = await openStore(dir, fs)
    await store.add({ name: 'kept', tags: ['a'] })
    failing.on = true
    await expect(store.add({ name: 'lost' })).rejects.toBeInstanceOf(WriteFailedError)
    await expect(store.update({ id: 1, name: 'renamed', category: 'new', tags: [] })).rejects.toThrow(code)
    expect(store.find()).toHaveLength(1)
    expect(store.get(1)).toMatchObject({ name: 'kept', tags: ['a'] })
    expect(store.get(1)).not.toHaveProperty('category')
    failing.on = false
    const next = await store.add({ name: 'after' })
    expect(next.id).toBe(3) // the failed add's id 2 is not reused
    expect((await fileContent(dir)).plants.map((p: { name: string }) => p.name)).toEqual(['kept', 'after'])
    await store.close()
  })

  it('refuses to open a damaged file and leaves it untouched', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    await writeFile(file, '{"version":1,"nextId":')
    await expect(openStore(dir)).rejects.toBeInstanceOf(DataFileError)
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"nextId":')
  })

  it('waits for the write in flight on close and refuses changes after it', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    const adding = store.add({ name: 'in flight' })
    await store.close()
    await expect(adding).resolves.toMatchObject({ id: 1 })
    await expect(store.add({ name: 'late' })).rejects.toThrow(/shutting down/)
    expect((await fileContent(dir)).plants).toHaveLength(1)
  })
})

describe('PlantStore change events', () => {
  it('announces saved adds and updates, not failed or empty ones', async () => {
    const dir = await makeTempDir()
    const store = await openStore(dir)
    const seen: string[] = []
    const stop = store.onChange((change) => seen.push(`${change.type} ${change.plant.id} ${change.plant.status}`))
    await store.add({ name: 'Fern' })
    await store.update({ id: 1, status: 'sold' })
    await store.update({ id: 1 })
    await store.update({ id: 2, status: 'sold' })
    stop()
    await store.add({ name: 'unheard' })
    expect(seen).toEqual(['plant.added 1 available', 'plant.updated 1 sold'])
    await store.close()
  })
})
