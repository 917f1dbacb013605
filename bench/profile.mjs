#!/usr/bin/env node
/**
 * Where does our server spend its time under one bench load, or while it
 * starts? Builds this tree with source maps (into a temporary folder, so out/
 * is left alone), starts it with `--cpu-prof`, runs one scenario, and prints
 * the time per part of the path (bench/lib/cpu-profile.mjs): per request over
 * the measured load only (start-up and warm-up left out), or up to the first
 * answer with --startup; then the functions with the most self time.
 *
 *   node bench/profile.mjs --size 10000 --scenario post [--duration 5]
 *   node bench/profile.mjs --size 100000 --startup
 *   node bench/profile.mjs --app DIR …   profile the build kept in DIR (bench --app DIR) instead
 *   node bench/profile.mjs --kind baseline …   the h3 baseline (or limit: node:http) under the same load
 *   node bench/profile.mjs --streams 1 …   with change streams (GET /v3/events) open and read, as an open UI keeps one
 *
 * The .cpuprofile is kept (path printed) for Chrome DevTools or speedscope.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { snapshotApp, existingApp } from './lib/app-build.mjs'
import { timeByPart, topFunctions } from './lib/cpu-profile.mjs'
import { LoadGenerator, measure } from './lib/measure.mjs'
import { SCENARIOS } from './lib/scenarios.mjs'
import { currentSeed, freshDataDir } from './lib/seed.mjs'
import { KINDS, startServer, stopServer } from './lib/servers.mjs'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    scenario: { type: 'string', default: 'get-available' },
    kind: { type: 'string', default: 'ours' },
    app: { type: 'string' },
    duration: { type: 'string', default: '5' },
    startup: { type: 'boolean', default: false },
    streams: { type: 'string', default: '0' },
    top: { type: 'string', default: '25' }
  }
})

/** Opens the change stream and reads it, as an open UI does. */
function openStream(server) {
  const headers = { authorization: `Bearer ${server.token}`, host: new URL(server.origin).host }
  return http.get(`${server.origin}/v3/events`, { headers }, (res) => res.resume()).on('error', () => undefined)
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-profile-'))
const appDir = args.app ? path.resolve(args.app) : path.join(dir, 'app')
if (args.app) await existingApp(appDir)
else await snapshotApp(appDir, { sourcemap: true })
const size = Number(args.size)
const seed = await currentSeed(path.join(dir, 'seed'), size, appDir)
const dataDir = path.join(dir, 'data')
await freshDataDir(dataDir, args.kind === 'json-server' ? seed.dbFile : seed.plantsFile, KINDS[args.kind].dataFile)
const profileDir = path.join(dir, 'profile')
const token = randomBytes(24).toString('base64url')
const server = await startServer(args.kind, dataDir, { token, appDir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] })
process.stderr.write(`${args.kind} at ${size} plants ready in ${Math.round(server.startupMs)} ms\n`)
let window = { toUs: server.readyAtUs }
let requests = 1
if (!args.startup) {
  const scenario = SCENARIOS.find((s) => s.id === args.scenario)
  if (!scenario) throw new Error(`unknown scenario ${args.scenario}; one of ${SCENARIOS.map((s) => s.id).join(', ')}`)
  await scenario.write?.prepare?.({ origin: server.origin, token, maxId: size })
  const streams = Array.from({ length: Number(args.streams) }, () => openStream(server))
  const load = new LoadGenerator()
  const result = await measure(load, server, scenario, {
    size,
    warmupS: 1,
    durationS: Number(args.duration),
    maxDurationS: Number(args.duration),
    minSamples: 0,
    timeoutS: 10
  })
  load.close()
  for (const stream of streams) stream.destroy()
  window = result.window
  requests = result.groups.reduce((sum, g) => sum + g.completed, 0)
  for (const g of result.groups) process.stderr.write(`${scenario.id} ${g.name}: ${g.rps.toFixed(0)} req/s, p50 ${g.p50} ms, p99 ${g.p99} ms\n`)
  process.stderr.write(`server CPU per request: ${result.cpuMsPerRequest.toFixed(3)} ms\n`)
}
await stopServer(server)
// Keep only the profile: the catalogue copies weigh up to 30 MB at 100k plants.
await Promise.all([rm(path.join(dir, 'seed'), { recursive: true }), rm(dataDir, { recursive: true })])
const [file] = await readdir(profileDir)
const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8'))
const { totalUs, parts } = timeByPart(profile, window)
const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`
const each = (us) => (args.startup ? `${(us / 1000).toFixed(1).padStart(7)} ms` : `${(us / requests).toFixed(1).padStart(7)} µs/request`)
process.stdout.write(
  args.startup
    ? `\nstart-up to the first answer, by part (${(totalUs / 1000).toFixed(0)} ms sampled; Node's own boot before the profile starts is not in it):\n`
    : `\nthe measured load by part (${(totalUs / 1e6).toFixed(2)} s sampled, ${requests} requests):\n`
)
for (const [name, us] of parts) process.stdout.write(`  ${pct(us)} ${each(us)}  ${name}\n`)
process.stdout.write(`\ntop ${args.top} functions by self time (whole profile):\n`)
const wholeUs = profile.timeDeltas.reduce((sum, us) => sum + us, 0)
for (const [name, us] of topFunctions(profile, Number(args.top)))
  process.stdout.write(`  ${((100 * us) / wholeUs).toFixed(1).padStart(5)}%  ${name}\n`)
process.stdout.write(`\nprofile: ${path.join(profileDir, file)}\n`)
