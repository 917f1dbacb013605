/**
 * A catalogue opened for reading only (ShopStore.openReadOnly, and the CLI's reads through reachCatalogue): it takes
 * no lock and changes nothing in the folder — no lock file, no journal, no checkpoint, no replay written back — so a
 * read works on a full disk and while another process holds the folder; journal lines not yet in plants.json are read
 * into memory and left as they were. A command that writes still takes the lock.
 */
import { existsSync } from 'node:fs'
import { readFile, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { CLI_ACTOR, LOCK_FILE_NAME, ShopStore } from '#store'
import { DataDirLockedError } from '#store/errors'
import { WriteRefusedError } from '#store/folder/folder-guard'
import { reachCatalogue, withCatalogue } from '#app/reach-catalogue'
import { openTestStore } from '#setup/test-store'
import { makeTempDir } from '#setup/temp-dir'
import { folderState } from '#setup/folder-state'

const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }
const READER = { holder: 'a test that reads', use: 'read' } as const

/** A folder held by a live store of this process, with two plants and a sale only in its journal (no checkpoint yet). */
async function heldFolderWithJournal(): Promise<{ dir: string; writer: ShopStore }> {
  const { store: writer, dir } = await openTestStore({ checkpointIdleMs: 3_600_000 })
  await writer.add({ name: 'Basil', price: 1, quantity: 5 }, CLI_ACTOR)
  await writer.add({ name: 'Fern', price: 2, quantity: 3 }, CLI_ACTOR)
  await writer.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
  const journals = (await readdir(dir)).filter((name) => name.startsWith('journal'))
  expect((await Promise.all(journals.map(async (name) => (await stat(path.join(dir, name))).size))).some((size) => size > 0)).toBe(true)
  return { dir, writer }
}

describe('a catalogue opened read-only', () => {
  it('reads the lines of a journal not yet checkpointed, beside a live holder, and changes no file of the folder', async () => {
    const { dir } = await heldFolderWithJournal()
    const before = await folderState(dir)
    const reader = await ShopStore.openReadOnly({ dir })
    try {
      expect(reader.find().map((plant) => [plant.name, plant.quantity])).toEqual([
        ['Basil', 4],
        ['Fern', 3]
      ])
      expect((await reader.ledger.records()).map((record) => record.kind)).toEqual(['sale'])
    } finally {
      await reader.close()
    }
    expect(await folderState(dir)).toEqual(before)
  })

  it('refuses every change, writing nothing', async () => {
    const { dir } = await heldFolderWithJournal()
    const before = await folderState(dir)
    const reader = await ShopStore.openReadOnly({ dir })
    try {
      await expect(reader.add({ name: 'Moss' }, CLI_ACTOR)).rejects.toThrow(WriteRefusedError)
      await expect(reader.stock.move({ lines: [{ id: 1, change: 1, reason: 'received' }] }, CLI_ACTOR)).rejects.toThrow(/opened for reading only/)
      expect(reader.find().map((plant) => plant.name)).toEqual(['Basil', 'Fern'])
    } finally {
      await reader.close()
    }
    expect(await folderState(dir)).toEqual(before)
  })

  it('takes no lock and leaves a stopped store folder as it was (no leftover removed, nothing migrated or created)', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'Basil' }, CLI_ACTOR)
    await store.close()
    const before = await folderState(dir)
    const reader = await ShopStore.openReadOnly({ dir })
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
    expect(reader.get(1)?.name).toBe('Basil')
    await reader.close()
    expect(await folderState(dir)).toEqual(before)
  })
})

describe("the CLI's way to a catalogue", () => {
  it('reads through the folder read-only while another process holds it (no server), answering with the journal lines', async () => {
    const { dir } = await heldFolderWithJournal()
    const before = await folderState(dir)
    const listed = await withCatalogue(dir, {}, READER, async ({ client, via }) => {
      expect(via).toBe('folder')
      return { plants: (await client.listPlants()).plants, day: await client.currentDay() }
    })
    expect(listed.plants.map((plant) => plant.name)).toEqual(['Basil', 'Fern'])
    expect(listed.day.sales).toBe(1)
    expect(await folderState(dir)).toEqual(before)
  })

  it('still takes the lock for a command that writes', async () => {
    const { dir, writer } = await heldFolderWithJournal()
    await expect(reachCatalogue(dir, {}, 'a test that writes')).rejects.toThrow(DataDirLockedError)
    await writer.close()
    const writing = await reachCatalogue(dir, {}, 'a test that writes')
    try {
      expect(writing.via).toBe('folder')
      expect(JSON.parse(await readFile(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ holder: 'a test that writes' })
    } finally {
      await writing.close()
    }
    const reading = await reachCatalogue(dir, {}, READER)
    try {
      expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
    } finally {
      await reading.close()
    }
  })

  it('goes through a server that holds the folder, as before', async () => {
    const dir = await makeTempDir()
    // A server is found by its server.json naming the live holder of the lock: here this very process.
    const { store } = await openTestStore({ dir })
    await writeFile(path.join(dir, 'server.json'), JSON.stringify({ pid: process.pid, port: 9, baseUrl: 'http://127.0.0.1:9/v3' }))
    await writeFile(path.join(dir, 'token'), 'x'.repeat(43))
    const connection = await reachCatalogue(dir, {}, READER)
    expect(connection.via).toBe('server')
    await connection.close()
    await store.close()
  })
})
