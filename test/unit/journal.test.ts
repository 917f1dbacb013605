import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataFileError } from '#store/file/data-file'
import { Journal, journalFileName, journalLine, parseJournal, readJournal, type JournalEntry } from '#store/journal/journal'
import { ShopStore } from '#store/shop-store'
import { readCatalogue } from '#store/file/read-catalogue'
import { faultyFs } from '#setup/faulty-fs'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const plant = (id: number, status = 'available') => ({ id, name: `p${id}`, tags: [], status, createdAt: 'a', updatedAt: 'a' })
const line = (nextId: number, ...plants: object[]) => JSON.stringify({ nextId, plants }) + '\n'

describe('journalLine', () => {
  const entry = (seq: number) => ({ seq, type: 'plant.updated' as const, plantId: 1, at: '2026-01-01T00:00:00.000Z', by: 'ui', changes: {} })
  const record = (id: number) => ({ ...plant(id), status: 'sold' as const, version: 2 })
  const key = { by: 'owner', key: 'k', fingerprint: 'f', at: '2026-01-01T00:00:00.000Z', plant: record(1) }
  it.each<[string, JournalEntry]>([
    ['plants only', { nextId: 3, plants: [record(1), record(2)] }],
    ['plants and change log entries', { nextId: 2, plants: [record(1)], history: [entry(7), entry(8)] }],
    ['keys and entries', { nextId: 2, plants: [record(1)], keys: [key], history: [entry(9)] }],
    ['nothing but entries', { nextId: 1, plants: [], history: [entry(10)] }]
  ])('is exactly JSON.stringify of the entry (%s), so replay reads what it always read', (_label, journalEntry) => {
    expect(journalLine(journalEntry)).toBe(JSON.stringify(journalEntry))
    expect(parseJournal('j', journalLine(journalEntry) + '\n')).toEqual([journalEntry])
  })
})

describe('parseJournal', () => {
  it('reads one entry per line', () => {
    expect(parseJournal('j', line(2, plant(1)) + line(3, plant(2)))).toHaveLength(2)
  })

  it.each([
    ['a cut-off line', line(2, plant(1)) + '{"nextId":3,"pla'],
    ['NUL bytes after a power cut', line(2, plant(1)) + '\0\0\0\0\0\0']
  ])('drops %s at the end (never acknowledged)', (_label, text) => {
    expect(parseJournal('j', text)).toHaveLength(1)
  })

  // A complete (newline-terminated) last line that does not validate used to be dropped as torn; now it is refused.
  it.each([
    ['an invalid record', '{"nextId":3,"plants":[{"id":2}]}\n'],
    ['text that is not JSON', '{"nextId":3,"plants":[]]\n'],
    ['a nextId beyond the highest id', line(2 ** 53 - 1, plant(2))],
    ['a record of a caller without its kind', '{"nextId":3,"plants":[],"records":[{"total":12}]}\n'],
    [
      'a stock movement with an unknown reason',
      JSON.stringify({
        nextId: 3,
        plants: [],
        history: [{ seq: 1, type: 'plant.updated', plantId: 1, at: '2026-11-24T10:00:00.000Z', by: 'ui', stock: { reason: 'stolen', change: -1 } }]
      }) + '\n'
    ]
  ])('refuses %s on a complete last line, naming the file and the line', (_label, last) => {
    expect(() => parseJournal('journal-000001.jsonl', line(2, plant(1)) + last)).toThrow(/journal-000001\.jsonl: line 2 of the journal .*complete/)
  })

  it('reads the records a caller saved with its changes (a sale with its movements), leaving them to the caller', () => {
    const text = '{"nextId":2,"plants":[],"records":[{"kind":"sale","total":12.5}]}\n'
    expect(parseJournal('j', text)[0]!.records).toEqual([{ kind: 'sale', total: 12.5 }])
  })

  it('reports the byte count of the unfinished fragment it drops', () => {
    expect(readJournal('j', line(2, plant(1)) + '{"nextId":3,"plé')).toMatchObject({ tornBytes: 17 })
    expect(readJournal('j', line(2, plant(1))).tornBytes).toBe(0)
  })

  it('refuses damage followed by more lines', () => {
    expect(() => parseJournal('journal-000001.jsonl', line(2, plant(1)) + 'garbage\n' + line(3, plant(2)))).toThrow(DataFileError)
    expect(() => parseJournal('j', 'garbage\n' + line(3, plant(2)))).toThrow(/line 1 of the journal is not valid JSON/)
  })
})

describe('Journal', () => {
  it('appends durable lines and cuts off a failed append', async () => {
    const dir = await makeTempDir()
    const { fs, faults } = faultyFs()
    const journal = await Journal.create(dir, 1, fs)
    await journal.append({ nextId: 2, plants: [plant(1) as never] })
    faults.failWith = 'ENOSPC'
    await expect(journal.append({ nextId: 3, plants: [plant(2) as never] })).rejects.toThrow('ENOSPC')
    expect(journal.broken).toBe(true)
    await journal.close()
    expect(parseJournal('j', await readFile(path.join(dir, journalFileName(1)), 'utf8'))).toHaveLength(1)
  })
})

describe('the store with its journal', () => {
  it('replays journal entries written after the snapshot at the next open (as after a crash)', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), JSON.stringify({ version: 1, nextId: 2, journalGen: 3, plants: [plant(1)] }))
    await writeFile(path.join(dir, journalFileName(2)), line(9, plant(8))) // older than the snapshot: ignored
    await writeFile(path.join(dir, journalFileName(3)), line(3, plant(1, 'sold'), plant(2)) + line(4, plant(3)))
    await writeFile(path.join(dir, journalFileName(4)), line(5, plant(4)) + '{"torn')
    const store = await ShopStore.open({ dir })
    expect(store.find().map((p) => `${p.id}:${p.status}`)).toEqual(['1:sold', '2:available', '3:available', '4:available'])
    expect((await store.add({ name: 'next' }, CLI_ACTOR)).id).toBe(5)
    await store.close()
    // A clean close folds everything into plants.json and removes the journals.
    const data = JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8'))
    expect(data.plants.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5])
    expect((await readdir(dir)).filter((name) => name.startsWith('journal-'))).toEqual([])
  })

  it('folds the journal into plants.json in the background once it is quiet', async () => {
    const { store, dir } = await openTestStore({ checkpointIdleMs: 20 })
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    const onDisk = async () => ({
      names: JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8')).plants.map((p: { name: string }) => p.name),
      journals: (await readdir(dir)).filter((name) => name.startsWith('journal-')).length
    })
    await expect.poll(onDisk).toEqual({ names: ['Fern'], journals: 1 }) // the folded plant, and the new, empty journal
  })

  it('keeps serving and loses nothing while a checkpoint runs under load', async () => {
    const { store, dir } = await openTestStore({ checkpointBytes: 2000 })
    const added = await Promise.all(Array.from({ length: 300 }, (_, i) => store.add({ name: `p${i}` }, CLI_ACTOR)))
    await store.checkpoint()
    await Promise.all(added.slice(0, 100).map((p) => store.update({ id: p.id, status: 'sold' }, CLI_ACTOR)))
    const onDisk = (await readCatalogue(dir))!.data
    expect(onDisk.plants).toHaveLength(300)
    expect(onDisk.plants.filter((p) => p.status === 'sold')).toHaveLength(100)
  })

  it('continues in a new journal after a failed append, and replays both', async () => {
    const { fs, faults } = faultyFs()
    const { store, dir } = await openTestStore({ fs, checkpointIdleMs: 60_000 })
    await store.add({ name: 'a' }, CLI_ACTOR)
    faults.failWith = 'EIO'
    await expect(store.add({ name: 'lost' }, CLI_ACTOR)).rejects.toThrow(/not saved|could not be written/)
    faults.failWith = undefined
    await store.add({ name: 'b' }, CLI_ACTOR)
    // Read as a crash would leave it (no clean close).
    const onDisk = (await readCatalogue(dir))!
    expect(onDisk.data.plants.map((p) => p.name)).toEqual(['a', 'b'])
    expect(onDisk.replayed.length).toBe(2)
  })
})

describe('a failed append whose bytes reached the disk anyway', () => {
  it('is never replayed: the next journal records where the old one ends', async () => {
    const { fs, faults } = faultyFs()
    const { store, dir } = await openTestStore({ fs, checkpointIdleMs: 60_000 })
    await store.add({ name: 'saved' }, CLI_ACTOR)
    faults.failWith = 'EIO'
    faults.only = ['datasync', 'truncate'] // the line is written, but neither flushed nor cut off
    await expect(store.add({ name: 'answered 503' }, CLI_ACTOR)).rejects.toThrow(/EIO/)
    faults.failWith = undefined
    await store.add({ name: 'after' }, CLI_ACTOR)
    const files = (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort()
    expect(await readFile(path.join(dir, files[0]!), 'utf8')).toContain('answered 503') // the bytes are there…
    const onDisk = (await readCatalogue(dir))!.data
    expect(onDisk.plants.map((p) => p.name)).toEqual(['saved', 'after']) // …but a start would not replay them
  })
})

describe('reading the catalogue while a server checkpoints', () => {
  it('reads again when a listed journal vanishes (a checkpoint removed it)', async () => {
    const { store, dir } = await openTestStore({ checkpointIdleMs: 60_000 })
    await store.add({ name: 'in the journal' }, CLI_ACTOR)
    const { fs } = faultyFs()
    let vanished = false
    const racing = {
      ...fs,
      readFile: async (file: string, encoding: 'utf8') => {
        if (!vanished && file.includes('journal-')) {
          vanished = true
          await store.checkpoint() // folds the journal into plants.json and deletes it, right under the reader
        }
        return fs.readFile(file, encoding)
      }
    }
    const read = (await readCatalogue(dir, racing))!
    expect(vanished).toBe(true)
    expect(read.data.plants.map((p) => p.name)).toEqual(['in the journal'])
  })
})
