/** The sales ledger on real files: a torn last line of sales.jsonl cut off, and a restore that keeps the sales only a crashed journal held. */
import { appendFile, copyFile, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { backUpNow, restoreFromBackup } from '#store'
import { PlantStore } from '#store/catalogue/plant-store'
import { SALES_FILE_NAME } from '#store/sales/sales-ledger'
import { makeTempDir } from '#setup/temp-dir'

const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }

async function shop(dir: string): Promise<PlantStore> {
  const store = await PlantStore.open({ dir })
  if (store.size === 0) await store.add({ name: 'Basil', price: 1, quantity: 100 })
  return store
}

describe('the sales ledger', () => {
  it('cuts off a torn last line of sales.jsonl (an append cut short) and goes on from the sales it holds', async () => {
    const dir = await makeTempDir()
    let store = await shop(dir)
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS })
    await store.close() // folded: sale 1 is in sales.jsonl
    await appendFile(path.join(dir, SALES_FILE_NAME), '{"kind":"sale","rece')
    store = await shop(dir)
    expect((await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS })).sale.receipt).toBe(2)
    await store.close()
    const lines = (await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')).split('\n')
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as { receipt: number }).receipt)).toEqual([1, 2])
  })

  it('appends each sale to sales.jsonl exactly once while checkpoints fold the journal under a stream of sales', async () => {
    const dir = await makeTempDir()
    const store = await PlantStore.open({ dir, checkpointBytes: 1 }) // a checkpoint after every saved batch
    await store.add({ name: 'Basil', price: 1, quantity: 1000 })
    const client = async () => {
      for (let i = 0; i < 15; i++) await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS })
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
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS })
    // The folder as a crash would leave it: the sale in the journal only.
    const journals = (await readdir(dir)).filter((name) => name.startsWith('journal-'))
    const saved = await makeTempDir()
    for (const name of journals) await copyFile(path.join(dir, name), path.join(saved, name))
    await store.close()
    await rm(path.join(dir, SALES_FILE_NAME))
    for (const name of journals) await copyFile(path.join(saved, name), path.join(dir, name))
    await restoreFromBackup(dir, backup)
    const restored = await PlantStore.open({ dir })
    try {
      expect(restored.ledger.sales.map((kept) => kept.receipt)).toEqual([1])
      expect(restored.ledger.next('sale')).toBe(2)
    } finally {
      await restored.close()
    }
  })
})
