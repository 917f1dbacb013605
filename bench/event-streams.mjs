#!/usr/bin/env node
/**
 * Memory of the server under change streams whose clients never read: opens N
 * /v3/events streams that are never read, makes M adds, then closes the
 * streams, and reports the server's RSS at start, at its peak, after the adds
 * and after the streams closed.
 *
 *   node bench/event-streams.mjs                  30 streams, 4,000 adds (the measurement in docs/performance.md)
 *   options: --streams N  --adds M  --change add|update (update: the M changes update 500 plants added before the start
 *            figure, so the catalogue does not grow and any growth left after the streams close is theirs)
 *              --plants small|full (full: every field at its length limit, ≈ 2.4 KB of JSON; default)
 *              --settle S (seconds to wait after closing, default 40: V8 gives memory back when idle)  --no-build
 *            --app DIR  run the build kept in DIR (bin/, out/) instead of this tree's, e.g. to compare with an older build
 *
 * Targets: peak under 150 MiB, and back within 20% of the start once the streams are closed.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { procStatusMiB, resetPeakRss } from './lib/servers.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const TOKEN = 'bench-event-streams-token-0123456789abcdef'
const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '30' },
    adds: { type: 'string', default: '4000' },
    settle: { type: 'string', default: '40' },
    plants: { type: 'string', default: 'full' },
    change: { type: 'string', default: 'add' },
    'no-build': { type: 'boolean', default: false },
    app: { type: 'string' }
  }
})
const streams = Number(args.streams)
const adds = Number(args.adds)
const log = (line) => process.stderr.write(line + '\n')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

const appDir = args.app ? path.resolve(args.app) : ROOT
if (!args['no-build'] && !args.app) execFileSync(path.join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'ignore' })
const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-events-bench-'))
// The bench's heap probe: on SIGUSR2 a full GC, then `[bench-heap] heapUsed rss` on stderr.
const probe = pathToFileURL(path.join(import.meta.dirname, 'lib/heap-probe.mjs')).href
const child = spawn(process.execPath, ['--import', probe, path.join(appDir, 'bin/plant-store.js'), 'serve', '--port', '0', '--data', dir], {
  env: { ...process.env, PLANT_STORE_TOKEN: TOKEN, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'pipe']
})
let serverErrors = ''
child.stderr.setEncoding('utf8').on('data', (text) => (serverErrors += text))
/** Forces a full GC in the server and resolves with its RSS right after, in MiB. */
async function rssAfterGc() {
  const before = serverErrors.length
  child.kill('SIGUSR2')
  while (!/\[bench-heap\] \d+ \d+\n/.test(serverErrors.slice(before))) await sleep(10)
  await sleep(200)
  return rss()
}
const port = await new Promise((resolve, reject) => {
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
    const match = /listening at http:\/\/[^:]+:(\d+)\/v3/.exec(output)
    if (match) resolve(Number(match[1]))
  })
  child.once('exit', () => reject(new Error(`serve exited:\n${output}`)))
})
const rss = () => procStatusMiB(child.pid, 'VmRSS')
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

/** A plant of the chosen size; `full` puts every field at its limit, so each event is as large as one can be. */
function plantBody(index) {
  if (args.plants === 'small') return { name: `Plant ${index} with a name of ordinary length`, category: 'Benchmark', tags: ['indoor', 'shade'] }
  const text = (prefix, length) => `${prefix} ${index} `.padEnd(length, 'x')
  return { name: text('Plant', 200), category: text('Category', 200), tags: Array.from({ length: 32 }, (_, t) => text(`tag${t}`, 50)) }
}

/** Adds plant `index`, or with --change update (and `index` ≥ 0) updates one of the first 500 plants. */
function add(index) {
  const update = args.change === 'update' && index >= 0
  const body = JSON.stringify(update ? { id: (index % 500) + 1, ...plantBody(index) } : plantBody(index))
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: update ? 'PUT' : 'POST',
        path: '/v3/plant',
        agent,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
      },
      (response) => response.resume().on('end', () => resolve(response.statusCode))
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** A stream whose client never reads a byte after sending its request. */
function idleStream() {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /v3/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`)
      socket.pause()
      resolve(socket)
    })
    socket.on('error', () => undefined)
  })
}

// Warm up the code paths before the start figure (and create the plants that --change update changes).
for (let i = 1; i <= (args.change === 'update' ? 500 : 50); i++) await add(-i)
await sleep(500)
const start = rss()
resetPeakRss(child.pid)
const sockets = await Promise.all(Array.from({ length: streams }, idleStream))
await sleep(200)
const started = Date.now()
for (let i = 0; i < adds; i += 8) await Promise.all(Array.from({ length: Math.min(8, adds - i) }, (_, k) => add(i + k)))
const addSeconds = (Date.now() - started) / 1000
await sleep(500)
const afterAdds = rss()
const peak = procStatusMiB(child.pid, 'VmHWM')
for (const socket of sockets) socket.destroy()
await sleep(Number(args.settle) * 1000)
const afterClose = rss()
const afterCloseGc = await rssAfterGc()
const dropped = serverErrors.split('\n').filter((line) => line.includes('closed a change stream')).length
child.kill('SIGTERM')
await new Promise((resolve) => child.once('exit', resolve))
await rm(dir, { recursive: true, force: true })

const figures = {
  change: args.change,
  plants: args.plants,
  streams,
  adds,
  addSeconds: Number(addSeconds.toFixed(1)),
  startMiB: Math.round(start),
  peakMiB: Math.round(peak),
  afterAddsMiB: Math.round(afterAdds),
  afterCloseMiB: Math.round(afterClose),
  afterCloseGcMiB: Math.round(afterCloseGc),
  backWithinPercent: Math.round(((afterClose - start) / start) * 100),
  streamsDroppedByServer: dropped
}
log(
  `${streams} unread streams + ${adds} ${args.change}s (${args.plants} plants): RSS ${figures.startMiB} MiB at start, peak ${figures.peakMiB} MiB, ` +
    `${figures.afterAddsMiB} MiB after the adds, ${figures.afterCloseMiB} MiB ${args.settle} s after the streams closed ` +
    `(${figures.backWithinPercent >= 0 ? '+' : ''}${figures.backWithinPercent}% of the start), ${figures.afterCloseGcMiB} MiB after a forced GC; ` +
    `${dropped} streams closed by the server. Targets: peak < 150 MiB, back within 20%.`
)
process.stdout.write(JSON.stringify(figures) + '\n')
