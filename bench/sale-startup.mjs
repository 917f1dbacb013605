#!/usr/bin/env node
/**
 * Start-up with a year of sales on file: `plant-store serve` over 10k plants with no sales and with `sales` sales in
 * sales.jsonl (100k), started in turn (A B A B …, so a busy machine's drift falls on both), each timed from spawn to
 * its first 200 (bench/lib/servers.mjs); then, once started, the first sales request (GET /v3/days/current), which
 * reads the ledger (a start leaves it on disk), against a second one. Medians and the ratio with sales ÷ none.
 *
 *   node bench/sale-startup.mjs [--plants 10000] [--sales 100000] [--rounds 5] [--app DIR]   (run by `npm run bench` too)
 *
 * `--app DIR` runs another build (a checkout with its bin/ and out/), e.g. the one before a change.
 */
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { median } from './lib/report.mjs'
import { currentSeed } from './lib/seed.mjs'
import { startServer, stopServer } from './lib/servers.mjs'
import { seededSales } from './sale.mjs'

async function timedGet(server, pathname) {
  const started = performance.now()
  const response = await fetch(server.origin + pathname, { headers: { authorization: `Bearer ${server.token}` } })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
  return performance.now() - started
}

export async function benchSaleStartup({ plants = 10_000, sales = 100_000, rounds = 5, appDir } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-sale-startup-'))
  const token = randomBytes(24).toString('base64url')
  try {
    const seed = await currentSeed(path.join(dir, 'seed'), plants, appDir)
    const folders = { none: path.join(dir, 'none'), sales: path.join(dir, 'sales') }
    for (const folder of Object.values(folders)) {
      await mkdir(folder, { mode: 0o700 })
      await copyFile(seed.plantsFile, path.join(folder, 'plants.json'))
    }
    await writeFile(path.join(folders.sales, 'sales.jsonl'), seededSales(sales), { mode: 0o600 })
    const startup = { none: [], sales: [] }
    const firstRead = []
    const secondRead = []
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? ['sales', 'none'] : ['none', 'sales']) {
        const server = await startServer('ours', folders[name], { token, ...(appDir ? { appDir } : {}) })
        startup[name].push(server.startupMs)
        if (name === 'sales') {
          firstRead.push(await timedGet(server, '/v3/days/current'))
          secondRead.push(await timedGet(server, '/v3/days/current'))
        }
        await stopServer(server)
      }
    }
    const none = median(startup.none)
    const withSales = median(startup.sales)
    return {
      plants,
      sales,
      rounds,
      startupMs: { none, sales: withSales },
      ratio: withSales / none,
      firstReadMs: median(firstRead),
      secondReadMs: median(secondRead)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The rows as a Markdown table. */
export function saleStartupMarkdown(result) {
  const { plants, sales, startupMs, ratio, firstReadMs, secondReadMs, rounds } = result
  return [
    `| start-up of ${plants / 1000}k plants (medians of ${rounds}) | ms | |`,
    '|---|---:|---|',
    `| no sales | ${Math.round(startupMs.none)} | (the yardstick) |`,
    `| ${sales.toLocaleString('en')} sales in sales.jsonl | ${Math.round(startupMs.sales)} | ${ratio.toFixed(2)}× none |`,
    `| then the first sales request (GET /days/current: reads the ledger) | ${Math.round(firstReadMs)} | once per start |`,
    `| the next one | ${secondReadMs.toFixed(1)} | |`
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({
    options: {
      plants: { type: 'string', default: '10000' },
      sales: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '5' },
      app: { type: 'string' }
    }
  })
  const result = await benchSaleStartup({ plants: Number(args.plants), sales: Number(args.sales), rounds: Number(args.rounds), appDir: args.app })
  process.stdout.write(`${saleStartupMarkdown(result)}\n`)
}
