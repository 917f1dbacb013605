/**
 * Turns raw runs into medians, ratios, the issue-7 target checks and the
 * markdown tables printed to the terminal and pasted into the README.
 */
import { SCENARIOS } from './scenarios.mjs'
import { targetTable } from './targets.mjs'

export const KIND_ORDER = ['ours', 'baseline', 'json-server']

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
          const groupRuns = runs.filter((r) => r.kind === kind && r.scenario === scenario.id).map((r) => r.groups.find((g) => g.name === group.name))
          const summary = summariseGroup(groupRuns.filter(Boolean))
          if (summary) row.kinds[kind] = summary
        }
        if (Object.keys(row.kinds).length === 0) continue
        const { ours, baseline } = row.kinds
        row.oursOverBaseline = ours && baseline ? ours.rps / baseline.rps : null
        row.oursOverJsonServer = ours && row.kinds['json-server'] ? ours.rps / row.kinds['json-server'].rps : null
        rows.push(row)
      }
    }
  }
  return rows
}

/** Per size and kind: start-up, idle RSS, peak RSS under writes, heap after GC per round. */
export function summariseResources(sizes) {
  const WRITES = new Set(['put', 'mixed', 'rw', 'post'])
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
        peakRssUnderWritesMiB: maxOf(own.filter((r) => WRITES.has(r.scenario)).map((r) => r.peakRssMiB)),
        // Flatness check: the heap after a forced full GC, per round (reads and PUTs; POST grows the data on purpose).
        heapAfterGcByRoundMiB: rounds.map((round) =>
          median(own.filter((r) => r.round === round && r.scenario !== 'post').map((r) => r.heapAfterGcMiB))
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
const plants = (size) => (size >= 1000 ? `${size / 1000}k` : String(size))

/** The main results table (markdown). */
export function throughputTable(rows) {
  const lines = [
    '| plants | load | ours req/s | p50 ms | p99 ms | max ms | errors | baseline req/s | p50 ms | p99 ms | ours/baseline | json-server req/s | p99 ms | ours/json-server |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|'
  ]
  for (const row of rows) {
    const { ours, baseline } = row.kinds
    const peer = row.kinds['json-server']
    const load = row.group === 'all' ? row.label : `${row.label}: ${row.group}`
    const errors = ours ? `${ours.errors}${ours.timeouts ? ` (${ours.timeouts} t/o)` : ''}` : '–'
    lines.push(
      `| ${plants(row.size)} | ${load} | ${fmtRps(ours?.rps)} | ${fmtMs(ours?.p50)} | ${fmtMs(ours?.p99)} | ${fmtMs(ours?.max)} | ${errors} ` +
        `| ${fmtRps(baseline?.rps)} | ${fmtMs(baseline?.p50)} | ${fmtMs(baseline?.p99)} | ${fmtRatio(row.oursOverBaseline)} ` +
        `| ${fmtRps(peer?.rps)} | ${fmtMs(peer?.p99)} | ${fmtRatio(row.oursOverJsonServer)} |`
    )
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
