/** Refunds over HTTP: money back by share of the line, restocking or not, bounded by what was sold over all refunds, idempotent. */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import type { Refund, Sale } from '#shared/sale'
import { createTestApp, type TestApp } from '#setup/in-process'

const reduced = { id: 'reduced', name: 'Plants 7%', percent: 7 }

/** A shop with 10 basil at 3.99 (7% included) and a single fern at 12.50, and receipt 1 selling 3 basil and the fern. */
async function soldBasket(): Promise<{ app: TestApp; sale: Sale; basil: number; fern: number }> {
  const app = await createTestApp()
  await app.call('PUT', '/v3/settings/sales', { pricesIncludeTax: true, taxRates: [reduced], defaultTaxRate: 'reduced' })
  const basil = ((await (await app.call('POST', '/v3/plant', { name: 'Basil', price: 3.99, quantity: 10 })).json()) as { id: number }).id
  const fern = ((await (await app.call('POST', '/v3/plant', { name: 'Fern', price: 12.5 })).json()) as { id: number }).id
  const response = await app.call('POST', '/v3/sales', {
    lines: [
      { plantId: basil, quantity: 3 },
      { plantId: fern, quantity: 1 }
    ],
    payments: [{ method: 'card', amount: 2447 }]
  })
  expect(response.status).toBe(201)
  return { app, sale: (await response.json()) as Sale, basil, fern }
}

const refund = (app: TestApp, receipt: number, body: unknown, headers?: Record<string, string>) =>
  app.call('POST', `/v3/sales/${receipt}/refunds`, body, headers)
const plant = async (app: TestApp, id: number) => (await (await app.call('GET', `/v3/plant/${id}`)).json()) as { quantity?: number; status: string }

describe('a refund', () => {
  it('gives back the lines asked, restocking what goes back and not a plant that died, in one journal line', async () => {
    const { app, basil, fern } = await soldBasket()
    const journal = async () => {
      const names = (await readdir(app.dir)).filter((name) => name.startsWith('journal-')).sort()
      return (await Promise.all(names.map((name) => readFile(path.join(app.dir, name), 'utf8')))).join('').split('\n')
    }
    const before = (await journal()).length
    const response = await refund(app, 1, {
      lines: [
        { line: 1, quantity: 1, restock: true },
        { line: 2, quantity: 1, restock: false }
      ],
      reason: 'fern died, basil not wanted'
    })
    expect(response.status).toBe(201)
    const made = (await response.json()) as Refund
    // A third of 11.97 (tax 0.78): 3.99 with 0.26; the fern: all of 12.50 with its 0.82.
    expect(made).toMatchObject({
      refund: 1,
      receipt: 1,
      till: 'ui',
      day: 1,
      reason: 'fern died, basil not wanted',
      lines: [
        { line: 1, plantId: basil, name: 'Basil', quantity: 1, restock: true, total: 399, tax: 26, taxRate: reduced },
        { line: 2, plantId: fern, name: 'Fern', quantity: 1, restock: false, total: 1250, tax: 82, taxRate: reduced }
      ],
      total: 1649,
      tax: 108,
      taxRates: [{ rateId: 'reduced', name: 'Plants 7%', percent: 7, base: 1541, tax: 108 }],
      payments: [{ method: 'card', amount: 1649 }]
    })
    expect(await plant(app, basil)).toMatchObject({ quantity: 8 })
    expect(await plant(app, fern)).toMatchObject({ status: 'sold' })
    const lines = await journal()
    expect(lines.length - before).toBe(1)
    const line = JSON.parse(lines.at(-2)!) as { history: { stock: unknown }[]; records: { kind: string }[] }
    expect(line.history.map((entry) => entry.stock)).toEqual([{ reason: 'returned', change: 1, note: 'refund 1 of receipt 1' }])
    expect(line.records).toMatchObject([{ kind: 'refund', refund: 1, receipt: 1 }])
    expect(await (await app.call('GET', '/v3/sales/1/refunds')).json()).toEqual({ refunds: [made] })
  })

  it('never gives back more than was sold over all refunds, and the last pots take what is left to the cent', async () => {
    const { app, sale } = await soldBasket()
    const one = async (quantity: number) => refund(app, 1, { lines: [{ line: 1, quantity, restock: true }], reason: 'changed mind' })
    expect((await one(2)).status).toBe(201)
    const beyond = await one(2)
    expect(beyond.status).toBe(409)
    const problem = (await beyond.json()) as { type: string; errors: { field: string; message: string }[] }
    expect(problem.type).toBe(PROBLEM_TYPES.refundBeyondSale)
    expect(problem.errors).toEqual([{ field: 'lines[0].quantity', message: 'line 1 sold 3 of "Basil" and 1 of them are left to refund' }])
    expect((await one(1)).status).toBe(201)
    expect((await one(1)).status).toBe(409)
    const refunds = ((await (await app.call('GET', '/v3/sales/1/refunds')).json()) as { refunds: Refund[] }).refunds
    expect(refunds.map((made) => made.total)).toEqual([798, 399])
    expect(refunds.reduce((sum, made) => sum + made.total, 0)).toBe(sale.lines[0]!.total)
    expect(refunds.reduce((sum, made) => sum + made.tax, 0)).toBe(sale.lines[0]!.tax)
    // The same line twice in one refund counts both.
    const twice = await refund(app, 1, {
      lines: [
        { line: 2, quantity: 1, restock: false },
        { line: 2, quantity: 1, restock: false }
      ],
      reason: 'x'
    })
    expect(twice.status).toBe(409)
  })

  it('refuses an unknown receipt (404), a line the sale lacks and payments that do not add up (400), changing nothing', async () => {
    const { app, basil } = await soldBasket()
    expect((await refund(app, 2, { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'x' })).status).toBe(404)
    const noLine = await refund(app, 1, { lines: [{ line: 3, quantity: 1, restock: true }], reason: 'x' })
    expect(noLine.status).toBe(400)
    expect(((await noLine.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['lines[0].line'])
    const short = await refund(app, 1, { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'x', payments: [{ method: 'cash', amount: 100 }] })
    expect(short.status).toBe(400)
    expect((await refund(app, 1, { lines: [{ line: 1, quantity: 1, restock: true }] })).status).toBe(400) // no reason
    expect(await plant(app, basil)).toMatchObject({ quantity: 7 })
    expect(await (await app.call('GET', '/v3/sales/1/refunds')).json()).toEqual({ refunds: [] })
  })

  it('answers a retry with the same Idempotency-Key with the first refund and restocks once', async () => {
    const { app, basil } = await soldBasket()
    const body = { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'changed mind', payments: [{ method: 'cash', amount: 399 }] }
    const key = { 'idempotency-key': '"refund-1"' }
    const first = (await (await refund(app, 1, body, key)).json()) as Refund
    const again = await refund(app, 1, body, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(first)
    expect(await plant(app, basil)).toMatchObject({ quantity: 8 })
  })
})
