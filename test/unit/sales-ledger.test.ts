/**
 * The sales ledger on real files: read at its first use, not at a start; a torn last line of sales.jsonl cut off; a
 * restore that keeps the sales only a crashed journal held.
 */
import { appendFile, copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { CLI_ACTOR, backUpNow, restoreFromBackup } from '#store'
import { ShopStore } from '#store/shop-store'
import { SALES_FILE_NAME } from '#store/sales/sales-ledger'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'

const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }

async function shop(dir: string): Promise<ShopStore> {
  const store = await ShopStore.open({ dir })
  if (store.size === 0) await store.add({ name: 'Basil', price: 1, quantity: 100 }, CLI_ACTOR)
  return store
}

describe('the sales ledger', () => {
  it('cuts off a torn last line of sales.jsonl (an append cut short) and goes on from the sales it holds', async () => {
    const dir = await makeTempDir()
    let store = await shop(dir)
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    await store.close() // folded: sale 1 is in sales.jsonl
    await appendFile(path.join(dir, SALES_FILE_NAME), '{"kind":"sale","rece')
    store = await shop(dir)
    expect((await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)).sale.receipt).toBe(2)
    await store.close()
    const lines = (await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')).split('\n')
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as { receipt: number }).receipt)).toEqual([1, 2])
  })

  it('leaves sales.jsonl unread at a start (a year of sales does not slow it): the first sale reads it, once', async () => {
    const dir = await makeTempDir()
    let store = await shop(dir)
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    await store.close() // folded: sale 1 is in sales.jsonl
    const file = path.join(dir, SALES_FILE_NAME)
    await appendFile(file, '{"kind":"sale","rece') // a torn last line: the read that cuts it off shows when the file is read
    const torn = await readFile(file, 'utf8')
    store = await shop(dir)
    try {
      expect(await readFile(file, 'utf8'), 'read at the start').toBe(torn)
      expect(() => store.ledger.sales).toThrow(/read on first use/)
      expect((await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)).sale.receipt).toBe(2)
      expect(store.ledger.sales.map((kept) => kept.receipt)).toEqual([1, 2])
    } finally {
      await store.close()
    }
  })

  it('reads a ledger of many megabytes slice by slice, every line once, names with characters of several bytes included', async () => {
    const dir = await makeTempDir()
    await (await shop(dir)).close()
    const name = 'Monstera “Thai Constellation” 🌿 '.repeat(40) // ~1.3 KB a line: slices end mid-file, never mid-line
    const lines = Array.from({ length: 4000 }, (_, index) =>
      JSON.stringify({ kind: 'sale', receipt: index + 1, at: '2026-11-25T10:00:00.000Z', day: 1, lines: [{ name }] })
    )
    await writeFile(path.join(dir, SALES_FILE_NAME), lines.join('\n') + '\n')
    const store = await shop(dir)
    try {
      await store.ledger.load()
      expect(store.ledger.sales.map((kept) => kept.receipt)).toEqual(Array.from({ length: 4000 }, (_, index) => index + 1))
      expect(store.ledger.sales.every((kept) => kept.lines[0]!.name === name)).toBe(true)
      expect(store.ledger.next('sale')).toBe(4001)
    } finally {
      await store.close()
    }
  })

  it('appends each sale to sales.jsonl exactly once while checkpoints fold the journal under a stream of sales', async () => {
    const { store, dir } = await openTestStore({ checkpointBytes: 1 }) // a checkpoint after every saved batch
    await store.add({ name: 'Basil', price: 1, quantity: 1000 }, CLI_ACTOR)
    const client = async () => {
      for (let i = 0; i < 15; i++) await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    }
    await Promise.all([client(), client(), client(), client()]) // batch after batch, each saved while a checkpoint may be flushing
    await store.close()
    const lines = (await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')).trim().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { receipt: number }).receipt)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1))
  })

  it('keeps through a restore the sales that only the journals it sets aside held', async () => {
    const dir = await makeTempDir()
    const store = await shop(dir)
    const backup = (await backUpNow(dir))!.file
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    // The folder as a crash would leave it: the sale in the journal only.
    const journals = (await readdir(dir)).filter((name) => name.startsWith('journal-'))
    const saved = await makeTempDir()
    for (const name of journals) await copyFile(path.join(dir, name), path.join(saved, name))
    await store.close()
    await rm(path.join(dir, SALES_FILE_NAME))
    for (const name of journals) await copyFile(path.join(saved, name), path.join(dir, name))
    await restoreFromBackup(dir, backup)
    const restored = await ShopStore.open({ dir })
    try {
      await restored.ledger.load()
      expect(restored.ledger.sales.map((kept) => kept.receipt)).toEqual([1])
      expect(restored.ledger.next('sale')).toBe(2)
    } finally {
      await restored.close()
    }
  })
})
