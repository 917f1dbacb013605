import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATA_FILE_VERSION, DataFileError } from '#store/file/data-file'
import { WriteFailedError } from '#store/journal/group-commit'
import type { FileSystem } from '#lib/durable-file'
import { readCatalogue } from '#store/file/read-catalogue'
import { faultyFs } from '#setup/faulty-fs'
import { ShopStore } from '#store/shop-store'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

async function openStore(dir: string, fs?: FileSystem) {
  const store = await ShopStore.open({ dir, fs })
  return store
}

/** The catalogue as it stands on disk (plants.json plus its journal). */
async function fileContent(dir: string) {
  return (await readCatalogue(dir))!.data
}

describe('ShopStore', () => {
  it('creates an empty catalogue file on first open', async () => {
    const { dir } = await openTestStore()
    expect(await fileContent(dir)).toEqual({ version: DATA_FILE_VERSION, nextId: 1, journalGen: 1, plants: [] })
  })

  it('adds with defaults and has it on disk when add resolves', async () => {
    const { store, dir } = await openTestStore()
    const plant = await store.add({ name: 'Fern' }, CLI_ACTOR)
    expect(plant).toMatchObject({ id: 1, name: 'Fern', tags: [], status: 'available' })
    expect((await fileContent(dir)).plants).toEqual([plant])
  })

  it('updates only the fields given and keeps the rest', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'Fern', category: 'Ferns', tags: ['shade'] }, CLI_ACTOR)
    const updated = await store.update({ id: 1, status: 'sold' }, CLI_ACTOR)
    expect(updated).toMatchObject({ id: 1, name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'sold' })
    expect(await store.update({ id: 99, status: 'sold' }, CLI_ACTOR)).toBeUndefined()
    expect((await fileContent(dir)).plants[0]?.status).toBe('sold')
  })

  it('finds by any of several statuses, ordered by id', async () => {
    const { store } = await openTestStore()
    await Promise.all(['available', 'pending', 'sold', 'pending'].map((status) => store.add({ status: status as 'sold' }, CLI_ACTOR)))
    expect(store.find({ statuses: ['pending', 'sold'] }).map((p) => p.id)).toEqual([2, 3, 4])
    expect(store.find().length).toBe(4)
  })

  it('never reuses ids, also not after a restart', async () => {
    const dir = await makeTempDir()
    let store = await openStore(dir)
    await store.add({ name: 'a' }, CLI_ACTOR)
    await store.add({ name: 'b' }, CLI_ACTOR)
    await store.close()
    store = await openStore(dir)
    expect((await store.add({ name: 'c' }, CLI_ACTOR)).id).toBe(3)
    await store.close()
  })

  it('saves concurrent changes in shared writes, answering each once its write is done', async () => {
    const { fs, faults } = faultyFs()
    const { store, dir } = await openTestStore({ fs })
    const before = faults.writes
    const plants = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add({ name: `p${i}` }, CLI_ACTOR)))
    expect(plants.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(faults.writes - before).toBeLessThan(10)
    expect((await fileContent(dir)).plants).toHaveLength(50)
  })

  it.each(['ENOSPC', 'EIO', 'EACCES'])('rolls back memory when the write fails with %s, then saves later changes', async (code) => {
    const { fs, faults } = faultyFs()
    const { store, dir } = await openTestStore({ fs })
    await store.add({ name: 'kept', tags: ['a'] }, CLI_ACTOR)
    faults.failWith = code
    await expect(store.add({ name: 'lost' }, CLI_ACTOR)).rejects.toBeInstanceOf(WriteFailedError)
    await expect(store.update({ id: 1, name: 'renamed', category: 'new', tags: [] }, CLI_ACTOR)).rejects.toThrow(code)
    expect(store.find()).toHaveLength(1)
    expect(store.get(1)).toMatchObject({ name: 'kept', tags: ['a'] })
    expect(store.get(1)).not.toHaveProperty('category')
    faults.failWith = undefined
    const next = await store.add({ name: 'after' }, CLI_ACTOR)
    expect(next.id).toBe(3) // the failed add's id 2 is not reused
    expect((await fileContent(dir)).plants.map((p) => p.name)).toEqual(['kept', 'after'])
  })

  it('refuses to open a damaged file and leaves it untouched', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'plants.json')
    await writeFile(file, '{"version":1,"nextId":')
    await expect(openStore(dir)).rejects.toBeInstanceOf(DataFileError)
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"nextId":')
  })

  it('waits for the write in flight on close and refuses changes after it', async () => {
    const { store, dir } = await openTestStore()
    const adding = store.add({ name: 'in flight' }, CLI_ACTOR)
    await store.close()
    await expect(adding).resolves.toMatchObject({ id: 1 })
    await expect(store.add({ name: 'late' }, CLI_ACTOR)).rejects.toThrow(/shutting down/)
    expect((await fileContent(dir)).plants).toHaveLength(1)
  })
})

describe('ShopStore change events', () => {
  it('announces saved adds and updates, not failed or empty ones', async () => {
    const { store } = await openTestStore()
    const seen: string[] = []
    const stop = store.onChange((change) => seen.push('plant' in change ? `${change.type} ${change.plant.id} ${change.plant.status}` : change.type))
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.update({ id: 1, status: 'sold' }, CLI_ACTOR)
    await store.update({ id: 1 }, CLI_ACTOR)
    await store.update({ id: 2, status: 'sold' }, CLI_ACTOR)
    stop()
    await store.add({ name: 'unheard' }, CLI_ACTOR)
    expect(seen).toEqual(['plant.added 1 available', 'plant.updated 1 sold'])
  })
})

describe('ShopStore safety', () => {
  it('backs up the last good file before the first write of a run once the newest backup is an hour old', async () => {
    const dir = await makeTempDir()
    let clock = Date.UTC(2026, 0, 1, 9)
    const now = () => new Date(clock)
    let store = await ShopStore.open({ dir, now })
    await store.add({ name: 'one' }, CLI_ACTOR)
    await store.add({ name: 'two' }, CLI_ACTOR)
    await store.close()
    const { listBackups } = await import('#store/backups/backups')
    const first = await listBackups(dir)
    expect(first).toHaveLength(1) // the empty catalogue, before 'one' was written
    clock += 61 * 60_000
    store = await ShopStore.open({ dir, now })
    await store.add({ name: 'three' }, CLI_ACTOR)
    await store.close()
    const second = await listBackups(dir)
    expect(second).toHaveLength(2)
    expect(JSON.parse(await readFile(second[1]!, 'utf8')).plants.map((p: { name: string }) => p.name)).toEqual(['one', 'two'])
  })

  it('makes no more than one backup an hour however many runs write (a script of one command per change)', async () => {
    const dir = await makeTempDir()
    let clock = Date.UTC(2026, 0, 1, 9)
    const now = () => new Date(clock)
    const { listBackups } = await import('#store/backups/backups')
    for (let run = 0; run < 30; run++) {
      const store = await ShopStore.open({ dir, now })
      await store.add({ name: `run ${run}` }, CLI_ACTOR)
      await store.close()
      clock += 60_000
    }
    const backups = await listBackups(dir)
    expect(backups).toHaveLength(1)
    expect(JSON.parse(await readFile(backups[0]!, 'utf8')).plants).toEqual([]) // still the catalogue from before the script
  })

  it('names the latest backup when the file is damaged', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'one' }, CLI_ACTOR)
    await store.close()
    await writeFile(path.join(dir, 'plants.json'), '\0\0\0\0')
    const error = await openStore(dir).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DataFileError)
    expect((error as DataFileError).latestBackup).toMatch(/backups\/plants-.*\.json$/)
  })

  it('refuses a second store on the same folder until the first is closed', async () => {
    const { store, dir } = await openTestStore()
    await expect(openStore(dir)).rejects.toThrow(/in use by plant-store serve/)
    await store.close()
    const again = await openStore(dir)
    await again.close()
  })

  it('fails to open, writing nothing, when the folder cannot be written (injected ENOSPC)', async () => {
    const dir = await makeTempDir()
    const { fs, faults } = faultyFs()
    faults.failWith = 'ENOSPC'
    await expect(openStore(dir, fs)).rejects.toThrow(/ENOSPC/)
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(dir)).toEqual([])
  })
})

describe('ShopStore readers and shutdown', () => {
  it('shows readers a change only once it is on disk, and never one whose write failed', async () => {
    const { fs, faults } = faultyFs()
    let releaseSync: () => void = () => undefined
    let syncing = false
    const slowFs: FileSystem = {
      ...fs,
      open: (async (...args: Parameters<FileSystem['open']>) => {
        const handle = await fs.open(...args)
        const datasync = handle.datasync.bind(handle)
        return Object.assign(Object.create(handle), {
          datasync: () =>
            new Promise<void>((resolve, reject) => {
              syncing = true
              releaseSync = () => datasync().then(resolve, reject)
            })
        })
      }) as FileSystem['open']
    }
    const { store } = await openTestStore({ fs: slowFs, checkpointIdleMs: 60_000 })
    const adding = store.add({ name: 'in flight' }, CLI_ACTOR)
    await expect.poll(() => syncing).toBe(true)
    expect(store.find()).toHaveLength(0) // written, not yet flushed: not visible
    expect(store.get(1)).toBeUndefined()
    const version = store.version
    releaseSync()
    await adding
    expect(store.find().map((p) => p.name)).toEqual(['in flight'])
    expect(store.version).toBeGreaterThan(version)
    faults.failWith = 'EIO'
    await expect(store.add({ name: 'never seen' }, CLI_ACTOR)).rejects.toThrow(/EIO/)
    expect(store.find().map((p) => p.name)).toEqual(['in flight'])
    faults.failWith = undefined
    await store.close()
  })

  it('touches nothing after close, even when closed twice while another store has the folder', async () => {
    const { store: first, dir } = await openTestStore({ checkpointIdleMs: 10 })
    await first.add({ name: 'a' }, CLI_ACTOR)
    await first.close()
    const second = await ShopStore.open({ dir, checkpointIdleMs: 10 })
    await second.add({ name: 'b' }, CLI_ACTOR)
    await second.checkpoint()
    await first.close() // must not write its old state over the second store's
    // No idle checkpoint of the first may fire either: the second's, armed by this add after any of the first's
    // (same 10 ms), has run once plants.json holds 'c', so an earlier timer of the first would have fired by then.
    await second.add({ name: 'c' }, CLI_ACTOR)
    const snapshotNames = async () => JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8')).plants.map((p: { name: string }) => p.name)
    await expect.poll(() => snapshotNames()).toEqual(['a', 'b', 'c'])
    await second.close()
    expect((await readCatalogue(dir))!.data.plants.map((p) => p.name)).toEqual(['a', 'b', 'c'])
  })
})
