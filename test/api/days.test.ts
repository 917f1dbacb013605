/** The till's day over HTTP: the X report (sales and refunds once each, net takings), the close (Z report) and the next day. */
import { describe, expect, it } from 'vitest'
import type { DayClose, DayReport } from '#shared/day'
import type { Sale } from '#shared/sale'
import { createTestApp, type TestApp } from '#setup/in-process'

const reduced = { id: 'reduced', name: 'Plants 7%', percent: 7 }

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** A shop that sold 3 basil (11.97: 5.00 cash of 10.00 given, the rest by card) and a discounted fern (cash), then refunded one basil in cash. */
async function tradedDay(app: TestApp): Promise<void> {
  await app.call('PUT', '/v3/settings/sales', { pricesIncludeTax: true, taxRates: [reduced], defaultTaxRate: 'reduced' })
  const basil = (await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Basil', price: 3.99, quantity: 10 }))).id
  const fern = (await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Fern', price: 12.5 }))).id
  const sell = async (body: unknown) => expect((await app.call('POST', '/v3/sales', body)).status).toBe(201)
  await sell({
    lines: [{ plantId: basil, quantity: 3 }],
    payments: [
      { method: 'cash', amount: 500, given: 1000 },
      { method: 'card', amount: 697 }
    ]
  })
  await sell({ lines: [{ plantId: fern, quantity: 1, discount: { amount: 250, reason: 'last one' } }], payments: [{ method: 'cash', amount: 1000 }] })
  const refund = await app.call('POST', '/v3/sales/1/refunds', {
    lines: [{ line: 1, quantity: 1, restock: true }],
    reason: 'x',
    payments: [{ method: 'cash', amount: 399 }]
  })
  expect(refund.status).toBe(201)
}

describe('the day', () => {
  it('X report: counts a sale and its refund once each, and money as net takings by method and tax rate', async () => {
    const app = await createTestApp()
    await tradedDay(app)
    const x = await json<DayReport>(await app.call('GET', '/v3/days/current'))
    expect(x).toEqual({
      day: 1,
      sales: 2,
      refunds: 1,
      gross: 2447,
      discounts: 250,
      refunded: 399,
      net: 2197 - 399,
      // 0.78 (basil) + 0.65 (10.00 fern) − 0.26 (one basil back)
      tax: 78 + 65 - 26,
      taxRates: [{ rateId: 'reduced', name: 'Plants 7%', percent: 7, base: 1798 - 117, tax: 117 }],
      payments: { cash: 500 + 1000 - 399, card: 697, other: 0 },
      openingFloat: 0,
      expectedCash: 1101
    })
  })

  it('Z report: the close numbers the day, counts the cash against the expected, and starts the next day with its float', async () => {
    const app = await createTestApp()
    await tradedDay(app)
    const response = await app.call('POST', '/v3/days/current/close', { counted: 1091, nextFloat: 5000 })
    expect(response.status).toBe(201)
    const z = await json<DayClose>(response)
    expect(z).toMatchObject({
      day: 1,
      till: 'ui',
      counted: 1091,
      difference: -10,
      nextFloat: 5000,
      report: { day: 1, net: 1798, expectedCash: 1101 }
    })
    expect(await json(await app.call('GET', '/v3/days/1'))).toEqual(z)
    const next = await json<DayReport>(await app.call('GET', '/v3/days/current'))
    expect(next).toMatchObject({ day: 2, openedAt: z.closedAt, sales: 0, refunds: 0, net: 0, openingFloat: 5000, expectedCash: 5000 })
    const sold = await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash', amount: 399 }] })
    expect((await json<Sale>(sold)).day).toBe(2)
    expect((await app.call('GET', '/v3/days/2')).status).toBe(404)
    expect((await app.call('POST', '/v3/days/current/close', { counted: -1 })).status).toBe(400)
  })

  it("equals the sales report's takings: a sale and its refund once each, money as net takings", async () => {
    const app = await createTestApp()
    await tradedDay(app)
    const z = await json<DayClose>(await app.call('POST', '/v3/days/current/close', { counted: 1101 }))
    const today = z.closedAt.slice(0, 10)
    const report = await json<{ totals: unknown; takings: unknown; groups: { takings: unknown }[] }>(
      await app.call('GET', `/v3/reports/sales?from=${today}&to=${today}`)
    )
    const { sales, refunds, gross, discounts, refunded, net, tax } = z.report
    expect(report.takings).toEqual({ sales, refunds, gross, discounts, refunded, net, tax })
    expect(report.groups.map((group) => group.takings)).toEqual([report.takings]) // the day's group: the same figures
    expect(report.takings).toMatchObject({ sales: 2, refunds: 1, net: 1798 })
    expect(report.totals).toMatchObject({ sold: 4, returned: 1 }) // the pots, as before
  })

  it('answers a double click on close (the same Idempotency-Key) with the first close, never closing two days', async () => {
    const app = await createTestApp()
    await tradedDay(app)
    const key = { 'idempotency-key': '"close-1"' }
    const [first, second] = await Promise.all([
      app.call('POST', '/v3/days/current/close', { counted: 1101 }, key),
      app.call('POST', '/v3/days/current/close', { counted: 1101 }, key)
    ])
    const again = await app.call('POST', '/v3/days/current/close', { counted: 1101 }, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const days = await Promise.all([first, second, again].map((response) => json<DayClose>(response)))
    expect(days.map((day) => day.day)).toEqual([1, 1, 1])
    expect(await json(await app.call('GET', '/v3/days/current'))).toMatchObject({ day: 2 })
    expect((await app.call('POST', '/v3/days/current/close', { counted: 5 }, key)).status).toBe(422)
  })

  it('closes the day it names once: two tills closing day 1 at once close it and are told so, not an empty day 2', async () => {
    const app = await createTestApp()
    await tradedDay(app)
    const [first, second] = await Promise.all([
      app.call('POST', '/v3/days/current/close', { counted: 1101, day: 1 }, { 'idempotency-key': '"till-1"' }),
      app.call('POST', '/v3/days/current/close', { counted: 1101, day: 1 }, { 'idempotency-key': '"till-2"' })
    ])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    const refused = await json<{ type: string; detail: string }>(first.status === 409 ? first : second)
    expect(refused.type).toBe('urn:plant-store:problem:day-closed-already')
    expect(refused.detail).toMatch(/day 1 is closed already \(its Z report is GET \/v3\/days\/1\); the day now being traded is 2/)
    expect(await json(await app.call('GET', '/v3/days/current'))).toMatchObject({ day: 2 })
    const notStarted = await app.call('POST', '/v3/days/current/close', { counted: 0, day: 99 })
    expect(notStarted.status).toBe(409)
    expect(await json(notStarted)).toMatchObject({
      type: 'urn:plant-store:problem:day-not-started',
      title: 'Not the day being traded',
      detail: expect.stringMatching(/day 99 has not started; the day being traded is 2/),
      errors: [{ field: 'day' }]
    })
    expect((await app.call('POST', '/v3/days/current/close', { counted: 0, day: 0 })).status).toBe(400)
  })

  it('says a day or receipt number in the address is not one in words about that number, not about a plant id', async () => {
    const app = await createTestApp()
    const cases: [path: string, field: string][] = [
      ['/v3/days/abc', 'number'],
      ['/v3/sales/0', 'receipt']
    ]
    for (const [path, field] of cases) {
      const answer = await app.call('GET', path)
      expect(answer.status).toBe(400)
      const detail = (await json<{ detail: string }>(answer)).detail
      expect(detail).toMatch(new RegExp(`^The number in the address is not valid: ${field} must be a whole number from 1`))
      expect(detail).not.toMatch(/plant/)
    }
  })

  it('keeps its numbers across a restart', async () => {
    const app = await createTestApp()
    await tradedDay(app)
    await app.call('POST', '/v3/days/current/close', { counted: 1101 })
    await app.store.close()
    const again = await createTestApp({ dir: app.dir })
    expect(await json(await again.call('GET', '/v3/days/1'))).toMatchObject({ day: 1, difference: 0 })
    expect(await json(await again.call('GET', '/v3/days/current'))).toMatchObject({ day: 2, sales: 0, openingFloat: 0 })
  })
})
