#!/usr/bin/env node
/**
 * Import/export rows of the bench (issue 16), against the real built server
 * (`plant-store serve`) on a temporary data folder:
 *   - import of 10,000 CSV rows: dry run, then applied (server-side time = request time on loopback)
 *   - export of 100,000 plants as CSV and as JSON
 *   - the worst GET latency measured while each runs (a request every 5 ms)
 *   - papaparse parsing the same 10,000-row file: the floor to compare with
 *   - a dry run of a ~30 MiB CSV (just under the route's 32 MiB limit) and the worst GET meanwhile:
 *     the server reads and plans it in slices, so no GET should wait for the whole file (issue 16: 50 ms)
 *
 *   node bench/transfer.mjs [--rows 10000] [--plants 100000] [--big-mib 30]   (run by `npm run bench` too)
 */
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServe } from './lib/serve.mjs'
import Papa from 'papaparse'

const TOKEN = 'bench-transfer-token-0123456789abcdefghijkl'

function csvOf(count, from = 0) {
  const lines = ['name,category,tags,status']
  for (let i = from; i < from + count; i++)
    lines.push(`Plant ${i},Category ${i % 40},"indoor, tag ${i % 13}",${['available', 'pending', 'sold'][i % 3]}`)
  return lines.join('\r\n') + '\r\n'
}

/** Runs `task` while a GET is sent every 5 ms; resolves with the task's time and the worst GET latency seen meanwhile. */
async function timedWithProbe(baseUrl, task) {
  let running = true
  let worst = 0
  const probe = (async () => {
    while (running) {
      const start = performance.now()
      await (await fetch(`${baseUrl}/plant/1`, { headers: { authorization: `Bearer ${TOKEN}` } })).arrayBuffer()
      worst = Math.max(worst, performance.now() - start)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const start = performance.now()
  const result = await task()
  const ms = performance.now() - start
  running = false
  await probe
  return { ms: Math.round(ms), worstGetMs: Math.round(worst), result }
}

async function importCsv(baseUrl, csv, dryRun) {
  const response = await fetch(`${baseUrl}/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/csv' },
    body: csv
  })
  const body = await response.json()
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body.detail}`)
  return body
}

async function exportAll(baseUrl, format) {
  const response = await fetch(`${baseUrl}/export?format=${format}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  return (await response.arrayBuffer()).byteLength
}

export async function benchTransfer({ rows = 10_000, plants = 100_000, bigMib = 30 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-transfer-'))
  const { child, baseUrl } = await startServe(path.join(dir, 'data'), TOKEN)
  try {
    const results = []
    // Seed: the catalogue up to `plants` minus the rows the timed import will add.
    for (let done = 0; done < plants - rows; done += 50_000) await importCsv(baseUrl, csvOf(Math.min(50_000, plants - rows - done), done), false)
    const csv = csvOf(rows, plants)
    const dry = await timedWithProbe(baseUrl, () => importCsv(baseUrl, csv, true))
    results.push({ name: `import ${rows} CSV rows, dry run`, ms: dry.ms, worstGetMs: dry.worstGetMs })
    const applied = await timedWithProbe(baseUrl, () => importCsv(baseUrl, csv, false))
    results.push({ name: `import ${rows} CSV rows, applied`, ms: applied.ms, worstGetMs: applied.worstGetMs })
    for (const format of ['csv', 'json']) {
      const exported = await timedWithProbe(baseUrl, () => exportAll(baseUrl, format))
      results.push({
        name: `export ${plants} plants as ${format.toUpperCase()} (${(exported.result / 1e6).toFixed(1)} MB)`,
        ms: exported.ms,
        worstGetMs: exported.worstGetMs
      })
    }
    // ~50 bytes a row: the row count that makes a file of about `bigMib` MiB.
    const big = csvOf(Math.round((bigMib * 1024 * 1024) / 50), plants)
    const bigDry = await timedWithProbe(baseUrl, () => importCsv(baseUrl, big, true))
    results.push({
      name: `import ${(Buffer.byteLength(big) / 1048576).toFixed(1)} MiB CSV (${bigDry.result.added} rows), dry run`,
      ms: bigDry.ms,
      worstGetMs: bigDry.worstGetMs
    })
    const start = performance.now()
    Papa.parse(csv, { header: true })
    results.push({
      name: `floor: papaparse parse of the same ${rows} rows (in-process, no validation, no write)`,
      ms: Math.round(performance.now() - start),
      worstGetMs: null
    })
    return results
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

/** The rows as a Markdown table. */
export function transferMarkdown(results) {
  const lines = ['| import/export | time | worst GET meanwhile |', '|---|---:|---:|']
  for (const row of results) lines.push(`| ${row.name} | ${row.ms} ms | ${row.worstGetMs === null ? '—' : `${row.worstGetMs} ms`} |`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({
    options: {
      rows: { type: 'string', default: '10000' },
      plants: { type: 'string', default: '100000' },
      'big-mib': { type: 'string', default: '30' }
    }
  })
  const results = await benchTransfer({ rows: Number(args.rows), plants: Number(args.plants), bigMib: Number(args['big-mib']) })
  process.stdout.write(`${transferMarkdown(results)}\n`)
}
