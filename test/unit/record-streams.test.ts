/**
 * The store's record streams (store/streams/): the list the store opens is the one backups, their check and restore
 * go through, and a backup keeps the layout its file always had (head, plants, then each stream's list), so a backup
 * made before the streams plugged in restores and one made now restores in older code.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { CLI_ACTOR, DATA_FILE_VERSION, backUpNow, restoreFromBackup } from '#store'
import { ShopStore } from '#store/shop-store'
import { checkBackup } from '#store/backups/check-backup'
import { serializeSnapshot } from '#store/file/snapshot'
import { RECORD_STREAMS, streamKinds } from '#store/streams/record-streams'
import { makeTempDir } from '#setup/temp-dir'

const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }

describe('record streams', () => {
  it('are opened by the store from the one list, each offered by its key', async () => {
    const store = await ShopStore.open({ dir: await makeTempDir() })
    try {
      expect(Object.keys(store.streams)).toEqual(Object.keys(RECORD_STREAMS))
      expect(store.streams.history).toBe(store.history)
      expect(store.streams.ledger).toBe(store.ledger)
    } finally {
      await store.close()
    }
  })

  it('each keep in a backup only a list their check lets in', () => {
    for (const [key, kind] of streamKinds()) {
      if (!kind.checkList) continue
      expect(kind.checkList([{ kind: 'nonsense' }]), key).not.toEqual([])
    }
    expect(() => checkBackup('b.json', { version: DATA_FILE_VERSION, nextId: 1, plants: [], ledger: [{ kind: 'sale' }] })).toThrow(/ledger\[0\]/)
    expect(() => checkBackup('b.json', { version: DATA_FILE_VERSION, nextId: 1, plants: [], orders: [] })).toThrow(/unknown top-level field "orders"/)
  })

  it('write a backup in the layout it always had: head, plants, then the ledger', async () => {
    const dir = await makeTempDir()
    const store = await ShopStore.open({ dir })
    await store.add({ name: 'Basil', price: 1, quantity: 5 }, CLI_ACTOR)
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    const backup = (await backUpNow(dir))!
    await store.close()
    const text = await readFile(backup.file, 'utf8')
    const parsed = JSON.parse(text) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual(['version', 'nextId', 'journalGen', 'nextSeq', 'plants', 'ledger'])
    expect(text).toBe(JSON.stringify(parsed)) // compact, in that order: the bytes an older build wrote
    expect(parsed.nextSeq).toBe(3) // the add and the sale's movement
    expect((parsed.ledger as { kind: string; receipt: number }[]).map(({ kind, receipt }) => [kind, receipt])).toEqual([['sale', 1]])
  })

  it('restore a backup written in the old layout, its sales included', async () => {
    const at = '2026-01-01T09:00:00.000Z'
    const plant = { id: 1, name: 'Basil', tags: [], status: 'available' as const, createdAt: at, updatedAt: at, version: 1, quantity: 4 }
    const ledger = [
      {
        kind: 'sale',
        receipt: 7,
        at,
        till: 'ui',
        day: 1,
        pricesIncludeTax: true,
        lines: [],
        totals: { net: 0, tax: 0, gross: 0 },
        payments: [],
        change: 0
      }
    ]
    const text = await serializeSnapshot({ nextId: 2, journalGen: 1, nextSeq: 5, plants: [plant], lists: [{ key: 'ledger', items: ledger }] })
    expect(text).toBe(JSON.stringify({ version: DATA_FILE_VERSION, nextId: 2, journalGen: 1, nextSeq: 5, plants: [plant], ledger }))
    const file = path.join(await makeTempDir(), 'plants-2026-01-01T09-00-00-000Z.json')
    await writeFile(file, text)
    const dir = path.join(await makeTempDir(), 'data')
    await restoreFromBackup(dir, file)
    const store = await ShopStore.open({ dir })
    try {
      await store.ledger.load()
      expect(store.ledger.sales.map((kept) => kept.receipt)).toEqual([7])
      expect(store.history.nextSeq).toBe(6) // past the backup's, one skipped for the restore's mark
    } finally {
      await store.close()
    }
  })
})
