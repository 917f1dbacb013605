/**
 * A paired till keeps selling while the primary is gone: 200 sales, the primary killed (SIGKILL) while they are
 * being made and started again later. Every sale arrives once (counted on the primary), in the order sold, none
 * twice and none lost, and the till says how many wait meanwhile. And when the till sold more pots than the primary
 * had meanwhile: nothing is refused or set aside, the line goes below zero and is flagged for a count.
 */
import { access, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OUTBOX_FILE_NAME, REFUSED_FILE_NAME } from '#till/outbox'
import type { Plant } from '#shared/plant'
import type { Sale } from '#shared/sale'
import { setUpPrimary, startPairedTill, startPrimary } from '#setup/tills'
import type { ServeProcess } from '#setup/serve-process'

const SALES = 200

/** A sale of one pot of Fern (1.00; 1,000 pots in stock), paid in cash; `given` tells the sales apart, so their order can be read back. */
const saleBody = (plantId: number, index: number) => ({
  lines: [{ plantId, quantity: 1 }],
  payments: [{ method: 'cash', amount: 100, given: 100 + index }]
})

async function waiting(till: ServeProcess): Promise<number> {
  return ((await (await fetch(`${till.baseUrl}/outbox`, { headers: till.headers() })).json()) as { waiting: number }).waiting
}

/** Adds the line Fern (1.00 a pot, `quantity` pots) on `primary`; resolves with its id. */
async function addFern(primary: ServeProcess, quantity: number): Promise<number> {
  const added = await fetch(`${primary.baseUrl}/plant`, {
    method: 'POST',
    headers: primary.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ name: 'Fern', price: 1, quantity })
  })
  return ((await added.json()) as { id: number }).id
}

describe("a till's outbox of sales", () => {
  it('sells on while the primary is killed and restarted: every sale arrives once, in order', async () => {
    const { primaryDir, tillDir, primary } = await setUpPrimary()
    const till = await startPairedTill(tillDir, primary)
    const id = await addFern(primary, 1000)

    const statuses: number[] = []
    let killing: Promise<unknown> | undefined
    let current = primary
    for (let index = 0; index < SALES; index++) {
      // Killed while the till sells on (not awaited: the next sales race the kill); back some sales later.
      if (index === 50) killing = primary.stop('SIGKILL')
      if (index === 150) {
        await killing
        expect(await waiting(till)).toBeGreaterThan(0)
        current = await startPrimary(primaryDir)
      }
      const sold = await fetch(`${till.baseUrl}/sales`, {
        method: 'POST',
        headers: till.headers({ 'content-type': 'application/json', 'idempotency-key': `"till-sale-${index}"` }),
        body: JSON.stringify(saleBody(id, index))
      })
      statuses.push(sold.status)
    }
    // Sold (201) or kept on the till (202): never refused, while the primary was away or not.
    expect(statuses.filter((status) => status !== 201 && status !== 202)).toEqual([])
    expect(statuses).toContain(202)

    await expect.poll(() => waiting(till), { timeout: 60_000, interval: 200 }).toBe(0)
    const { sales } = (await (await fetch(`${current.baseUrl}/sales`, { headers: current.headers() })).json()) as { sales: Sale[] }
    const fromTill = sales.filter((sale) => sale.till === 'door').sort((a, b) => a.receipt - b.receipt)
    expect(fromTill.map((sale) => sale.payments[0]!.given)).toEqual(Array.from({ length: SALES }, (_, index) => 100 + index))
    expect(await readFile(path.join(tillDir, OUTBOX_FILE_NAME), 'utf8')).toBe('')
  })

  it('sells more pots than the primary has while it is killed: every sale arrives once, the line goes below zero, flagged', async () => {
    const { primaryDir, tillDir, primary } = await setUpPrimary()
    const till = await startPairedTill(tillDir, primary)
    const id = await addFern(primary, 3)
    const sell = (index: number) =>
      fetch(`${till.baseUrl}/sales`, {
        method: 'POST',
        headers: till.headers({ 'content-type': 'application/json', 'idempotency-key': `"short-${index}"` }),
        body: JSON.stringify(saleBody(id, index))
      })

    expect((await sell(0)).status).toBe(201) // sold on the primary itself: 2 left
    await primary.stop('SIGKILL')
    for (let index = 1; index <= 5; index++) expect((await sell(index)).status).toBe(202) // kept: 5 pots, 2 on the shelf
    expect(await waiting(till)).toBe(5)
    const current = await startPrimary(primaryDir)

    await expect.poll(() => waiting(till), { timeout: 60_000, interval: 200 }).toBe(0)
    const { sales } = (await (await fetch(`${current.baseUrl}/sales`, { headers: current.headers() })).json()) as { sales: Sale[] }
    expect(sales.map((sale) => [sale.payments[0]!.given, sale.madeOfflineAt === undefined])).toEqual([
      [100, true],
      [101, false],
      [102, false],
      [103, false],
      [104, false],
      [105, false]
    ])
    const plant = (await (await fetch(`${current.baseUrl}/plant/${id}`, { headers: current.headers() })).json()) as Plant
    expect(plant).toMatchObject({ quantity: -3, status: 'sold', belowZero: { till: 'door', receipt: 4 } })
    const flagged = (await (await fetch(`${current.baseUrl}/stock/below-zero`, { headers: current.headers() })).json()) as { lines: Plant[] }
    expect(flagged.lines.map((line) => line.id)).toEqual([id])
    await expect(access(path.join(tillDir, REFUSED_FILE_NAME))).rejects.toThrow() // nothing set aside
  })
})
