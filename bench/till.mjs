#!/usr/bin/env node
/**
 * Bulk rows of the bench, against the real built server
 * (`plant-store serve`) on a temporary data folder of `plants` plants:
 *   - one bulk status change of 1,000 plants (POST /v3/plant/bulk): the time
 *     of the request on loopback, i.e. server-side, and the journal lines it
 *     wrote (one line = one fsync); goal ≤ 200 ms
 *   - the same for a bulk delete and a bulk restore of those 1,000
 *
 *   node bench/till.mjs [--plants 10000] [--rounds 5]   (run by `npm run bench` too)
 */
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { journalLines, linesAdded, median } from './lib/journal-lines.mjs'
import { startServe } from './lib/serve.mjs'

const TOKEN = 'bench-till-token-0123456789abcdefghijklmnop'

async function post(baseUrl, route, body, type = 'application/json') {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type },
    body: type === 'application/json' ? JSON.stringify(body) : body
  })
  const answer = await response.json()
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${answer.detail}`)
  return answer
}

export async function benchTill({ plants = 10_000, rounds = 5 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-till-'))
  const dataDir = path.join(dir, 'data')
  const { child, baseUrl } = await startServe(dataDir, TOKEN)
  try {
    const rows = Array.from({ length: plants }, (_, i) => `Plant ${i},available`)
    await post(baseUrl, '/import', `name,status\n${rows.join('\n')}\n`, 'text/csv')
    const ids = Array.from({ length: 1000 }, (_, i) => 1 + Math.floor((i * plants) / 1000))
    const calls = [
      ['bulk status change of 1,000 plants', '/plant/bulk', (round) => ({ ids, changes: { status: round % 2 ? 'available' : 'sold' } })],
      ['bulk delete of 1,000 plants', '/plant/bulk/delete', () => ({ ids })],
      ['bulk restore of 1,000 plants', '/plant/bulk/restore', () => ({ ids })]
    ]
    const times = calls.map(() => [])
    const lines = calls.map(() => [])
    for (let round = 0; round < rounds; round++) {
      for (const [index, [, route, body]] of calls.entries()) {
        const before = await journalLines(dataDir)
        const start = performance.now()
        await post(baseUrl, route, body(round))
        times[index].push(performance.now() - start)
        lines[index].push(linesAdded(before, await journalLines(dataDir)))
      }
    }
    return calls.map(([name], index) => ({
      name: `${name} (${plants / 1000}k catalogue)`,
      ms: Math.round(median(times[index])),
      journalLines: Math.max(...lines[index])
    }))
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

/** The rows as a Markdown table. */
export function tillMarkdown(results) {
  const lines = ['| bulk call | median time | journal lines (fsyncs) per call | goal |', '|---|---:|---:|---|']
  for (const row of results) lines.push(`| ${row.name} | ${row.ms} ms | ${row.journalLines} | ≤ 200 ms, 1 fsync |`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({ options: { plants: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } } })
  const results = await benchTill({ plants: Number(args.plants), rounds: Number(args.rounds) })
  process.stdout.write(`${tillMarkdown(results)}\n`)
}
