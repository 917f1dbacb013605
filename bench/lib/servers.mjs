/**
 * Starts and watches the servers under test as child processes: our real
 * `plant-store serve`, the bare h3 baseline and json-server. Each gets the
 * same preloaded heap probe (heap after a forced full GC, on request); RSS
 * comes from /proc/PID/status.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Our real server, run from a build folder (`appDir`). */
const PLANT_STORE = {
  script: (appDir) => path.join(appDir, 'bin/plant-store.js'),
  args: (dir) => ['serve', '--port', '0', '--data', dir],
  flavour: 'api',
  dataFile: 'plants.json'
}

/**
 * How to launch each kind of server; all print a line with "listening at <origin>/v3". `before` is our server
 * from another build (`--before DIR`), measured side by side; `limit` is plain node:http sending precomputed
 * bytes, the ceiling for reads.
 */
export const KINDS = {
  ours: PLANT_STORE,
  before: PLANT_STORE,
  baseline: { script: () => path.join(ROOT, 'bench/baseline-server.mjs'), args: (dir) => ['--data', dir], flavour: 'api', dataFile: 'plants.json' },
  limit: { script: () => path.join(ROOT, 'bench/limit-server.mjs'), args: (dir) => ['--data', dir], flavour: 'api', dataFile: 'plants.json' },
  'json-server': {
    script: () => path.join(ROOT, 'bench/json-server-peer.cjs'),
    args: (dir) => ['--data', dir],
    flavour: 'json-server',
    dataFile: 'db.json'
  }
}

/** The request that proves a server serves data: the first 200 of a small search. */
const PROBE_PATHS = { api: '/v3/plant/search/status?status=available&limit=1', 'json-server': '/v3/plants?status=available&_limit=1' }

const READY = /listening at (http:\/\/\S+)\/v3/
const HEAP_PROBE = pathToFileURL(path.join(import.meta.dirname, 'heap-probe.mjs')).href
const HEAP_REPORT = /^\[bench-heap\] (\d+) (\d+)$/

/** Reads one field of /proc/PID/status in MiB (VmRSS, VmHWM), or null once the process is gone. */
export function procStatusMiB(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : null
  } catch {
    return null
  }
}

/** CPU time (user + system) `pid` has used so far, in ms, from /proc/PID/stat (10 ms steps); NaN once it is gone. */
export function procCpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S
  } catch {
    return NaN
  }
}

/** Linux's USER_HZ, the unit of /proc/PID/stat times: 100 on every mainstream kernel. */
const CLOCK_TICKS_PER_S = 100

/** Resets the kernel's peak-RSS mark of `pid` (Linux clear_refs "5"); false where not allowed. */
export function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/**
 * Sends a GET and resolves with its status once the body is read (any status
 * counts as an answer). node:http rather than fetch: fetch loads undici on
 * first use, which would be billed to the server's start-up time.
 */
export function request(origin, pathname, token) {
  return new Promise((resolve, reject) => {
    const req = http.get(origin + pathname, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res
        .resume()
        .on('end', () => resolve(res.statusCode))
        .on('error', reject)
    })
    req.on('error', reject)
  })
}

/**
 * Starts a server of `kind` on a free loopback port over `dataDir` and waits
 * for its first 200; ours runs from `appDir` (a snapshot of bin/ and out/).
 * `startupMs` runs from spawn to that 200, so it includes Node's own boot,
 * loading the code, reading and checking the catalogue, and the first request.
 */
export async function startServer(kind, dataDir, { token, appDir = ROOT, nodeArgs = [] }) {
  const { script, args, flavour } = KINDS[kind]
  const startedAt = performance.now()
  const child = spawn(process.execPath, [...nodeArgs, '--import', HEAP_PROBE, script(appDir), ...args(dataDir)], {
    env: { ...process.env, NODE_ENV: 'production', PLANT_STORE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const server = { kind, flavour, child, pid: child.pid, token, origin: '', output: '', heapReports: [] }
  const keep = (text) => {
    if (server.output.length < 20_000) server.output += text
  }
  child.stdout.setEncoding('utf8').on('data', keep)
  let pending = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop()
    for (const line of lines) {
      const heap = HEAP_REPORT.exec(line)
      if (heap) server.heapReports.push({ heapUsed: Number(heap[1]), rss: Number(heap[2]) })
      else keep(line + '\n')
    }
  })
  server.exited = once(child, 'exit')
  server.origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${kind} did not get ready in 60 s:\n${server.output}`))
    }, 60_000)
    const check = () => {
      const match = READY.exec(server.output)
      if (!match) return
      clearTimeout(timer)
      child.stdout.off('data', check)
      resolve(match[1])
    }
    child.stdout.on('data', check)
    server.exited.then(([code]) => reject(new Error(`${kind} exited with ${code} before getting ready:\n${server.output}`)))
  })
  const status = await request(server.origin, PROBE_PATHS[flavour], token)
  if (status !== 200) {
    await stopServer(server)
    throw new Error(`${kind}: the first search answered ${status}, not 200 (is the token variable still PLANT_STORE_TOKEN?)\n${server.output}`)
  }
  server.startupMs = performance.now() - startedAt
  server.readyAtUs = Number(process.hrtime.bigint() / 1000n) // on the clock of V8's CPU profiles
  return server
}

/**
 * Waits until a server has worked off requests left over from a finished load
 * run (Node keeps computing answers for sockets the client closed): an answer
 * to a cheap request, which queues behind them, means the backlog is gone.
 */
export async function drain(server) {
  await request(server.origin, '/v3/bench-drain', server.token).catch(() => undefined)
}

/** Stops a server with SIGTERM (it finishes writes in flight), SIGKILL after 30 s. */
export async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000)
  await server.exited
  clearTimeout(timer)
}

/** Forces a full GC in the server (through the heap probe) and resolves with the heap and RSS after it, in MiB. */
export async function collectGarbage(server) {
  const before = server.heapReports.length
  server.child.kill('SIGUSR2')
  const deadline = performance.now() + 30_000
  while (server.heapReports.length === before) {
    if (performance.now() > deadline) throw new Error(`${server.kind} did not answer the heap probe:\n${server.output}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const { heapUsed, rss } = server.heapReports.at(-1)
  return { heapMiB: heapUsed / 2 ** 20, rssMiB: rss / 2 ** 20 }
}
