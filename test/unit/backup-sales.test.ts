/**
 * A backup carries the sales ledger (every sale, refund and closed day), whichever way it is made: `plant-store
 * backup`, the backups an open store makes, a copy into the backup folder. Restoring it brings the sales back, onto a
 * new computer too, and the receipt and day numbers go on from the highest ever used, never from 1 again.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { CLI_ACTOR, backUpNow, latestBackup, restoreFromBackup } from '#store'
import { backUpTo } from '#backup-folder/offsite-backup'
import { ShopStore } from '#store/shop-store'
import { SALES_FILE_NAME } from '#store/sales/sales-ledger'
import { makeTempDir } from '#setup/temp-dir'

const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }
const sell = (store: ShopStore) => store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)

/** A shop with `sales` sales, a refund of the first and a closed day; left open, or closed when `close`. */
async function shop(dir: string, sales: number, options: { backupIntervalMs?: number } = {}): Promise<ShopStore> {
  const store = await ShopStore.open({ dir, ...options })
  await store.add({ name: 'Basil', price: 1, quantity: 100 }, CLI_ACTOR)
  for (let i = 0; i < sales; i++) await sell(store)
  await store.refunds.make({ receipt: 1, refund: { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'wilted' } }, CLI_ACTOR)
  await store.days.close({ counted: 0 }, CLI_ACTOR)
  return store
}

/** What the ledger of `dir` holds once opened, and the numbers the next sale and close take. */
async function ledgerOf(dir: string): Promise<{ receipts: number[]; refunds: number[]; days: number[]; nextReceipt: number; nextDay: number }> {
  const store = await ShopStore.open({ dir })
  try {
    await store.ledger.load()
    const { ledger } = store
    return {
      receipts: ledger.sales.map((kept) => kept.receipt),
      refunds: ledger.refunds.map((kept) => kept.refund),
      days: ledger.days.map((kept) => kept.day),
      nextReceipt: (await sell(store)).sale.receipt,
      nextDay: (await store.days.close({ counted: 0 }, CLI_ACTOR)).day.day
    }
  } finally {
    await store.close()
  }
}

const SHOP_OF_THREE = { receipts: [1, 2, 3], refunds: [1], days: [1], nextReceipt: 4, nextDay: 2 }

describe('backups carry the sales ledger', () => {
  it('plant-store backup: a restore onto a new computer brings every sale, refund and day back and goes on from them', async () => {
    const dir = await makeTempDir()
    const store = await shop(dir, 3)
    const backup = (await backUpNow(dir))! // while the store holds the folder, the sales still in its journal
    await store.close()
    const newComputer = path.join(await makeTempDir(), 'data')
    await restoreFromBackup(newComputer, backup.file)
    expect(await ledgerOf(newComputer)).toEqual(SHOP_OF_THREE)
  })

  it('the backups an open store makes hold the sales saved by the time they are written', async () => {
    const dir = await makeTempDir()
    const store = await shop(dir, 3, { backupIntervalMs: 0 }) // a backup after every saved batch
    await store.close() // waits for the backups being written
    const newComputer = path.join(await makeTempDir(), 'data')
    await restoreFromBackup(newComputer, (await latestBackup(dir))!)
    expect(await ledgerOf(newComputer)).toEqual(SHOP_OF_THREE)
  })

  it('a backup into the backup folder (a USB stick) holds them too', async () => {
    const dir = await makeTempDir()
    await (await shop(dir, 3)).close()
    const stick = await makeTempDir()
    const made = (await backUpTo(dir, stick))!
    const newComputer = path.join(await makeTempDir(), 'data')
    await restoreFromBackup(newComputer, made.file)
    expect(await ledgerOf(newComputer)).toEqual(SHOP_OF_THREE)
  })

  it('a restore over a folder that lost sales.jsonl brings the sales back; over one that has more keeps them all, once', async () => {
    const dir = await makeTempDir()
    let store = await shop(dir, 2)
    await store.close()
    const backup = (await backUpNow(dir))!.file
    store = await ShopStore.open({ dir })
    await sell(store) // receipt 3, after the backup
    await store.close()
    await restoreFromBackup(dir, backup)
    expect(await ledgerOf(dir)).toEqual(SHOP_OF_THREE)
    const lines = (await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(4 + 1 + 2) // each record once: sales 1 to 4, the refund, days 1 and 2

    await rm(path.join(dir, SALES_FILE_NAME)) // lost
    await restoreFromBackup(dir, backup)
    expect(await ledgerOf(dir)).toMatchObject({ receipts: [1, 2], nextReceipt: 3 })
  })

  it('refuses, changing nothing, a backup whose sales another till numbered the same', async () => {
    const dir = await makeTempDir()
    await (await shop(dir, 2)).close()
    const other = await makeTempDir()
    await (await shop(other, 2)).close() // the same numbers, other times
    const backup = (await backUpNow(other))!.file
    const before = await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')
    await expect(restoreFromBackup(dir, backup)).rejects.toThrow(/receipt 1 is not the receipt 1 this data folder's sales\.jsonl holds/)
    expect(await readFile(path.join(dir, SALES_FILE_NAME), 'utf8')).toBe(before)
  })

  it('refuses a backup whose ledger holds a record twice or one without its number', async () => {
    const dir = await makeTempDir()
    await (await shop(dir, 2)).close()
    const file = (await backUpNow(dir))!.file
    const backup = JSON.parse(await readFile(file, 'utf8')) as { ledger: { kind: string }[] }
    backup.ledger = [...backup.ledger, backup.ledger[0]!, { kind: 'refund' }]
    await writeFile(file, JSON.stringify(backup))
    await expect(restoreFromBackup(await makeTempDir(), file)).rejects.toThrow(
      /the backup has 2 problems, so nothing was restored: ledger\[4\]: sale 1 is in the ledger twice; ledger\[5\] is not a sale, refund or day record with its number/
    )
  })
})
