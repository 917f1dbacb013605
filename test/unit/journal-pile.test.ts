/** Journals must not pile up, and many of them replay correctly. */
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { journalFileName } from '#store/journal/journal'
import { ShopStore } from '#store/shop-store'
import { readCatalogue } from '#store/file/read-catalogue'
import { faultyFs } from '#setup/faulty-fs'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const journals = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('journal-'))

describe('journals on a disk where checkpoints keep failing', () => {
  it('reuses the empty journal instead of starting a new one at every failed checkpoint', async () => {
    const { fs, faults } = faultyFs()
    const { store, dir } = await openTestStore({ fs, checkpointIdleMs: 60_000 })
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    faults.failWith = 'ENOSPC'
    faults.only = ['rename'] // plants.json cannot be replaced; the journal is still written
    for (let attempt = 0; attempt < 6; attempt++) await store.checkpoint()
    expect(await journals(dir)).toHaveLength(2) // the one holding Fern, and one empty one reused since
    faults.failWith = undefined
    await store.checkpoint()
    expect(await journals(dir)).toHaveLength(1)
    expect((await readCatalogue(dir))!.data.plants.map((plant) => plant.name)).toEqual(['Fern'])
  })
})

describe('a pile of journals', () => {
  it('replays hundreds of journals in order, empty ones among them, with every change', async () => {
    const dir = await makeTempDir()
    const at = '2024-05-01T09:00:00.000Z'
    const plant = (id: number, status: string) => ({ id, name: `p${id}`, tags: [], status, createdAt: at, updatedAt: at })
    await writeFile(
      path.join(dir, 'plants.json'),
      JSON.stringify({ version: 1, nextId: 3, journalGen: 1, plants: [plant(1, 'available'), plant(2, 'available')] })
    )
    for (let gen = 1; gen <= 600; gen++) {
      const line =
        gen % 3 === 0 ? '' : JSON.stringify({ nextId: 3 + gen, plants: [plant(1, gen % 2 ? 'sold' : 'pending'), plant(2 + gen, 'available')] }) + '\n'
      await writeFile(path.join(dir, journalFileName(gen)), line)
    }
    const store = await ShopStore.open({ dir })
    expect(store.get(1)?.status).toBe('sold') // the last journal that changed it, generation 599
    expect(store.size).toBe(2 + 400)
    expect((await store.add({ name: 'next' }, CLI_ACTOR)).id).toBe(602)
    await store.close()
    expect(await journals(dir)).toEqual([])
  })
})
