/**
 * Sales across kill -9: clients complete sales of two-line baskets (each with its own Idempotency-Key), the server is
 * killed after a random number of acknowledged sales (never after a guessed time; now and then stopped cleanly, so
 * the ledger is folded into sales.jsonl too), restarted, and so on. Then, as the next start loads it: every
 * acknowledged sale is there under the receipt number it was answered with, receipts run 1, 2, 3, … with no gap and
 * no duplicate, and each sale is whole: every line's stock movement landed with it (each line's quantity is its first
 * quantity minus the pots the saved sales hold, and the change log holds exactly those movements).
 */
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const TOKEN = 'sale-crash-token-0123456789abcdef0123456789'
const LINES = 3
const FIRST_QUANTITY = 100_000
const CLIENTS = 6
const ENOUGH = Number(process.env.PLANT_STORE_SALE_CRASH_SALES ?? 300)
const TIME_CAP_MS = 90_000

/** What the clients were told: the receipt number each acknowledged key got. */
type Acknowledged = Map<string, number>

function post(server: ServeProcess, path: string, body: unknown, key?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, ...(key ? { 'idempotency-key': `"${key}"` } : {}) },
    body: JSON.stringify(body)
  })
}

/** One client: completes sales until the server dies; `acked` is called after every acknowledgement. */
async function client(server: ServeProcess, tag: string, ids: number[], acknowledged: Acknowledged, acked: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    const key = `${tag}-${i}`
    const lines = [...ids]
      .sort(() => Math.random() - 0.5)
      .slice(0, 2)
      .map((plantId) => ({ plantId, quantity: 1 + Math.floor(Math.random() * 3) }))
    const due = lines.reduce((total, line) => total + 100 * line.quantity, 0)
    try {
      const response = await post(server, '/sales', { lines, payments: [{ method: 'cash', amount: due, given: due + 50 }] }, key)
      const answer = (await response.json()) as { receipt: number }
      if (response.status !== 201) throw new Error(`a sale answered ${response.status}: ${JSON.stringify(answer)}`)
      acknowledged.set(key, answer.receipt)
      acked()
    } catch (error) {
      if (error instanceof TypeError) return // connection refused or reset: the server was killed
      throw error
    }
  }
}

describe('sales and kill -9', () => {
  it('leave every acknowledged sale whole under its receipt number, with no gap and no duplicate', { timeout: TIME_CAP_MS + 60_000 }, async () => {
    const dir = await makeTempDir()
    const acknowledged: Acknowledged = new Map()
    let server = await startServe(dir, [], { PLANT_STORE_TOKEN: TOKEN })
    const ids: number[] = []
    for (let line = 0; line < LINES; line++) {
      const response = await post(server, '/plant', { name: `Line ${line}`, quantity: FIRST_QUANTITY, price: 1 })
      ids.push(((await response.json()) as { id: number }).id)
    }
    const started = Date.now()
    let rounds = 0
    while (acknowledged.size < ENOUGH && Date.now() - started < TIME_CAP_MS) {
      if (rounds > 0) server = await startServe(dir, [], { PLANT_STORE_TOKEN: TOKEN })
      const killAfter = 1 + Math.floor(Math.random() * 40)
      let ackedThisRound = 0
      let reachedKillPoint!: () => void
      const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve))
      const acked = () => {
        if (++ackedThisRound === killAfter) reachedKillPoint()
      }
      const clients = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(server, `r${rounds}c${n}`, ids, acknowledged, acked)))
      await Promise.race([killPoint, clients])
      await server.stop(rounds % 4 === 3 ? 'SIGTERM' : 'SIGKILL')
      await clients
      rounds++
    }

    const store = await ShopStore.open({ dir })
    try {
      await store.ledger.load()
      const sales = store.ledger.sales
      expect(
        sales.map((sale) => sale.receipt),
        'receipts in order, from 1, without a gap or a duplicate'
      ).toEqual(sales.map((_, index) => index + 1))
      const byKey = new Map(sales.map((sale) => [sale.key!.key, sale.receipt]))
      const lost = [...acknowledged].filter(([key, receipt]) => byKey.get(key) !== receipt)
      expect(lost, 'acknowledged sales missing, or under another receipt number').toEqual([])
      const sold = new Map<number, number>()
      for (const sale of sales) for (const line of sale.lines) sold.set(line.plantId, (sold.get(line.plantId) ?? 0) + line.quantity)
      const movements = new Map<number, number>()
      for (let since = 0; ;) {
        const page = await store.history.since(since, 1000)
        if (page.length === 0) break
        for (const entry of page)
          if (entry.stock?.reason === 'sold') movements.set(entry.plantId, (movements.get(entry.plantId) ?? 0) - entry.stock.change)
        since = page.at(-1)!.seq
      }
      for (const id of ids) {
        expect(store.get(id)?.quantity, `quantity of line ${id}`).toBe(FIRST_QUANTITY - (sold.get(id) ?? 0))
        expect(movements.get(id) ?? 0, `pots the change log sold of line ${id}`).toBe(sold.get(id) ?? 0)
      }
    } finally {
      await store.close()
    }
    expect(rounds).toBeGreaterThanOrEqual(3)
    expect(acknowledged.size).toBeGreaterThan(30)
  })
})
