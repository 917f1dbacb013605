import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { journalFileName } from '#store/journal/journal'
import { ShopStore } from '#store/shop-store'
import { VersionConflictError } from '#store/catalogue/preconditions'
import { readCatalogue } from '#store/file/read-catalogue'
import { restoreFromBackup } from '#store/backups/restore'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const at = '2026-01-01T00:00:00.000Z'

describe('plant versions', () => {
  it('start at 1 and go up by one with every saved change, on disk too', async () => {
    const { store, dir } = await openTestStore()
    expect((await store.add({ name: 'Fern' }, CLI_ACTOR)).version).toBe(1)
    expect((await store.update({ id: 1, status: 'sold' }, CLI_ACTOR))?.version).toBe(2)
    expect((await store.update({ id: 1, status: 'sold' }, CLI_ACTOR))?.version).toBe(3) // a save is a change, as updatedAt says
    expect((await store.update({ id: 1 }, CLI_ACTOR))?.version).toBe(3) // nothing to change: no new version
    expect((await readCatalogue(dir))!.data.plants[0]?.version).toBe(3)
    await store.close()
    const reopened = await ShopStore.open({ dir })
    expect(reopened.get(1)?.version).toBe(3)
    await reopened.close()
  })

  it('refuse a conditional update at another version and change nothing, in memory or on disk', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.update({ id: 1, status: 'pending' }, CLI_ACTOR)
    const heard: number[] = []
    store.onChange((change) => heard.push('plant' in change ? change.plant.version : -1))
    const error = await store.update({ id: 1, status: 'sold' }, CLI_ACTOR, { ifVersion: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VersionConflictError)
    expect((error as VersionConflictError).current).toMatchObject({ id: 1, version: 2, status: 'pending' })
    expect(store.get(1)).toMatchObject({ version: 2, status: 'pending' })
    expect((await readCatalogue(dir))!.data.plants[0]).toMatchObject({ version: 2, status: 'pending' })
    expect(heard).toEqual([])
    // Any of several versions may be allowed; the current one passes.
    expect(await store.update({ id: 1, status: 'sold' }, CLI_ACTOR, { ifVersion: [1, 2] })).toMatchObject({ version: 3, status: 'sold' })
  })

  it('check against a change prepared earlier in the same batch, so two conditional writes of one version cannot both win', async () => {
    const { store } = await openTestStore({ batchWindowMs: 20 })
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    const results = await Promise.allSettled([
      store.update({ id: 1, name: 'first' }, CLI_ACTOR, { ifVersion: 1 }),
      store.update({ id: 1, name: 'second' }, CLI_ACTOR, { ifVersion: 1 })
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected'])
    expect(store.get(1)).toMatchObject({ name: 'first', version: 2 })
  })

  it('are given to plants of a journal written before versions existed (an older Plant Store that stopped uncleanly)', async () => {
    const dir = await makeTempDir()
    const old = (id: number, name: string) => ({ id, name, tags: [], status: 'available', createdAt: at, updatedAt: at })
    await writeFile(path.join(dir, 'plants.json'), JSON.stringify({ version: 1, nextId: 2, journalGen: 1, plants: [old(1, 'Fern')] }))
    const lines = [
      { nextId: 2, plants: [{ ...old(1, 'Fern'), status: 'sold' }] },
      { nextId: 3, plants: [old(2, 'Moss')] }
    ]
    await writeFile(path.join(dir, journalFileName(1)), lines.map((line) => JSON.stringify(line) + '\n').join(''))
    const store = await ShopStore.open({ dir })
    expect(store.get(1)).toMatchObject({ status: 'sold', version: 2 }) // version 1 from the file, one change in the journal
    expect(store.get(2)).toMatchObject({ name: 'Moss', version: 1 })
    await store.close()
  })

  it('move past every version seen when a backup is restored, so an ETag read before the restore never matches', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const backup = path.join(await makeTempDir(), 'backup.json')
    await writeFile(backup, await readFile(path.join(dir, 'plants.json'), 'utf8'))
    const again = await ShopStore.open({ dir })
    for (const status of ['pending', 'sold', 'available'] as const) await again.update({ id: 1, status }, CLI_ACTOR)
    expect(again.get(1)?.version).toBe(4)
    await again.close()
    await restoreFromBackup(dir, backup)
    const restored = await ShopStore.open({ dir })
    expect(restored.get(1)?.version).toBeGreaterThan(4)
    await restored.close()
  })
})
