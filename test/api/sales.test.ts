/**
 * Completing a sale over HTTP: totals, discounts, tax included and excluded with the rounding rule, split payments and
 * change, refusals that change nothing, the idempotent complete, the receipt sequence gap-free across a restart, and
 * who may sell.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import type { Sale } from '#shared/sale'
import type { SalesSettings } from '#shared/tax'
import { faultyFs } from '#setup/faulty-fs'
import { createTestApp, type TestApp } from '#setup/in-process'

const reduced = { id: 'reduced', name: 'Plants 7%', percent: 7 }
const standard = { id: 'standard', name: 'Standard 19%', percent: 19 }
const TAXED: SalesSettings = {
  pricesIncludeTax: true,
  taxRates: [reduced, standard],
  defaultTaxRate: 'standard',
  categoryTaxRates: { Herbs: 'reduced' }
}

async function shop(settings: SalesSettings = TAXED): Promise<TestApp> {
  const app = await createTestApp()
  expect((await app.call('PUT', '/v3/settings/sales', settings)).status).toBe(200)
  return app
}

/** Adds a plant; resolves with its id. */
async function addPlant(app: TestApp, fields: Record<string, unknown>): Promise<number> {
  const response = await app.call('POST', '/v3/plant', { name: 'Lavender', ...fields })
  expect(response.status).toBe(200)
  return ((await response.json()) as { id: number }).id
}

const sell = (app: TestApp, body: unknown, headers?: Record<string, string>) => app.call('POST', '/v3/sales', body, headers)

async function sold(app: TestApp, body: unknown, headers?: Record<string, string>): Promise<Sale> {
  const response = await sell(app, body, headers)
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as Sale
}

const quantityOf = async (app: TestApp, id: number) =>
  (await (await app.call('GET', `/v3/plant/${id}`)).json()) as { quantity?: number; status: string }

/** Every byte the data folder's journals hold: a refused sale must leave them as they were. */
async function journalBytes(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort()
  return (await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')))).join('')
}

describe('completing a sale', () => {
  it('prices the basket with tax included, rounded per line, and moves the stock in one journal line', async () => {
    const app = await shop()
    const basil = await addPlant(app, { name: 'Basil', category: 'Herbs', price: 3.99, quantity: 10 })
    const fern = await addPlant(app, { name: 'Fern', category: 'Ferns', price: 12.5 })
    const linesBefore = (await journalBytes(app.dir)).split('\n').length
    const sale = await sold(app, {
      lines: [
        { plantId: basil, quantity: 3 },
        { plantId: fern, quantity: 1 }
      ],
      payments: [{ method: 'card', amount: 2447 }]
    })
    expect(sale).toMatchObject({ receipt: 1, till: 'ui', day: 1, pricesIncludeTax: true, change: 0 })
    // 3 × 3.99 = 11.97 holds 11.97 × 7/107 = 0.7831 → 0.78; 12.50 holds 12.50 × 19/119 = 1.9957 → 2.00.
    expect(sale.lines).toEqual([
      { plantId: basil, name: 'Basil', quantity: 3, unitPrice: 399, discount: 0, basketDiscount: 0, taxRate: reduced, total: 1197, tax: 78 },
      { plantId: fern, name: 'Fern', quantity: 1, unitPrice: 1250, discount: 0, basketDiscount: 0, taxRate: standard, total: 1250, tax: 200 }
    ])
    expect(sale.totals).toEqual({
      gross: 2447,
      discounts: 0,
      tax: 278,
      net: 2447,
      taxRates: [
        { rateId: 'reduced', name: 'Plants 7%', percent: 7, base: 1119, tax: 78 },
        { rateId: 'standard', name: 'Standard 19%', percent: 19, base: 1050, tax: 200 }
      ]
    })
    expect(await quantityOf(app, basil)).toMatchObject({ quantity: 7, status: 'available' })
    expect(await quantityOf(app, fern)).toMatchObject({ status: 'sold' })
    const journal = (await journalBytes(app.dir)).split('\n')
    expect(journal.length - linesBefore).toBe(1) // the whole sale: one line
    const line = JSON.parse(journal.at(-2)!) as { plants: unknown[]; history: { stock: unknown }[]; records: { kind: string; receipt: number }[] }
    expect(line.plants).toHaveLength(2)
    expect(line.history.map((entry) => entry.stock)).toEqual([
      { reason: 'sold', change: -3 },
      { reason: 'sold', change: -1 }
    ])
    expect(line.records).toMatchObject([{ kind: 'sale', receipt: 1 }])
    expect(await (await app.call('GET', '/v3/sales/1')).json()).toEqual(sale)
  })

  it('adds tax on top when prices exclude it, a half cent going up', async () => {
    const app = await shop({ ...TAXED, pricesIncludeTax: false })
    const basil = await addPlant(app, { category: 'Herbs', price: 0.5, quantity: 10 })
    const sale = await sold(app, { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 54 }] })
    // 0.50 × 7% = 0.035 → 0.04 (half away from zero), so the customer pays 0.54.
    expect(sale.lines[0]).toMatchObject({ total: 54, tax: 4 })
    expect(sale.totals).toMatchObject({ gross: 50, discounts: 0, tax: 4, net: 54 })
  })

  it("taxes a category named like JavaScript's own members at the default rate, and one spelt in another case at its own", async () => {
    const app = await shop({ ...TAXED, pricesIncludeTax: false })
    for (const category of ['constructor', 'toString', '__proto__']) {
      const plant = await addPlant(app, { category, price: 100, quantity: 1 })
      const sale = await sold(app, { lines: [{ plantId: plant, quantity: 1 }], payments: [{ method: 'card', amount: 11900 }] })
      expect(sale.lines[0]).toMatchObject({ taxRate: standard, total: 11900, tax: 1900 })
    }
    const herbs = await addPlant(app, { category: 'herbs', price: 100, quantity: 1 })
    const sale = await sold(app, { lines: [{ plantId: herbs, quantity: 1 }], payments: [{ method: 'card', amount: 10700 }] })
    expect(sale.lines[0]).toMatchObject({ taxRate: reduced, total: 10700, tax: 700 })
  })

  it('takes line discounts, shares a basket discount over the lines to the cent, and taxes what is left', async () => {
    const app = await shop()
    const a = await addPlant(app, { category: 'Herbs', price: 10, quantity: 5 })
    const b = await addPlant(app, { category: 'Herbs', price: 10, quantity: 5 })
    const c = await addPlant(app, { category: 'Herbs', price: 10, quantity: 5 })
    const sale = await sold(app, {
      lines: [
        { plantId: a, quantity: 1, discount: { amount: 100, reason: 'damaged leaf' } },
        { plantId: b, quantity: 1 },
        { plantId: c, quantity: 1, unitPrice: 900, priceReason: 'price match' }
      ],
      discount: { amount: 100, reason: 'regular customer' },
      payments: [{ method: 'card', amount: 2700 }]
    })
    // Amounts 900, 1000, 900 share 100: 32.14…, 35.71…, 32.14… → 32, 35, 32, and the cent left goes to the largest remainder (b).
    expect(sale.lines.map((line) => [line.unitPrice, line.discount, line.basketDiscount, line.total])).toEqual([
      [1000, 100, 32, 868],
      [1000, 0, 36, 964],
      [900, 0, 32, 868]
    ])
    expect(sale.lines[0]).toMatchObject({ discountReason: 'damaged leaf' })
    expect(sale.lines[2]).toMatchObject({ priceReason: 'price match' })
    expect(sale.basketDiscount).toEqual({ amount: 100, reason: 'regular customer' })
    expect(sale.totals).toMatchObject({ gross: 2900, discounts: 200, net: 2700 })
  })

  it('splits the payment and gives change from the cash given', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const fern = await addPlant(app, { price: 23.5, quantity: 3 })
    const sale = await sold(app, {
      lines: [{ plantId: fern, quantity: 2 }],
      payments: [
        { method: 'card', amount: 2000 },
        { method: 'other', amount: 500 },
        { method: 'cash', amount: 2200, given: 3000 }
      ]
    })
    expect(sale.totals).toMatchObject({ net: 4700, tax: 0, taxRates: [] })
    expect(sale.change).toBe(800)
  })

  it.each([
    ['short', [{ method: 'cash', amount: 400 }], 409, PROBLEM_TYPES.paymentShort, 'payments'],
    ['over', [{ method: 'card', amount: 500 }], 400, PROBLEM_TYPES.invalidInput, 'payments'],
    ['given on a card', [{ method: 'card', amount: 450, given: 500 }], 400, PROBLEM_TYPES.invalidInput, 'payments[0].given'],
    ['given below the amount', [{ method: 'cash', amount: 450, given: 400 }], 400, PROBLEM_TYPES.invalidInput, 'payments[0].given']
  ])('refuses payments %s, naming the field, and changes nothing', async (_case, payments, status, type, field) => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(app, { price: 4.5, quantity: 2 })
    const before = await journalBytes(app.dir)
    const response = await sell(app, { lines: [{ plantId: basil, quantity: 1 }], payments })
    expect(response.status).toBe(status)
    const problem = (await response.json()) as { type: string; errors: { field: string }[]; detail: string }
    expect(problem.type).toBe(type)
    expect(problem.errors.map((error) => error.field)).toEqual([field])
    expect(problem.detail).toMatch(/^The sale was not completed: .*Nothing was changed\.$/)
    expect(await journalBytes(app.dir)).toBe(before)
    expect(await quantityOf(app, basil)).toMatchObject({ quantity: 2 })
    expect((await app.call('GET', '/v3/sales/1')).status).toBe(404)
  })

  it('refuses more pots than on hand (a sale never takes stock below zero) and an unknown plant, selling nothing', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(app, { price: 4.5, quantity: 2 })
    const fern = await addPlant(app, { price: 1 })
    const before = await journalBytes(app.dir)
    const short = await sell(app, {
      lines: [
        { plantId: fern, quantity: 1 },
        { plantId: basil, quantity: 3 }
      ],
      payments: [{ method: 'cash', amount: 1450 }]
    })
    expect(short.status).toBe(409)
    expect(await short.json()).toMatchObject({ type: PROBLEM_TYPES.notEnoughStock, plantId: basil, onHand: 2 })
    const unknown = await sell(app, { lines: [{ plantId: 99, quantity: 1 }], payments: [] })
    expect(unknown.status).toBe(404)
    expect(await journalBytes(app.dir)).toBe(before)
    expect(await quantityOf(app, fern)).toMatchObject({ status: 'available' })
  })

  it('says a single plant has one to sell when more are asked, and sold already only once it is sold', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const fern = await addPlant(app, { name: 'Fern', price: 1 })
    const three = await sell(app, { lines: [{ plantId: fern, quantity: 3 }], payments: [{ method: 'cash', amount: 300 }] })
    expect(three.status).toBe(409)
    const refusal = (await three.json()) as { detail: string; onHand: number }
    expect(refusal.onHand).toBe(1)
    expect(refusal.detail).toContain('there is one of it to sell')
    expect(refusal.detail).not.toContain('sold already')
  })

  it('refuses a plant without a price unless the line gives one with a reason', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const fern = await addPlant(app, {})
    const noPrice = await sell(app, { lines: [{ plantId: fern, quantity: 1 }], payments: [] })
    expect(noPrice.status).toBe(400)
    expect(((await noPrice.json()) as { errors: { field: string }[] }).errors).toEqual([
      { field: 'lines[0].unitPrice', message: expect.stringMatching(/has no price/) }
    ])
    const noReason = await sell(app, { lines: [{ plantId: fern, quantity: 1, unitPrice: 300 }], payments: [] })
    expect(((await noReason.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['lines[0].priceReason'])
    await sold(app, { lines: [{ plantId: fern, quantity: 1, unitPrice: 300, priceReason: 'no label' }], payments: [{ method: 'cash', amount: 300 }] })
  })
})

describe('an idempotent complete', () => {
  it('answers a retry with the same key with the first sale and sells nothing again', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(app, { price: 4.5, quantity: 5 })
    const body = { lines: [{ plantId: basil, quantity: 2 }], payments: [{ method: 'cash', amount: 900, given: 1000 }] }
    const key = { 'idempotency-key': '"basket-1"' }
    const [first, second] = await Promise.all([sell(app, body, key), sell(app, body, key)])
    const third = await sell(app, body, key)
    const answers = (await Promise.all([first, second, third].map((response) => response.json()))) as Sale[]
    expect(answers.map((sale) => sale.receipt)).toEqual([1, 1, 1])
    expect(answers[1]).toEqual(answers[0])
    expect(third.headers.get('idempotent-replayed')).toBe('true')
    expect(await quantityOf(app, basil)).toMatchObject({ quantity: 3 })
    const other = await sell(app, { ...body, payments: [{ method: 'card', amount: 900 }] }, key)
    expect(other.status).toBe(422)
    expect(await quantityOf(app, basil)).toMatchObject({ quantity: 3 })
    expect((await sold(app, body, { 'idempotency-key': '"basket-2"' })).receipt).toBe(2)
  })
})

describe('the receipt sequence', () => {
  it('has no gap across refusals, a checkpoint and a restart, and keeps every sale', async () => {
    const first = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(first, { price: 1, quantity: 100 })
    const body = { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] }
    await sold(first, body)
    expect((await sell(first, { ...body, payments: [] })).status).toBe(409)
    await sold(first, body)
    await first.store.checkpoint() // sales 1 and 2 go to sales.jsonl, the journal is folded away
    await sold(first, body)
    await first.store.close() // sale 3 is in the journal only… then folded on close
    const second = await createTestApp({ dir: first.dir })
    expect((await sold(second, body)).receipt).toBe(4)
    const receipts = await Promise.all(
      [1, 2, 3, 4].map(async (receipt) => ((await (await second.call('GET', `/v3/sales/${receipt}`)).json()) as Sale).receipt)
    )
    expect(receipts).toEqual([1, 2, 3, 4])
    expect(await quantityOf(second, basil)).toMatchObject({ quantity: 96 })
    const file = (await readFile(path.join(first.dir, 'sales.jsonl'), 'utf8')).trim().split('\n')
    expect(file.map((line) => (JSON.parse(line) as Sale).receipt)).toEqual([1, 2, 3])
  })
})

describe('a sale whose write fails', () => {
  it('is answered 503, sells nothing, and gives its receipt number to the next sale', async () => {
    const { fs, faults } = faultyFs()
    const app = await createTestApp({ fs })
    const basil = await addPlant(app, { price: 1, quantity: 10 })
    const body = { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] }
    expect((await sold(app, body)).receipt).toBe(1)
    faults.failWith = 'ENOSPC'
    expect((await sell(app, body)).status).toBe(503)
    faults.failWith = undefined
    expect((await sold(app, body)).receipt).toBe(2)
    expect(await quantityOf(app, basil)).toMatchObject({ quantity: 8 })
    expect((await app.call('GET', '/v3/sales/3')).status).toBe(404)
  })

  it('makes /v3/health say so until a write succeeds: a full disk is not a healthy till', async () => {
    const { fs, faults } = faultyFs()
    const app = await createTestApp({ fs })
    const basil = await addPlant(app, { price: 1, quantity: 10 })
    const body = { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] }
    const health = async () => (await app.call('GET', '/v3/health')).json()
    expect(await health()).toMatchObject({ status: 'ok', problems: [] })
    faults.failWith = 'ENOSPC'
    expect((await sell(app, body)).status).toBe(503)
    expect(await health()).toMatchObject({
      status: 'degraded',
      problems: [{ kind: 'writes-failing', since: expect.any(String), problem: expect.stringMatching(/^Nothing can be saved now: .*disk is full/) }]
    })
    faults.failWith = undefined
    expect((await sold(app, body)).receipt).toBe(1)
    expect(await health()).toMatchObject({ status: 'ok', problems: [] })
  })
})

describe('reading sales', () => {
  it("lists a day's sales; 404 for a receipt no sale has, 400 for a bad day", async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(app, { price: 1, quantity: 10 })
    const sale = await sold(app, { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] })
    const today = sale.at.slice(0, 10)
    expect(await (await app.call('GET', `/v3/sales?day=${today}`)).json()).toEqual({ day: today, sales: [sale], refunds: [] })
    expect(await (await app.call('GET', '/v3/sales?day=2001-01-01')).json()).toEqual({ day: '2001-01-01', sales: [], refunds: [] })
    expect((await app.call('GET', '/v3/sales?day=25.11.2026')).status).toBe(400)
    expect((await app.call('GET', '/v3/sales/2')).status).toBe(404)
    expect((await app.call('GET', '/v3/sales/x')).status).toBe(400)
  })

  it('a read-only token reads sales but may not sell', async () => {
    const app = await shop({ pricesIncludeTax: true, taxRates: [] })
    const basil = await addPlant(app, { price: 1, quantity: 10 })
    await sold(app, { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] })
    const token = ((await (await app.call('POST', '/v3/tokens', { name: 'office', scope: 'read-only' })).json()) as { token: string }).token
    const auth = { authorization: `Bearer ${token}` }
    expect((await app.call('GET', '/v3/sales/1', undefined, auth)).status).toBe(200)
    const refused = await sell(app, { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] }, auth)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { type: string }).type).toBe(PROBLEM_TYPES.readOnlyToken)
    const writer = ((await (await app.call('POST', '/v3/tokens', { name: 'till-2', scope: 'read-write' })).json()) as { token: string }).token
    expect(
      (
        await sold(
          app,
          { lines: [{ plantId: basil, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] },
          { authorization: `Bearer ${writer}` }
        )
      ).till
    ).toBe('till-2')
  })
})
