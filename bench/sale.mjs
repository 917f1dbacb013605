#!/usr/bin/env node
/**
 * Sale rows of the bench, against the real built server (`plant-store serve`) on a temporary data folder of
 * `plants` plants, the first 1,000 of them kept in stock with a price:
 *   - completing a sale of a 10-line basket (POST /v3/sales: priced, paid, one journal line with the sale record and
 *     its ten stock movements) against its yardstick in the same run, the same ten lines sold as one bulk stock call
 *     (POST /v3/plant/bulk/stock), one request at a time and in turn, so a busy machine's drift falls on both alike:
 *     median and p99 of each, their ratio, and the journal lines (fsyncs) each wrote per call
 *   - the X report (GET /v3/days/current) over a day of `sales` sales already in the ledger (seeded into sales.jsonl
 *     before the start), against a single sale's read (GET /v3/sales/1) in the same run
 *
 *   node bench/sale.mjs [--plants 10000] [--sales 100000] [--rounds 5]   (run by `npm run bench` too)
 */
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { journalLines, linesAdded, median } from './lib/journal-lines.mjs'
import { startServe } from './lib/serve.mjs'

const TOKEN = 'bench-sale-token-0123456789abcdefghijklmnopq'
/** Calls of each kind per round, one at a time. */
const SINGLES = 100
const STOCKED = 1000
const BASKET = 10

async function send(baseUrl, method, route, body, type = 'application/json') {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': type }) },
    body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body
  })
  const answer = await response.json()
  if (response.status >= 300) throw new Error(`${method} ${route} answered ${response.status}: ${answer.detail}`)
  return answer
}

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]

/** A ledger file of `count` one-line cash sales of day 1, as the server keeps them (src-main/store/sales/sales-ledger.ts). */
function seededSales(count) {
  const at = new Date().toISOString()
  const rate = { id: 'reduced', name: 'Plants 7%', percent: 7 }
  const lines = []
  for (let receipt = 1; receipt <= count; receipt++) {
    const line = {
      plantId: 1 + (receipt % STOCKED),
      name: 'Plant',
      quantity: 1,
      unitPrice: 450,
      discount: 0,
      basketDiscount: 0,
      taxRate: rate,
      total: 450,
      tax: 29
    }
    const totals = {
      gross: 450,
      discounts: 0,
      tax: 29,
      net: 450,
      taxRates: [{ rateId: 'reduced', name: 'Plants 7%', percent: 7, base: 421, tax: 29 }]
    }
    lines.push(
      JSON.stringify({
        kind: 'sale',
        receipt,
        at,
        till: 'ui',
        day: 1,
        pricesIncludeTax: true,
        lines: [line],
        totals,
        payments: [{ method: 'cash', amount: 450 }],
        change: 0
      })
    )
  }
  return lines.join('\n') + '\n'
}

export async function benchSale({ plants = 10_000, sales = 100_000, rounds = 5 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-sale-'))
  const dataDir = path.join(dir, 'data')
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await writeFile(path.join(dataDir, 'sales.jsonl'), seededSales(sales), { mode: 0o600 })
  const { child, baseUrl } = await startServe(dataDir, TOKEN)
  try {
    const rows = Array.from({ length: plants }, (_, i) => `Plant ${i},available,${i < STOCKED ? `1000000,4.50` : ','}`)
    await send(baseUrl, 'POST', '/import', `name,status,quantity,price\n${rows.join('\n')}\n`, 'text/csv')
    await send(baseUrl, 'PUT', '/settings/sales', {
      pricesIncludeTax: true,
      taxRates: [{ id: 'reduced', name: 'Plants 7%', percent: 7 }],
      defaultTaxRate: 'reduced'
    })
    const sale = { times: [], lines: 0, calls: 0 }
    const bulk = { times: [], lines: 0, calls: 0 }
    const report = { times: [] }
    const read = { times: [] }
    const basketOf = (i) => Array.from({ length: BASKET }, (_, n) => 1 + ((i * BASKET + n) % STOCKED))
    const time = async (result, call) => {
      const before = await journalLines(dataDir)
      const start = performance.now()
      await call()
      result.times.push(performance.now() - start)
      result.lines += linesAdded(before, await journalLines(dataDir))
      result.calls++
    }
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < SINGLES; i++) {
        const ids = basketOf(round * SINGLES + i)
        const lines = ids.map((plantId) => ({ plantId, quantity: 1 }))
        const order = [
          [sale, () => send(baseUrl, 'POST', '/sales', { lines, payments: [{ method: 'card', amount: BASKET * 450 }] })],
          [bulk, () => send(baseUrl, 'POST', '/plant/bulk/stock', { movements: ids.map((id) => ({ id, change: -1, reason: 'sold' })) })]
        ]
        for (const [result, call] of i % 2 ? order.reverse() : order) await time(result, call)
      }
      for (let i = 0; i < 10; i++) {
        let start = performance.now()
        await send(baseUrl, 'GET', '/days/current')
        report.times.push(performance.now() - start)
        start = performance.now()
        await send(baseUrl, 'GET', '/sales/1')
        read.times.push(performance.now() - start)
      }
    }
    return {
      plants,
      basket: BASKET,
      sale: { ms: median(sale.times), p99: p99(sale.times), fsyncsPerCall: sale.lines / sale.calls },
      bulkSale: { ms: median(bulk.times), p99: p99(bulk.times), fsyncsPerCall: bulk.lines / bulk.calls },
      saleOverBulk: median(sale.times) / median(bulk.times),
      xReport: { sales, ms: median(report.times), p99: p99(report.times) },
      saleRead: { ms: median(read.times) },
      xReportOverRead: median(report.times) / median(read.times)
    }
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(0))

/** The rows as a Markdown table. */
export function saleMarkdown(result) {
  const { sale, bulkSale, saleOverBulk, xReport, saleRead, xReportOverRead, plants, basket } = result
  return [
    `| sales (${plants / 1000}k catalogue) | median | p99 | journal lines (fsyncs) per call | goal |`,
    '|---|---:|---:|---:|---|',
    `| complete a sale of a ${basket}-line basket (POST /sales), one at a time | ${ms(sale.ms)} ms | ${ms(sale.p99)} ms | ${sale.fsyncsPerCall.toFixed(2)} | ≤ 20 ms p99, 1 fsync |`,
    `| the same ${basket} lines as one bulk stock sale (POST /plant/bulk/stock) | ${ms(bulkSale.ms)} ms | ${ms(bulkSale.p99)} ms | ${bulkSale.fsyncsPerCall.toFixed(2)} | (the yardstick) |`,
    `| sale ÷ bulk stock sale, same run | ${saleOverBulk.toFixed(2)}× | – | – | – |`,
    `| X report over ${xReport.sales.toLocaleString('en')} sales of the day (GET /days/current) | ${ms(xReport.ms)} ms | ${ms(xReport.p99)} ms | 0 | ≤ 200 ms |`,
    `| one sale read (GET /sales/1) | ${ms(saleRead.ms)} ms | – | 0 | (the yardstick) |`,
    `| X report ÷ sale read, same run | ${xReportOverRead.toFixed(1)}× | – | – | – |`
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({
    options: { plants: { type: 'string', default: '10000' }, sales: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '5' } }
  })
  const result = await benchSale({ plants: Number(args.plants), sales: Number(args.sales), rounds: Number(args.rounds) })
  process.stdout.write(`${saleMarkdown(result)}\n`)
}
