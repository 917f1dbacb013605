#!/usr/bin/env node
/**
 * `npm run bench`: our real server against a bare h3 baseline (and json-server,
 * the peer) in one run, alternating ours and baseline (A B A B …) so machine
 * drift cancels. Prints the tables and writes bench/results/latest.json (git-ignored).
 *
 *   npm run bench                 full run: 1k, 10k, 100k plants (≈ 7 min on 2 cores)
 *   npm run bench -- --quick      ≈ 70 s: 1k and 10k, one short round, no json-server (68 s measured with the bulk rows)
 *   (both end with the start-up of 50k plants over 2,000 piled-up journals; alone: node bench/journal-pile.mjs,
 *   and the change log's figures over 1,000,000 history lines, 200,000 in --quick; alone: node bench/history.mjs)
 *   options: --sizes 1000,10000  --rounds N  --duration S  --warmup S  --peer | --no-peer  --no-build  --no-transfer  --no-history  --dir DIR  --out FILE
 *            --scenarios post,put   only these loads (ids in bench/lib/scenarios.mjs)
 *            --app DIR   measure the build kept in DIR (made there by the first run that names it),
 *                        so that two runs compare the same code while others rebuild out/
 *            --before DIR   also measure the build kept in DIR (an older tree's --app DIR), side by side with ours:
 *                        ours, before and baseline take turns in every round
 */
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, statfs, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { existingApp, snapshotApp } from './lib/app-build.mjs'
import { historyTable, measureHistory } from './lib/history.mjs'
import { journalPileTable, measureJournalPile } from './lib/journal-pile.mjs'
import { checkTargets } from './lib/targets.mjs'
import { LoadGenerator, measure } from './lib/measure.mjs'
import { resultsMarkdown, summarise, summariseResources } from './lib/report.mjs'
import { SCENARIOS, runsOn } from './lib/scenarios.mjs'
import { currentSeed, freshDataDir } from './lib/seed.mjs'
import { KINDS, collectGarbage, startServer, stopServer } from './lib/servers.mjs'
import { benchStock, stockMarkdown } from './stock.mjs'
import { benchSale, saleMarkdown } from './sale.mjs'
import { benchTill, tillMarkdown } from './till.mjs'
import { benchTills, tillsMarkdown } from './tills.mjs'
import { benchTransfer, transferMarkdown } from './transfer.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const TMPFS_MAGIC = 0x01021994

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    peer: { type: 'boolean' },
    'no-peer': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-transfer': { type: 'boolean', default: false },
    'no-history': { type: 'boolean', default: false },
    app: { type: 'string' },
    before: { type: 'string' },
    scenarios: { type: 'string' },
    dir: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/latest.json') }
  }
})

const options = {
  mode: args.quick ? 'quick' : 'full',
  sizes: (args.sizes ?? (args.quick ? '1000,10000' : '1000,10000,100000')).split(',').map(Number),
  rounds: Number(args.rounds ?? (args.quick ? 1 : 3)),
  durationS: Number(args.duration ?? (args.quick ? 1 : 2)),
  warmupS: Number(args.warmup ?? (args.quick ? 0.25 : 0.5)),
  // A slow server runs on past durationS until it has answered this many requests per group, up to maxDurationS.
  minSamples: args.quick ? 10 : 20,
  maxDurationS: args.quick ? 3 : 12,
  timeoutS: 10,
  peer: args['no-peer'] ? false : (args.peer ?? !args.quick),
  scenarios: args.scenarios ? args.scenarios.split(',') : SCENARIOS.map((scenario) => scenario.id),
  before: args.before ? path.resolve(args.before) : undefined
}
const unknownScenario = options.scenarios.find((id) => !SCENARIOS.some((scenario) => scenario.id === id))
if (unknownScenario) throw new Error(`unknown scenario ${unknownScenario}; one of ${SCENARIOS.map((scenario) => scenario.id).join(', ')}`)

const log = (line) => process.stderr.write(line + '\n')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A folder for the data files on a real disk: fsync on tmpfs costs nothing and would flatter durable writes. */
async function workDir() {
  let base = args.dir ?? os.tmpdir()
  if (!args.dir && (await statfs(base)).type === TMPFS_MAGIC) base = path.join(ROOT, 'node_modules/.cache')
  await mkdir(base, { recursive: true })
  const dir = await mkdtemp(path.join(base, 'plant-store-bench-'))
  return { dir, tmpfs: (await statfs(dir)).type === TMPFS_MAGIC }
}

/** Starts `kind` over a fresh copy of the seed and records its start-up time and idle RSS. */
async function startFresh(kind, ctx) {
  const dataDir = path.join(ctx.dir, `${kind}-${ctx.size}-${++ctx.starts}`)
  await freshDataDir(dataDir, kind === 'json-server' ? ctx.seed.dbFile : ctx.seed.plantsFile, KINDS[kind].dataFile)
  const server = await startServer(kind, dataDir, { token: ctx.token, appDir: kind === 'before' ? options.before : ctx.appDir })
  await sleep(300)
  // Idle RSS after a full GC, so that when start-up garbage happens to be collected does not decide the figure.
  const { rssMiB } = await collectGarbage(server)
  ;(ctx.startup[kind] ??= []).push(Math.round(server.startupMs))
  ;(ctx.idleRss[kind] ??= []).push(rssMiB)
  log(`  ${kind} ready in ${Math.round(server.startupMs)} ms at ${server.origin}`)
  return server
}

/** Measures every scenario at one catalogue size. */
async function benchSize(size, { dir, token, appDir, load }) {
  const seed = await currentSeed(path.join(dir, `seed-${size}`), size, appDir)
  const ctx = { size, dir, token, appDir, seed, starts: 0, startup: {}, idleRss: {}, runs: [] }
  log(`\n== ${size} plants (${(seed.bytes / 1e6).toFixed(1)} MB plants.json)`)
  const scenarios = SCENARIOS.filter((scenario) => options.scenarios.includes(scenario.id))
  const alternated = ['ours', ...(options.before ? ['before'] : []), 'baseline']
  const kinds = [...alternated, 'limit', ...(options.peer ? ['json-server'] : [])]
  const servers = {}
  try {
    for (const kind of kinds) servers[kind] = await startFresh(kind, ctx)
    for (const scenario of scenarios) {
      const schedule = []
      // A B A B … (with the limit after them for reads), then the peer once (it is one to two orders of magnitude
      // slower; drift does not matter there).
      for (let round = 1; round <= options.rounds; round++) {
        for (const kind of [...alternated, ...(scenario.reads ? ['limit'] : [])]) schedule.push([kind, round])
      }
      if (options.peer && runsOn(scenario, 'json-server')) schedule.push(['json-server', 1])
      for (const [kind, round] of schedule) {
        if (scenario.grows) {
          // Adds grow the catalogue: every round of them starts again from the seed (the baseline too, for like start-up samples).
          await stopServer(servers[kind])
          servers[kind] = await startFresh(kind, ctx)
        }
        // What a kind of write needs first (stock to sell, say), on our servers only: the echo needs nothing.
        if (kind === 'ours' || kind === 'before') await scenario.write?.prepare?.({ origin: servers[kind].origin, token, maxId: size })
        const result = await measure(load, servers[kind], scenario, { size, ...options })
        ctx.runs.push({ scenario: scenario.id, kind, round, ...result })
        const line = result.groups.map(
          (g) => `${g.name} ${g.rps.toFixed(0)}/s p99 ${g.p99} ms${g.errors + g.non2xx ? ` ERRORS ${g.errors + g.non2xx}` : ''}`
        )
        const cpu = result.cpuMsPerRequest === null ? '' : `, CPU ${result.cpuMsPerRequest.toFixed(3)} ms/req`
        log(`  ${scenario.id.padEnd(13)} ${kind.padEnd(11)} r${round}: ${line.join(', ')}${cpu}; rss ${result.peakRssMiB.toFixed(0)} MiB`)
      }
    }
  } finally {
    for (const server of Object.values(servers)) await stopServer(server)
  }
  return { size, fileBytes: seed.bytes, startup: ctx.startup, idleRss: ctx.idleRss, runs: ctx.runs }
}

async function main() {
  const startedAt = Date.now()
  const { dir, tmpfs } = await workDir()
  const appDir = args.app ? path.resolve(args.app) : path.join(dir, 'app')
  const token = randomBytes(24).toString('base64url')
  const machine = {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    dataOnTmpfs: tmpfs,
    loadAvgAtStart: os.loadavg().map((v) => Number(v.toFixed(2)))
  }
  log(
    `plant-store bench (${options.mode}): ${machine.cores} cores, Node ${machine.node}, data in ${dir}${tmpfs ? ' (tmpfs: fsync is free here!)' : ''}`
  )
  const sizes = []
  let buildInfo
  let load
  let journalPile
  let history
  try {
    buildInfo = await snapshotApp(appDir, { noBuild: args['no-build'] })
    if (options.before) buildInfo.before = await existingApp(options.before)
    load = new LoadGenerator()
    for (const size of options.sizes) sizes.push(await benchSize(size, { dir, token, appDir, load }))
    log('\n== start-up with journals piled up')
    journalPile = await measureJournalPile({ dir, appDir, token, rounds: options.mode === 'quick' ? 1 : 3, log })
    // The change log: 1,000,000 history lines (200,000 in --quick) must not slow the start; reports stay fast.
    if (!args['no-history']) log('\n== change log: start-up, sales report and a plant history over the history files')
    if (!args['no-history'])
      history = await measureHistory({
        dir,
        appDir,
        token,
        rounds: options.mode === 'quick' ? 1 : 3,
        lines: options.mode === 'quick' ? 200_000 : 1_000_000,
        log
      })
  } finally {
    load?.close()
    await rm(dir, { recursive: true, force: true })
  }
  machine.loadAvgAtEnd = os.loadavg().map((v) => Number(v.toFixed(2)))
  const rows = summarise(sizes)
  const resources = summariseResources(sizes)
  const targets = checkTargets(rows, resources)
  // Import/export (docs/import-export.md): 10,000 rows in, 100,000 plants out (20,000 in --quick), papaparse as the floor.
  const transfer = args['no-transfer'] ? [] : await benchTransfer({ plants: options.mode === 'quick' ? 20_000 : 100_000 })
  // Bulk changes: 1,000 plants of a 10k catalogue per call, server-side, one journal line (fsync) each.
  const till = await benchTill({ plants: 10_000, rounds: options.mode === 'quick' ? 3 : 7 })
  // Stock: a sale against a status update (time and fsyncs, one at a time), a stock-take of 5,000 lines (one journal line).
  const stock = await benchStock({ plants: 10_000, take: 5000, rounds: options.mode === 'quick' ? 3 : 5 })
  // Sales: a 10-line basket completed (one journal line) against the same lines as a bulk stock sale; the X report over a day's sales.
  const sale = await benchSale({ plants: 10_000, sales: options.mode === 'quick' ? 20_000 : 100_000, rounds: options.mode === 'quick' ? 2 : 5 })
  // Several tills: a sale through a paired till (TLS to the primary's LAN listener) against one on the primary itself.
  const tills = await benchTills({ sales: options.mode === 'quick' ? 200 : 1000, replay: options.mode === 'quick' ? 200 : 1000 })
  const elapsedS = Math.round((Date.now() - startedAt) / 1000)
  const results = {
    date: new Date().toISOString(),
    elapsedS,
    machine,
    build: buildInfo,
    options,
    rows,
    resources,
    targets,
    journalPile,
    history,
    sizes,
    transfer,
    till,
    stock,
    sale,
    tills
  }
  await mkdir(path.dirname(args.out), { recursive: true })
  await writeFile(args.out, JSON.stringify(results, null, 1) + '\n')
  // A dated copy (git-ignored) so that runs can be compared later.
  await writeFile(path.join(path.dirname(args.out), `run-${results.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(results) + '\n')
  process.stdout.write(
    `\n${resultsMarkdown(results)}\n\n${journalPileTable(journalPile)}\n\n${history ? `${historyTable(history)}\n\n` : ''}${transfer.length > 0 ? `${transferMarkdown(transfer)}\n\n` : ''}${tillMarkdown(till)}\n\n${stockMarkdown(stock)}\n\n${saleMarkdown(sale)}\n\n${tillsMarkdown(tills)}\n\nwrote ${path.relative(process.cwd(), args.out)}\n`
  )
}

await main().catch((error) => {
  log(`bench: ${error.message}`)
  process.exitCode = 1
})
