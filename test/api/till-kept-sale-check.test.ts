/**
 * A paired till whose main computer is away checks a sale before keeping it, by the main computer's own rules on the
 * till's read copy of the sales settings and plant prices: a sale the main computer would surely refuse (paid short,
 * a plant it has not, a line without a price) is refused at once with the same problem and status, and a correct one
 * is still kept (202). What the till cannot judge is kept for the main computer to judge. The main computer here is
 * the real app over a real store; the till is its real app, sales and read copy, reaching it in-process.
 */
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { PinnedClient } from '#lib/pinned-tls'
import { AccessPolicy } from '#server/security/access-policy'
import { problem } from '#server/problems/problems'
import { PROBLEM_TYPES } from '#shared/problem'
import { TillOutbox } from '#till/outbox'
import type { TillPairing } from '#till/pairing'
import { TillReadCache } from '#till/routes/offline-reads'
import { tillSales } from '#till/sales'
import { createTillApp } from '#till/till-app'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

const TILL_TOKEN = 'till-local-check-token-0123456789abcdefghij'
const PAIRING: TillPairing = { origin: 'https://192.0.2.1:7421', certificate: '', fingerprint: '', till: 'door', token: '', pairedAt: '' }

/** Prices exclude tax and every plant takes 19%: a till that forgot the tax would take 100.00 for a 119.00 plant. */
const TAX_ADDED = { pricesIncludeTax: false, taxRates: [{ id: 'standard', name: 'Standard 19%', percent: 19 }], defaultTaxRate: 'standard' }

const cash = (amount: number, lines: unknown[]) => ({ lines, payments: [{ method: 'cash', amount }] })

/** A till paired with `main`, which is there until `away()` is called. */
async function tillOf(main: TestApp) {
  let away = false
  // The till's own token on the main computer: only a paired till may send it the sales it kept.
  const tillToken = (await main.namedTokens.add(`till-${Math.random().toString(36).slice(2, 8)}`, 'read-write', 'till'))!.token
  const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
  const client: PinnedClient = {
    async request(init) {
      if (away) throw unreachable()
      const { host: _host, ...headers } = init.headers
      const answer = await main.call(init.method, init.path, init.body as string, { ...headers, authorization: `Bearer ${tillToken}` })
      const answerHeaders = Object.fromEntries(answer.headers)
      return Object.assign(Readable.from([await answer.text()]), { statusCode: answer.status, headers: answerHeaders }) as unknown as IncomingMessage
    },
    close: () => undefined
  }
  const reads = new TillReadCache()
  const forward = reads.wrap(async (event) => {
    if (away) throw problem('primaryUnreachable', PAIRING.origin, 'ECONNREFUSED')
    return main.call(event.req.method, event.url.pathname + event.url.search)
  })
  const access = new AccessPolicy({ token: () => TILL_TOKEN })
  access.listeningOn(5000)
  const sales = tillSales(PAIRING, client, await TillOutbox.open(await makeTempDir()), undefined, reads)
  const app = createTillApp({ access, forward, sales, setup: { state: () => ({ stage: 'till', primary: PAIRING.origin, till: 'door' }) } })
  const headers = { host: '127.0.0.1:5000', authorization: `Bearer ${TILL_TOKEN}` }
  let keys = 0
  return {
    sales,
    away: () => (away = true),
    back: () => (away = false),
    get: (path: string) => app.request(path, { headers }),
    sell: (sale: unknown) =>
      app.request('/v3/sales', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `"sale-${++keys}"` },
        body: JSON.stringify(sale)
      })
  }
}

/** A shop whose prices exclude tax, with Fern (100.00), Ivy (deleted) and Moss (no price), read by its till. */
async function shopAndTill() {
  const main = await createTestApp()
  expect((await main.call('PUT', '/v3/settings/sales', TAX_ADDED)).status).toBe(200)
  const add = async (plant: object) => ((await (await main.call('POST', '/v3/plant', plant)).json()) as { id: number }).id
  const fern = await add({ name: 'Fern', price: 100 })
  const ivy = await add({ name: 'Ivy', price: 5 })
  const moss = await add({ name: 'Moss' })
  expect((await main.call('DELETE', `/v3/plant/${ivy}`)).status).toBe(204)
  const till = await tillOf(main)
  return { main, till, fern, ivy, moss }
}

/** The problem a refusal answers with: what the UI words it from. */
const problemOf = async (answer: Response) => {
  const { type, status, errors } = (await answer.json()) as { type: string; status: number; errors?: unknown }
  return { type, status, errors }
}

describe('a sale made at a till while its main computer is away (extension)', () => {
  it('is refused at once when paid short, with the problem and status the main computer gives, and nothing is kept', async () => {
    const { main, till, fern } = await shopAndTill()
    expect((await till.get('/v3/settings/sales')).status).toBe(200)
    expect((await till.get(`/v3/plant/${fern}`)).status).toBe(200)
    till.away()
    const short = cash(10000, [{ plantId: fern, quantity: 1 }]) // 100.00 taken for a plant of 119.00 with its tax
    const refused = await till.sell(short)
    expect(refused.status).toBe(409)
    const words = await problemOf(refused)
    expect(words.type).toBe(PROBLEM_TYPES.paymentShort)
    expect(words).toEqual(await problemOf(await main.call('POST', '/v3/sales', short))) // the main computer's own refusal
    expect(till.sales.waiting()).toBe(0)
    till.sales.close()
  })

  it('a correct sale is still kept (202), and sells on the main computer when it is back', async () => {
    const { main, till, fern } = await shopAndTill()
    await till.get('/v3/settings/sales')
    await till.get('/v3/plant')
    till.away()
    const kept = await till.sell(cash(11900, [{ plantId: fern, quantity: 1 }]))
    expect(kept.status).toBe(202)
    expect(till.sales.waiting()).toBe(1)
    till.back()
    till.sales.flush()
    await expect.poll(() => till.sales.waiting()).toBe(0)
    till.sales.close()
    const { sales } = (await (await main.call('GET', '/v3/sales')).json()) as { sales: { totals: { net: number } }[] }
    expect(sales.map((sale) => sale.totals.net)).toEqual([11900])
    expect(till.sales.refused()).toBe(0)
  })

  it('refuses a line without a price, and a plant the main computer surely has not (deleted before the list read), as it would', async () => {
    const { main, till, ivy, moss } = await shopAndTill()
    await till.get('/v3/settings/sales')
    await till.get('/v3/plant') // the whole list: every plant there was then
    till.away()
    const noPrice = cash(100, [{ plantId: moss, quantity: 1 }])
    const gone = cash(595, [{ plantId: ivy, quantity: 1 }])
    for (const [sale, status] of [
      [noPrice, 400],
      [gone, 404]
    ] as const) {
      const refused = await till.sell(sale)
      expect(refused.status).toBe(status)
      expect(await problemOf(refused)).toEqual(await problemOf(await main.call('POST', '/v3/sales', sale)))
    }
    expect(till.sales.waiting()).toBe(0)
    till.sales.close()
  })

  it('keeps what it cannot judge: no sales settings read yet, or a plant it never read (added since)', async () => {
    const { main, till, fern } = await shopAndTill()
    await till.get(`/v3/plant/${fern}`)
    till.away()
    expect((await till.sell(cash(10000, [{ plantId: fern, quantity: 1 }]))).status).toBe(202) // no settings: the main computer judges
    till.sales.close()
    const later = await tillOf(main)
    await later.get('/v3/settings/sales')
    await later.get('/v3/plant')
    const added = ((await (await main.call('POST', '/v3/plant', { name: 'Palm', price: 20 })).json()) as { id: number }).id
    later.away()
    expect((await later.sell(cash(2380, [{ plantId: added, quantity: 1 }]))).status).toBe(202)
    expect(later.sales.waiting()).toBe(1)
    later.sales.close()
  })
})
