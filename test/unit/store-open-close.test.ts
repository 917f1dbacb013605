/**
 * The store's life cycle around plants.json: lowdb reads it at open and
 * writes it at checkpoints, a migration runs through open(), the journal's
 * size triggers a checkpoint, and a failed last write on close loses nothing.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listBackups } from '#store/backups/backups'
import { DATA_FILE_VERSION } from '#store/file/data-file'
import { CURRENT_LAYOUT, type FileLayout } from '#store/file/migrate'
import { ShopStore } from '#store/shop-store'
import { readCatalogue } from '#store/file/read-catalogue'
import { faultyFs } from '#setup/faulty-fs'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

afterEach(() => {
  vi.restoreAllMocks()
})

/** plants.json as it is on disk, without the journals. */
async function snapshotOnDisk(dir: string): Promise<{ version: number; journalGen: number; plants: { name: string; tags: string[] }[] }> {
  return JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8'))
}

async function journalNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort()
}

async function journalGenerations(dir: string): Promise<number[]> {
  return (await journalNames(dir)).map((name) => Number(/^journal-(\d+)\.jsonl$/.exec(name)![1]))
}

describe('plants.json through lowdb', () => {
  it('is read with Low.read() at open and written with Low.write() at a checkpoint', async () => {
    const dir = await makeTempDir()
    const read = vi.spyOn(Low.prototype, 'read')
    const write = vi.spyOn(Low.prototype, 'write')
    const store = await ShopStore.open({ dir, checkpointIdleMs: 60_000 })
    expect(read).toHaveBeenCalledTimes(1)
    expect(write).toHaveBeenCalledTimes(1) // the new, empty catalogue
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.checkpoint()
    expect(write).toHaveBeenCalledTimes(2)
    expect((await snapshotOnDisk(dir)).plants.map((plant) => plant.name)).toEqual(['Fern'])
    await store.close()
  })
})

describe('a migration run through ShopStore.open', () => {
  /** The current layout plus one more step, as the next layout change would add it. */
  const NEXT: FileLayout = {
    version: DATA_FILE_VERSION + 1,
    migrations: {
      ...CURRENT_LAYOUT.migrations,
      [DATA_FILE_VERSION]: (data) => ({
        ...data,
        plants: (data.plants as { tags: string[] }[]).map((plant) => ({ ...plant, tags: [...plant.tags, 'migrated'] }))
      })
    }
  }

  it('migrates in memory, backs up the old file, rewrites it once, and is refused by the older build afterwards', async () => {
    const { store: old, dir } = await openTestStore()
    await old.add({ name: 'Fern', tags: ['shade'] }, CLI_ACTOR)
    await old.close()
    const before = await readFile(path.join(dir, 'plants.json'), 'utf8')
    const backupsBefore = await listBackups(dir)

    const migrated = await ShopStore.open({ dir, layout: NEXT })
    expect(migrated.get(1)).toMatchObject({ name: 'Fern', tags: ['shade', 'migrated'] })
    const backups = await listBackups(dir)
    expect(backups).toHaveLength(backupsBefore.length + 1)
    expect(await readFile(backups.at(-1)!, 'utf8')).toBe(before) // the old form, byte for byte
    expect(await snapshotOnDisk(dir)).toMatchObject({ version: NEXT.version, plants: [{ name: 'Fern', tags: ['shade', 'migrated'] }] })
    await migrated.add({ name: 'Palm' }, CLI_ACTOR)
    await migrated.close()
    const backupCount = (await listBackups(dir)).length

    // Opened again with the same layout: nothing left to migrate, so no second step and no second backup.
    const again = await ShopStore.open({ dir, layout: NEXT })
    expect(again.find().map((plant) => plant.tags)).toEqual([['shade', 'migrated'], []])
    await again.close()
    expect(await listBackups(dir)).toHaveLength(backupCount)

    const after = await readFile(path.join(dir, 'plants.json'), 'utf8')
    await expect(ShopStore.open({ dir })).rejects.toThrow(`file version ${NEXT.version}; this app reads up to version ${DATA_FILE_VERSION}`)
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe(after)
  })

  it('refuses to open, touching nothing, when a migration step fails', async () => {
    const { store: old, dir } = await openTestStore()
    await old.add({ name: 'Fern' }, CLI_ACTOR)
    await old.close()
    const before = await readFile(path.join(dir, 'plants.json'), 'utf8')
    const broken: FileLayout = { version: DATA_FILE_VERSION + 1, migrations: { ...CURRENT_LAYOUT.migrations } }
    await expect(ShopStore.open({ dir, layout: broken })).rejects.toThrow(`no migration from file version ${DATA_FILE_VERSION} to ${broken.version}`)
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe(before)
    const store = await ShopStore.open({ dir }) // the lock was released
    await store.close()
  })
})

describe('the checkpoint triggered by the journal size', () => {
  it('folds the journal into plants.json once it outgrows checkpointBytes, without waiting for quiet', async () => {
    const dir = await makeTempDir()
    // The idle checkpoint is a minute away: only the size can trigger one during this test.
    const store = await ShopStore.open({ dir, checkpointIdleMs: 60_000, checkpointBytes: 1500 })
    const names = Array.from({ length: 12 }, (_, i) => `plant number ${i} with a name long enough to fill the journal`)
    for (const name of names) await store.add({ name }, CLI_ACTOR)
    // Folded: plants.json holds the first plants, and the journals it holds are deleted.
    await expect
      .poll(async () => {
        const snapshot = await snapshotOnDisk(dir)
        return snapshot.plants.length > 0 && Math.min(...(await journalGenerations(dir))) === snapshot.journalGen
      })
      .toBe(true)
    const folded = (await snapshotOnDisk(dir)).plants.map((plant) => plant.name)
    expect(folded).toEqual(names.slice(0, folded.length))
    expect((await readCatalogue(dir))!.data.plants.map((plant) => plant.name)).toEqual(names)
    await store.close()
  })
})

describe('a failed final write on close', () => {
  it('is reported, releases the folder, and loses nothing: the journal is replayed at the next open', async () => {
    const dir = await makeTempDir()
    const { fs, faults } = faultyFs()
    const store = await ShopStore.open({ dir, fs, checkpointIdleMs: 60_000 })
    await store.add({ name: 'a' }, CLI_ACTOR)
    await store.add({ name: 'b' }, CLI_ACTOR)
    const snapshotBefore = await readFile(path.join(dir, 'plants.json'), 'utf8')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    faults.failWith = 'ENOSPC'
    await expect(store.close()).resolves.toBeUndefined()
    const report = String(logged.mock.calls.find(([message]) => /could not fold the journal/.test(String(message)))?.[0])
    expect(report).toMatch(
      /into .*plants\.json on close: the disk is full.*\(ENOSPC\)\. Nothing is lost: the journal .*journal-\d+\.jsonl keeps every change and is replayed at the next start/
    )
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe(snapshotBefore) // untouched, no temp file left
    expect((await readdir(dir)).filter((name) => name.includes('.tmp'))).toEqual([])
    expect(await journalNames(dir)).toHaveLength(1)

    const again = await ShopStore.open({ dir }) // the lock was released
    expect(again.find().map((plant) => plant.name)).toEqual(['a', 'b'])
    await again.close()
    expect((await snapshotOnDisk(dir)).plants.map((plant) => plant.name)).toEqual(['a', 'b'])
    expect(await journalNames(dir)).toEqual([])
  })
})

describe('a checkpoint right after a failed append', () => {
  it('records where the failed journal ends, so a change answered 503 is never replayed even when that checkpoint fails too', async () => {
    const dir = await makeTempDir()
    const { fs, faults } = faultyFs()
    const store = await ShopStore.open({ dir, fs, checkpointIdleMs: 60_000 })
    await store.add({ name: 'saved' }, CLI_ACTOR)
    faults.failWith = 'EIO'
    faults.only = ['datasync', 'truncate'] // the line is written, but neither flushed nor cut off
    await expect(store.add({ name: 'answered 503' }, CLI_ACTOR)).rejects.toThrow(/EIO/)
    faults.only = ['rename'] // and the checkpoint that follows cannot replace plants.json
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await store.checkpoint()
    faults.failWith = undefined
    // What a start after a crash now would read:
    expect((await readCatalogue(dir))!.data.plants.map((plant) => plant.name)).toEqual(['saved'])
    await store.close()
  })
})
