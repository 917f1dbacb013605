#!/usr/bin/env node
/**
 * The several-tills row of the bench: a sale (a plant added as sold) through a paired till, whose `serve` forwards
 * it over TLS to the primary's LAN listener (127.0.0.1 standing in for the LAN address), against the same sale made
 * on the primary itself in the same run, the two taking turns so machine drift cancels. Goal: p99 ≤ 30 ms.
 * Then the outbox: the primary stopped, `replay` sales kept on the till, the primary started again, and the time
 * until the till has sent them all (up to 100 per call to POST /v3/offline-sales, in order), against the same number
 * of sales posted to the primary directly one at a time in the same run. Goal: 1,000 in ≤ 5 s.
 *
 *   node bench/tills.mjs [--sales 500] [--replay 1000]   (run by `npm run bench` too)
 */
import { execFile } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { startServe } from './lib/serve.mjs'

const TOKEN = 'bench-tills-token-0123456789abcdefghijklmnop'
// 127.0.0.1 stands in for the shop's network, which a real main computer refuses (docs/security.md).
process.env.PLANT_STORE_ALLOW_LOOPBACK_LAN = '1'
const BIN = path.resolve(import.meta.dirname, '../bin/plant-store.js')
const run = promisify(execFile)
const cli = (...args) => run(process.execPath, [BIN, ...args], { env: { ...process.env, NODE_ENV: 'production' } })

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function sell(baseUrl, name) {
  const start = performance.now()
  const response = await fetch(`${baseUrl}/plant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, status: 'sold' })
  })
  await response.text()
  if (response.status !== 200) throw new Error(`a sale answered ${response.status}`)
  return performance.now() - start
}

const api = (baseUrl, route, init = {}) =>
  fetch(`${baseUrl}${route}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...init.headers } })

async function stop(child) {
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/** Keeps `count` sales on the till while the primary is stopped, starts it again, and times the till's sending them. */
async function measureReplay(primaryDir, primary, till, count) {
  const added = await (
    await api(primary.baseUrl, '/plant', { method: 'POST', body: JSON.stringify({ name: 'Fern', price: 1, quantity: 1_000_000 }) })
  ).json()
  await stop(primary.child)
  for (let i = 0; i < count; i++) {
    const body = { lines: [{ plantId: added.id, quantity: 1 }], payments: [{ method: 'card', amount: 100 }] }
    const kept = await api(till.baseUrl, '/sales', { method: 'POST', body: JSON.stringify(body) })
    if (kept.status !== 202) throw new Error(`a kept sale answered ${kept.status}`)
  }
  const restarted = await startServe(primaryDir, TOKEN)
  const start = performance.now()
  while ((await (await api(till.baseUrl, '/outbox')).json()).waiting > 0) await new Promise((resolve) => setTimeout(resolve, 20))
  const ms = Math.round(performance.now() - start)
  // The baseline: as many sales posted to the primary itself, one at a time, each answered before the next.
  const direct = performance.now()
  for (let i = 0; i < count; i++) {
    const body = { lines: [{ plantId: added.id, quantity: 1 }], payments: [{ method: 'card', amount: 100 }] }
    const sold = await api(restarted.baseUrl, '/sales', { method: 'POST', body: JSON.stringify(body) })
    await sold.text()
    if (sold.status !== 201) throw new Error(`a direct sale answered ${sold.status}`)
  }
  return { restarted, ms, directMs: Math.round(performance.now() - direct) }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

/** Pairs a till with a fresh primary and measures `sales` sales each way. */
export async function benchTills({ sales = 500, replay = 1000 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-tills-'))
  const [primaryDir, tillDir] = [path.join(dir, 'primary'), path.join(dir, 'till')]
  // Data folders are made by the owner (or --create); the commands refuse to invent one from a typo.
  for (const folder of [primaryDir, tillDir]) await mkdir(folder, { mode: 0o700 })
  await cli('config', 'set', 'lan.address', '127.0.0.1', '--data', primaryDir)
  await cli('config', 'set', 'lan.port', String(await freePort()), '--data', primaryDir)
  const servers = []
  try {
    const primary = await startServe(primaryDir, TOKEN)
    servers.push(primary.child)
    const [, lanUrl, fingerprint] = /Other tills connect at (\S+) \(certificate SHA-256 (\S+)\)/.exec(primary.output())
    const made = await fetch(`${primary.baseUrl}/pairing-codes`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })
    const { code } = await made.json()
    await cli('pair', lanUrl, '--code', code, '--fingerprint', fingerprint, '--name', 'bench', '--data', tillDir)
    const till = await startServe(tillDir, TOKEN)
    servers.push(till.child)
    const times = { primary: [], till: [] }
    for (let i = 0; i < 50; i++) await Promise.all([sell(primary.baseUrl, 'warm'), sell(till.baseUrl, 'warm')])
    for (let i = 0; i < sales; i++) {
      times.primary.push(await sell(primary.baseUrl, `Sale ${i}`))
      times.till.push(await sell(till.baseUrl, `Till sale ${i}`))
    }
    const row = (name, list) => {
      const sorted = [...list].sort((a, b) => a - b)
      return { name, p50: +percentile(sorted, 0.5).toFixed(1), p99: +percentile(sorted, 0.99).toFixed(1) }
    }
    const direct = row('a sale on the primary itself (loopback, HTTP)', times.primary)
    const through = row('a sale through a paired till (TLS to the primary, pinned)', times.till)
    const replayed = await measureReplay(primaryDir, primary, till, replay)
    servers[0] = replayed.restarted.child
    return {
      sales: [direct, { ...through, ratio: +(through.p99 / direct.p99).toFixed(2) }],
      replay: { sales: replay, ms: replayed.ms, directMs: replayed.directMs, ratio: +(replayed.ms / replayed.directMs).toFixed(2) }
    }
  } finally {
    for (const child of servers) if (child.exitCode === null && child.signalCode === null) await stop(child)
    await rm(dir, { recursive: true, force: true })
  }
}

/** The rows as a Markdown table. */
export function tillsMarkdown(results) {
  const lines = ['| sale | p50 | p99 | p99 against the primary itself | goal |', '|---|---:|---:|---:|---|']
  for (const row of results.sales)
    lines.push(`| ${row.name} | ${row.p50} ms | ${row.p99} ms | ${row.ratio === undefined ? '1' : `${row.ratio}×`} | p99 ≤ 30 ms |`)
  const { replay } = results
  lines.push('', '| outbox | time to send | against posting them to the primary one at a time | goal |', '|---|---:|---:|---|')
  lines.push(`| ${replay.sales} sales posted to the primary itself, one at a time (baseline) | ${replay.directMs} ms | 1 | |`)
  lines.push(`| ${replay.sales} sales kept on the till, sent once the primary is back | ${replay.ms} ms | ${replay.ratio}× | 1,000 in ≤ 5 s |`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({ options: { sales: { type: 'string', default: '500' }, replay: { type: 'string', default: '1000' } } })
  process.stdout.write(`${tillsMarkdown(await benchTills({ sales: Number(args.sales), replay: Number(args.replay) }))}\n`)
}
