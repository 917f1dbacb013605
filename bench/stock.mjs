#!/usr/bin/env node
/**
 * Stock rows of the bench, against the real built server (`plant-store serve`) on a temporary data folder of
 * `plants` plants, the first `lines` of them kept in stock:
 *   - a sale of one pot (POST /v3/plant/{id}/stock) against a status update (PUT /v3/plant), one request at a time
 *     so that no two share a batch, a sale and an update in turn (a busy machine's drift falls on both alike): the
 *     median time of each on loopback, their ratio in this same run, and the journal lines (one line = one fsync)
 *     each kind wrote: a sale must cost no more
 *   - a stock-take of `take` lines (POST /v3/plant/bulk/stock, every count different from what is recorded): its
 *     time and the journal lines it wrote; goal one line, ≤ 200 ms; beside it, the yardstick of the same size in the
 *     same run: a bulk status change of those plants (POST /v3/plant/bulk), and the ratio of the two
 *
 *   node bench/stock.mjs [--plants 10000] [--take 5000] [--rounds 5]   (run by `npm run bench` too)
 */
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { journalLines, linesAdded, median } from './lib/journal-lines.mjs'
import { startServe } from './lib/serve.mjs'

const TOKEN = 'bench-stock-token-0123456789abcdefghijklmnop'
/** Requests of each kind per round, one at a time. */
const SINGLES = 200

async function send(baseUrl, method, route, body, type = 'application/json') {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type },
    body: type === 'application/json' ? JSON.stringify(body) : body
  })
  const answer = await response.json()
  if (response.status !== 200) throw new Error(`${method} ${route} answered ${response.status}: ${answer.detail}`)
  return answer
}

/** Times one request made by `request`; adds its time, and the journal lines it wrote, to `result`. */
async function timeOne(dataDir, result, request) {
  const before = await journalLines(dataDir)
  const start = performance.now()
  await request()
  result.times.push(performance.now() - start)
  result.lines += linesAdded(before, await journalLines(dataDir))
  result.requests++
}

export async function benchStock({ plants = 10_000, take = 5000, rounds = 5 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-stock-'))
  const dataDir = path.join(dir, 'data')
  const { child, baseUrl } = await startServe(dataDir, TOKEN)
  try {
    const rows = Array.from({ length: plants }, (_, i) => `Plant ${i},available,${i < take ? 1000 : ''}`)
    await send(baseUrl, 'POST', '/import', `name,status,quantity\n${rows.join('\n')}\n`, 'text/csv')
    const id = (i) => 1 + (i % take)
    const sale = { times: [], lines: 0, requests: 0 }
    const update = { times: [], lines: 0, requests: 0 }
    const stockTake = { times: [], lines: [] }
    const bulk = { times: [], lines: [] }
    const taken = Array.from({ length: take }, (_, i) => i + 1)
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < SINGLES; i++) {
        const order = [
          [sale, () => send(baseUrl, 'POST', `/plant/${id(i)}/stock`, { change: -1, reason: 'sold' })],
          [update, () => send(baseUrl, 'PUT', '/plant', { id: id(i), status: 'available' })]
        ]
        for (const [result, request] of i % 2 ? order.reverse() : order) await timeOne(dataDir, result, request)
      }
      const movements = taken.map((id) => ({ id, count: 2000 + round * 10 + (id % 7), reason: 'counted' }))
      const calls = [
        [stockTake, () => send(baseUrl, 'POST', '/plant/bulk/stock', { movements })],
        [bulk, () => send(baseUrl, 'POST', '/plant/bulk', { ids: taken, changes: { status: round % 2 ? 'pending' : 'available' } })]
      ]
      for (const [result, call] of round % 2 ? calls.reverse() : calls) {
        const before = await journalLines(dataDir)
        const start = performance.now()
        await call()
        result.times.push(performance.now() - start)
        result.lines.push(linesAdded(before, await journalLines(dataDir)))
      }
    }
    const saleMs = median(sale.times)
    const updateMs = median(update.times)
    return {
      plants,
      singles: {
        sale: { ms: saleMs, fsyncsPerCall: sale.lines / sale.requests },
        update: { ms: updateMs, fsyncsPerCall: update.lines / update.requests }
      },
      saleOverUpdate: saleMs / updateMs,
      stockTake: { lines: take, ms: median(stockTake.times), journalLines: Math.max(...stockTake.lines) },
      bulkUpdate: { ms: median(bulk.times), journalLines: Math.max(...bulk.lines) },
      stockTakeOverBulk: median(stockTake.times) / median(bulk.times)
    }
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(0))

/** The rows as a Markdown table. */
export function stockMarkdown(result) {
  const { singles, saleOverUpdate, stockTake, bulkUpdate, stockTakeOverBulk, plants } = result
  return [
    `| stock (${plants / 1000}k catalogue) | median time | journal lines (fsyncs) per call | goal |`,
    '|---|---:|---:|---|',
    `| a sale of one pot (POST /plant/{id}/stock), one at a time | ${ms(singles.sale.ms)} ms | ${singles.sale.fsyncsPerCall.toFixed(2)} | as a status update |`,
    `| a status update (PUT /plant), one at a time | ${ms(singles.update.ms)} ms | ${singles.update.fsyncsPerCall.toFixed(2)} | (the yardstick) |`,
    `| sale ÷ status update, same run | ${saleOverUpdate.toFixed(2)}× | – | ≤ 1.1× |`,
    `| stock-take of ${stockTake.lines.toLocaleString('en')} lines (POST /plant/bulk/stock) | ${ms(stockTake.ms)} ms | ${stockTake.journalLines} | ≤ 200 ms, 1 fsync |`,
    `| bulk status change of the same ${stockTake.lines.toLocaleString('en')} plants (POST /plant/bulk) | ${ms(bulkUpdate.ms)} ms | ${bulkUpdate.journalLines} | (the yardstick) |`,
    `| stock-take ÷ bulk status change, same run | ${stockTakeOverBulk.toFixed(2)}× | – | – |`
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({
    options: { plants: { type: 'string', default: '10000' }, take: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '5' } }
  })
  const result = await benchStock({ plants: Number(args.plants), take: Number(args.take), rounds: Number(args.rounds) })
  process.stdout.write(`${stockMarkdown(result)}\n`)
}
