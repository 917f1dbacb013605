/**
 * Turns raw runs into medians, ratios, the target checks (targets.mjs) and the
 * markdown tables printed to the terminal and pasted into the README.
 */
import { SCENARIOS } from './scenarios.mjs'
import { targetTable } from './targets.mjs'

export const KIND_ORDER = ['ours', 'before', 'baseline', 'limit', 'json-server']

/** Median of numbers (ignoring null); null for none. */
export function median(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const maxOf = (values) => {
  const present = values.filter((v) => v !== null && v !== undefined)
  return present.length ? Math.max(...present) : null
}

/** Medians over rounds of one group of one scenario for one kind, or null when it was not measured. */
function summariseGroup(runs) {
  if (runs.length === 0) return null
  return {
    rounds: runs.length,
    rps: median(runs.map((g) => g.rps)),
    cpuMsPerRequest: median(runs.map((g) => g.cpuMsPerRequest)),
    p50: median(runs.map((g) => g.p50)),
    p99: median(runs.map((g) => g.p99)),
    max: maxOf(runs.map((g) => g.max)),
    errors: runs.reduce((sum, g) => sum + g.errors + g.non2xx, 0),
    timeouts: runs.reduce((sum, g) => sum + g.timeouts, 0)
  }
}

/** One row per size × scenario × group, with each kind's medians and the ratios. */
export function summarise(sizes) {
  const rows = []
  for (const { size, runs } of sizes) {
    for (const scenario of SCENARIOS) {
      for (const group of scenario.groups) {
        const row = { size, scenario: scenario.id, label: scenario.label, group: group.name, kinds: {} }
        for (const kind of KIND_ORDER) {
          const groupRuns = runs
            .filter((r) => r.kind === kind && r.scenario === scenario.id)
            .map((r) => ({ ...r.groups.find((g) => g.name === group.name), cpuMsPerRequest: r.cpuMsPerRequest ?? null }))
          const summary = summariseGroup(groupRuns.filter((g) => g.name !== undefined))
          if (summary) row.kinds[kind] = summary
        }
        if (Object.keys(row.kinds).length === 0) continue
        const { ours, before, baseline, limit } = row.kinds
        const ratio = (other) => (ours && other ? ours.rps / other.rps : null)
        row.oursOverBaseline = ratio(baseline)
        row.oursOverBefore = ratio(before)
        row.oursOverLimit = ratio(limit)
        row.oursOverJsonServer = ratio(row.kinds['json-server'])
        rows.push(row)
      }
    }
  }
  return rows
}

/** Per size and kind: start-up, idle RSS, peak RSS under writes, heap after GC per round. */
export function summariseResources(sizes) {
  const READS = new Set(SCENARIOS.filter((scenario) => scenario.reads).map((scenario) => scenario.id))
  return sizes.map(({ size, startup, idleRss, runs }) => {
    const kinds = {}
    for (const kind of KIND_ORDER) {
      const own = runs.filter((r) => r.kind === kind)
      if (own.length === 0) continue
      const rounds = [...new Set(own.map((r) => r.round))].sort()
      kinds[kind] = {
        startupMs: median(startup[kind] ?? []),
        idleRssMiB: median(idleRss[kind] ?? []),
        peakRssMiB: maxOf(own.map((r) => r.peakRssMiB)),
        peakRssUnderWritesMiB: maxOf(own.filter((r) => !READS.has(r.scenario)).map((r) => r.peakRssMiB)),
        // Flatness check: the heap after a forced full GC, per round (reads and PUTs; POST grows the data on purpose).
        heapAfterGcByRoundMiB: rounds.map((round) =>
          median(
            own.filter((r) => r.round === round && !SCENARIOS.find((scenario) => scenario.id === r.scenario)?.grows).map((r) => r.heapAfterGcMiB)
          )
        )
      }
    }
    return { size, kinds }
  })
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : value.toFixed(digits))
const fmtMs = (value) => (value === null || value === undefined ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0))
const fmtRps = (value) => (value === null || value === undefined ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0))
const fmtRatio = (value) =>
  value === null
    ? '–'
    : value === Infinity
      ? '∞'
      : value < 0.1
        ? `${value.toFixed(3)}×`
        : value < 10
          ? `${value.toFixed(2)}×`
          : `${value.toFixed(0)}×`
const fmtCpu = (value) => (value === null || value === undefined ? '–' : value.toFixed(3))
const plants = (size) => (size >= 1000 ? `${size / 1000}k` : String(size))

/**
 * The main results table (markdown): ours with its p50/p99 and server CPU per request, and beside it each other
 * kind measured in the run (the build before, the h3 baseline, the node:http limit, json-server) with the ratio.
 */
export function throughputTable(rows) {
  const measured = (kind) => rows.some((row) => row.kinds[kind])
  const others = [
    { kind: 'before', label: 'before', ratio: 'oursOverBefore', cpu: true },
    { kind: 'baseline', label: 'baseline', ratio: 'oursOverBaseline' },
    { kind: 'limit', label: 'node:http limit', ratio: 'oursOverLimit', noP99: true },
    { kind: 'json-server', label: 'json-server', ratio: 'oursOverJsonServer' }
  ].filter(({ kind }) => kind === 'baseline' || measured(kind))
  const heads = ['plants', 'load', 'ours req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'CPU ms/req']
  for (const other of others) {
    heads.push(`${other.label} req/s`, ...(other.noP99 ? [] : ['p99 ms']), ...(other.cpu ? ['CPU ms/req'] : []), `ours/${other.label}`)
  }
  const lines = [`| ${heads.join(' | ')} |`, `|---|---|${'--:|'.repeat(heads.length - 2)}`]
  for (const row of rows) {
    const { ours } = row.kinds
    const load = row.group === 'all' ? row.label : `${row.label}: ${row.group}`
    const errors = ours ? `${ours.errors}${ours.timeouts ? ` (${ours.timeouts} t/o)` : ''}` : '–'
    const cells = [
      plants(row.size),
      load,
      fmtRps(ours?.rps),
      fmtMs(ours?.p50),
      fmtMs(ours?.p99),
      fmtMs(ours?.max),
      errors,
      fmtCpu(ours?.cpuMsPerRequest)
    ]
    for (const other of others) {
      const them = row.kinds[other.kind]
      cells.push(fmtRps(them?.rps), ...(other.noP99 ? [] : [fmtMs(them?.p99)]), ...(other.cpu ? [fmtCpu(them?.cpuMsPerRequest)] : []))
      cells.push(fmtRatio(row[other.ratio]))
    }
    lines.push(`| ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

/** Start-up and memory table (markdown). */
export function resourceTable(resources) {
  const lines = [
    '| plants | server | start-up to first 200 ms | idle RSS MiB | peak RSS MiB (under writes) | heap after GC MiB, per round |',
    '|---|---|--:|--:|--:|---|'
  ]
  for (const { size, kinds } of resources) {
    for (const [kind, r] of Object.entries(kinds)) {
      const heap = r.heapAfterGcByRoundMiB.map((v) => fmt(v, 1)).join(' → ')
      lines.push(
        `| ${plants(size)} | ${kind} | ${fmt(r.startupMs)} | ${fmt(r.idleRssMiB)} | ${fmt(r.peakRssMiB)} (${fmt(r.peakRssUnderWritesMiB)}) | ${heap} |`
      )
    }
  }
  return lines.join('\n')
}

/** One line saying when, where and how a run was made. */
export function runHeader({ date, elapsedS, machine, build, options }) {
  const when = `${date.slice(0, 16).replace('T', ' ')} UTC`
  const source = `${build.commit}${build.uncommittedSourceFiles ? ` + ${build.uncommittedSourceFiles} uncommitted source files` : ''}`
  return (
    `${options.mode === 'full' ? 'Full' : 'Quick'} run of ${when}, ${elapsedS} s: ${machine.cores} cores (${machine.cpu}), ${machine.memGiB} GiB, Node ${machine.node}, ` +
    `load average ${machine.loadAvgAtStart[0]} → ${machine.loadAvgAtEnd[0]} (shared machine); ` +
    `medians of ${options.rounds} round(s) of ≥ ${options.durationS} s per load, ours and baseline alternated, 10 connections; ` +
    `build ${build.outMainSha256} of ${source}.`
  )
}

/** The whole report of a run: header, throughput, resources and targets. */
export function resultsMarkdown(results) {
  return [runHeader(results), throughputTable(results.rows), resourceTable(results.resources), targetTable(results.targets)].join('\n\n')
}
