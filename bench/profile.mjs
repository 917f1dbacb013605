#!/usr/bin/env node
/**
 * Where does our server spend its time under one bench load? Starts ours
 * (from the current out/, so build first) with `--cpu-prof`, runs one
 * scenario, stops it and prints the functions with the most self time, grouped
 * by where they live (our code, h3, lowdb, Node internals, GC).
 *
 *   node bench/profile.mjs --size 10000 --scenario get-available [--duration 5] [--kind baseline]
 *   node bench/profile.mjs --size 100000 --startup     (profile start-up only)
 *
 * The .cpuprofile is kept (path printed) for Chrome DevTools or speedscope.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { LoadGenerator, measure } from './lib/measure.mjs'
import { SCENARIOS } from './lib/scenarios.mjs'
import { freshDataDir, writeSeed } from './lib/seed.mjs'
import { KINDS, startServer, stopServer } from './lib/servers.mjs'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    scenario: { type: 'string', default: 'get-available' },
    kind: { type: 'string', default: 'ours' },
    duration: { type: 'string', default: '5' },
    startup: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' }
  }
})

/** Which part of the stack a profile node belongs to. */
function area(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  if (url.includes('/node_modules/h3/') || url.includes('/node_modules/srvx/')) return 'h3'
  if (url.includes('/node_modules/lowdb/') || url.includes('/node_modules/steno/')) return 'lowdb'
  if (url.includes('/node_modules/')) return 'other packages'
  if (url.startsWith('node:')) return 'node internals'
  return 'our code'
}

/** Self time per function and per area, from a .cpuprofile. */
function summariseProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfUs = new Map()
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const functions = new Map()
  const areas = new Map()
  let total = 0
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(out|node_modules)\//, '$1/')}:${lineNumber + 1}` : ''}`
    functions.set(name, (functions.get(name) ?? 0) + us)
    const where = area(url, functionName)
    areas.set(where, (areas.get(where) ?? 0) + us)
    total += us
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1])
  return { total, functions: sorted(functions), areas: sorted(areas) }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-profile-'))
const size = Number(args.size)
const seed = await writeSeed(path.join(dir, 'seed'), size)
const dataDir = path.join(dir, 'data')
await freshDataDir(dataDir, args.kind === 'json-server' ? seed.dbFile : seed.plantsFile, KINDS[args.kind].dataFile)
const profileDir = path.join(dir, 'profile')
const token = randomBytes(24).toString('base64url')
const server = await startServer(args.kind, dataDir, { token, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] })
process.stderr.write(`${args.kind} at ${size} plants ready in ${Math.round(server.startupMs)} ms\n`)
if (!args.startup) {
  const scenario = SCENARIOS.find((s) => s.id === args.scenario)
  if (!scenario) throw new Error(`unknown scenario ${args.scenario}; one of ${SCENARIOS.map((s) => s.id).join(', ')}`)
  const load = new LoadGenerator()
  const { groups } = await measure(load, server, scenario, {
    size,
    warmupS: 0.5,
    durationS: Number(args.duration),
    maxDurationS: Number(args.duration),
    minSamples: 0,
    timeoutS: 10
  })
  load.close()
  for (const g of groups) process.stderr.write(`${scenario.id} ${g.name}: ${g.rps.toFixed(0)} req/s, p50 ${g.p50} ms, p99 ${g.p99} ms\n`)
}
await stopServer(server)
// Keep only the profile: the catalogue copies weigh up to 30 MB at 100k plants.
await Promise.all([rm(path.join(dir, 'seed'), { recursive: true }), rm(dataDir, { recursive: true })])
const [file] = await readdir(profileDir)
const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8'))
const { total, functions, areas } = summariseProfile(profile)
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`
process.stdout.write(`\nself time by area (${(total / 1e6).toFixed(1)} s sampled):\n`)
for (const [name, us] of areas) process.stdout.write(`  ${pct(us)}  ${name}\n`)
process.stdout.write(`\ntop ${args.top} functions by self time:\n`)
for (const [name, us] of functions.slice(0, Number(args.top))) process.stdout.write(`  ${pct(us)}  ${name}\n`)
process.stdout.write(`\nprofile: ${path.join(profileDir, file)}\n`)
