import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { WriteFailedError } from '#store/journal/group-commit'
import { fingerprintOf } from '#store/catalogue/idempotency-keys'
import { listJournals } from '#store/journal/journal'
import { nodeFileSystem, type FileSystem } from '#lib/durable-file'
import { ShopStore } from '#store/shop-store'
import { IdempotencyKeyReusedError } from '#store/catalogue/preconditions'
import { faultyFs } from '#setup/faulty-fs'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const owner = (key: string) => ({ by: 'owner', key })

/** A file system whose journal fsyncs wait until `release()` (and pass straight through after it). */
function heldSyncs(): { fs: FileSystem; release(): void; held(): number } {
  let released = false
  const waiting: (() => void)[] = []
  const fs: FileSystem = {
    ...nodeFileSystem,
    open: (async (...args: Parameters<FileSystem['open']>) => {
      const handle = await nodeFileSystem.open(...args)
      const datasync = handle.datasync.bind(handle)
      return Object.assign(Object.create(handle), {
        datasync: () => (released ? datasync() : new Promise<void>((resolve) => waiting.push(resolve)).then(datasync))
      })
    }) as FileSystem['open']
  }
  return { fs, release: () => ((released = true), waiting.splice(0).forEach((resume) => resume())), held: () => waiting.length }
}

describe('adds with an idempotency key', () => {
  it('add once: the same key and input again answers with the first plant, adding nothing', async () => {
    const { store } = await openTestStore()
    const heard: number[] = []
    store.onChange((change) => heard.push('plant' in change ? change.plant.id : -1))
    const first = await store.addOnce({ name: 'Fern', tags: ['shade'] }, owner('k1'), CLI_ACTOR)
    const again = await store.addOnce({ name: 'Fern', tags: ['shade'] }, owner('k1'), CLI_ACTOR)
    expect(first).toMatchObject({ replayed: false, plant: { id: 1, name: 'Fern' } })
    expect(again).toEqual({ replayed: true, plant: first.plant })
    expect(store.size).toBe(1)
    expect(heard).toEqual([1])
  })

  it('refuses the same key with another input, adding nothing', async () => {
    const { store } = await openTestStore()
    await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)
    const error = await store.addOnce({ name: 'Moss' }, owner('k1'), CLI_ACTOR).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError)
    expect((error as IdempotencyKeyReusedError).firstPlantId).toBe(1)
    expect(store.size).toBe(1)
  })

  it('keeps the keys of different callers apart', async () => {
    const { store } = await openTestStore()
    await store.addOnce({ name: 'Fern' }, { by: 'till', key: '1' }, CLI_ACTOR)
    const other = await store.addOnce({ name: 'Moss' }, { by: 'label-printer', key: '1' }, CLI_ACTOR)
    expect(other).toMatchObject({ replayed: false, plant: { id: 2 } })
  })

  it('adds one plant for two concurrent adds with one key sharing a write', async () => {
    const { store } = await openTestStore({ batchWindowMs: 20 })
    const outcomes = await Promise.all([
      store.addOnce({ name: 'Fern' }, owner('same'), CLI_ACTOR),
      store.addOnce({ name: 'Fern' }, owner('same'), CLI_ACTOR)
    ])
    expect(outcomes.map((outcome) => [outcome.plant.id, outcome.replayed])).toEqual([
      [1, false],
      [1, true]
    ])
    expect(store.size).toBe(1)
  })

  it('adds one plant when the repeat arrives while the first add is being written', async () => {
    const { fs, release, held } = heldSyncs()
    const { store } = await openTestStore({ fs })
    const first = store.addOnce({ name: 'Fern' }, owner('same'), CLI_ACTOR)
    await expect.poll(() => held()).toBe(1) // the first add's write waits for its fsync now
    let settled = false
    void first.then(() => (settled = true))
    const second = store.addOnce({ name: 'Fern' }, owner('same'), CLI_ACTOR)
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    release()
    expect((await first).replayed).toBe(false)
    expect(await second).toMatchObject({ replayed: true, plant: { id: 1 } })
    expect(store.size).toBe(1)
  })

  it('writes the key in the same journal line as the plant it added', async () => {
    const { store, dir } = await openTestStore({ checkpointIdleMs: 60_000 })
    await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)
    const [journal] = await listJournals(dir)
    const lines = (await readFile(journal!.file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(1)
    expect(lines[0].plants.map((plant: { id: number }) => plant.id)).toEqual([1])
    expect(lines[0].keys).toEqual([expect.objectContaining({ by: 'owner', key: 'k1', plant: expect.objectContaining({ id: 1 }) })])
  })

  it('remembers keys across a restart, from the journal and from plants.json after a checkpoint', async () => {
    const dir = await makeTempDir()
    let store = await ShopStore.open({ dir })
    await store.addOnce({ name: 'Fern' }, owner('before-checkpoint'), CLI_ACTOR)
    await store.checkpoint()
    await store.addOnce({ name: 'Moss' }, owner('in-journal'), CLI_ACTOR)
    await store.close()
    expect(JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8')).idempotencyKeys).toHaveLength(2)
    store = await ShopStore.open({ dir })
    expect(await store.addOnce({ name: 'Fern' }, owner('before-checkpoint'), CLI_ACTOR)).toMatchObject({ replayed: true, plant: { id: 1 } })
    expect(await store.addOnce({ name: 'Moss' }, owner('in-journal'), CLI_ACTOR)).toMatchObject({ replayed: true, plant: { id: 2 } })
    expect(store.size).toBe(2)
    await store.close()
  })

  it('forgets a key after its time (24 hours by default), also in plants.json', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z')
    const { store, dir } = await openTestStore({ now: () => new Date(clock), idempotencyTtlMs: 60_000 })
    await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)
    clock += 30_000
    expect((await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)).replayed).toBe(true)
    clock += 31_000
    expect(await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)).toMatchObject({ replayed: false, plant: { id: 2 } })
    clock += 61_000
    await store.close()
    expect(JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8')).idempotencyKeys).toBeUndefined()
  })

  it('forgets the key of an add whose write failed, so its retry adds the plant', async () => {
    const { fs, faults } = faultyFs()
    const { store } = await openTestStore({ fs })
    faults.failWith = 'ENOSPC'
    await expect(store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)).rejects.toBeInstanceOf(WriteFailedError)
    faults.failWith = undefined
    expect(await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)).toMatchObject({ replayed: false, plant: { id: 2 } })
    expect((await store.addOnce({ name: 'Fern' }, owner('k1'), CLI_ACTOR)).replayed).toBe(true)
  })

  it('takes bodies that add the same plant as the same input (defaults, key order), others not', () => {
    expect(fingerprintOf({ name: 'Fern' })).toBe(fingerprintOf({ status: 'available', tags: [], name: 'Fern' }))
    expect(fingerprintOf({ name: 'Fern' })).not.toBe(fingerprintOf({ name: 'Fern', category: 'Ferns' }))
    expect(fingerprintOf({ tags: ['a', 'b'] })).not.toBe(fingerprintOf({ tags: ['b', 'a'] }))
  })
})
