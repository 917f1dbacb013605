#!/usr/bin/env node
/**
 * Hostile and very large imports against the real built server (`plant-store serve`), each on a fresh server and
 * data folder: the time of the dry run, the server's peak memory (VmHWM, Linux), the size of the answer, and the
 * longest wait of GET /v3/health sent one after another every 5 ms meanwhile (the goal: 100 ms).
 *
 *   node bench/import-bounds.mjs [--root DIR] [--only NAME] [--bad-rows 5000000] [--timeout-s 900]
 *
 * `--root` runs another checkout's build (e.g. main's, for the figures before), `--only` one case.
 * docs/security.md has the figures measured on the shared machine.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServe } from './lib/serve.mjs'

const TOKEN = 'bench-import-bounds-token-0123456789abcdefgh'
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    only: { type: 'string' },
    'bad-rows': { type: 'string', default: '5000000' },
    'timeout-s': { type: 'string', default: '900' }
  }
})

/** The files: each a name and its text. */
const CASES = {
  // A sheet saved with a million empty columns at the end of its header (about 1 MB), 2,000 plants under it.
  'empty-columns': () => [`name,price${','.repeat(1_000_000)}`, ...Array.from({ length: 2_000 }, (_, i) => `Fern ${i},4.50`)].join('\n'),
  // A 2 MB header of a million unknown headings.
  'unknown-columns': () => `${'a,'.repeat(999_999)}a\nFern\n`,
  // Millions of rows that are each an error (an id that is no id): about 2 bytes a row.
  'bad-rows': () => `id\n${'x\n'.repeat(Number(values['bad-rows']))}`,
  // 200,000 rows twice as wide as their header (about 5 MB): csv-parse built an error object for each.
  'wrong-width-rows': () => `name,price\n${'Rose,1,a,b,c,d,e,f,g,h,i,j\n'.repeat(200_000)}`,
  // The largest plain import: just under the 32 MiB limit.
  'largest-csv': () => {
    const lines = ['name,category,tags,status,price']
    for (let i = 0; lines.length < 560_000; i++) lines.push(`Plant ${i},Category ${i % 40},"indoor, tag ${i % 13}",available,${(i % 500) + 0.5}`)
    return lines.join('\r\n') + '\r\n'
  }
}

/** The peak resident memory of process `pid` so far, in MiB. */
async function peakMib(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024)
}

async function run(name, text) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-import-bounds-'))
  const { child, baseUrl } = await startServe(path.join(dir, 'data'), TOKEN, values.root)
  const headers = { authorization: `Bearer ${TOKEN}` }
  try {
    const before = await peakMib(child.pid)
    let running = true
    let worst = 0
    let answers = 0
    const probe = (async () => {
      while (running) {
        const start = performance.now()
        // A server held long enough drops the kept-alive connection: that wait counts too, and the probe goes on.
        const answered = await fetch(`${baseUrl}/health`, { headers }).then(
          (response) => response.arrayBuffer(),
          () => undefined
        )
        worst = Math.max(worst, performance.now() - start)
        if (answered) answers++
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const start = performance.now()
    const response = await fetch(`${baseUrl}/import?dryRun=true`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: text,
      signal: AbortSignal.timeout(Number(values['timeout-s']) * 1000)
    }).catch((error) => ({ status: `no answer (${error.name})`, arrayBuffer: async () => new ArrayBuffer(0) }))
    const answer = await response.arrayBuffer()
    const ms = performance.now() - start
    running = false
    await probe
    return {
      name,
      mib: +(Buffer.byteLength(text) / 1024 / 1024).toFixed(1),
      status: response.status,
      seconds: +(ms / 1000).toFixed(2),
      peakMib: await peakMib(child.pid),
      idleMib: before,
      answerMb: +(answer.byteLength / 1e6).toFixed(2),
      worstHealthMs: Math.round(worst),
      healthAnswers: answers
    }
  } finally {
    child.kill()
    await new Promise((resolve) => child.once('exit', resolve))
    await rm(dir, { recursive: true, force: true })
  }
}

const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')
console.log(`root ${values.root}; load average ${load}; ${os.cpus().length} cores`)
for (const [name, make] of Object.entries(CASES)) {
  if (values.only && values.only !== name) continue
  console.log(JSON.stringify(await run(name, make())))
}
