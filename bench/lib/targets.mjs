/**
 * The performance targets (docs/performance.md), checked against one run's medians. Each check says
 * what was measured, whether it was met, and by how much it was met or missed
 * (`factor` > 1 means better than the goal by that factor).
 */
import { SCENARIOS, WRITES, stepsOf } from './scenarios.mjs'

function find(rows, size, scenario, group = 'all') {
  return rows.find((r) => r.size === size && r.scenario === scenario && r.group === group)
}

/** At-least check: measured ≥ goal. */
function atLeast(text, measured, goal, unit) {
  if (measured === null || measured === undefined) return { text, measured: 'not measured', met: null }
  return { text, measured: `${round(measured)}${unit}`, goal: `≥ ${goal}${unit}`, met: measured >= goal, factor: measured / goal }
}

/** At-most check: measured ≤ goal. */
function atMost(text, measured, goal, unit) {
  if (measured === null || measured === undefined) return { text, measured: 'not measured', met: null }
  return {
    text,
    measured: `${round(measured)}${unit}`,
    goal: `≤ ${goal}${unit}`,
    met: measured <= goal,
    factor: goal === 0 || measured === 0 ? null : goal / measured
  }
}

const thousands = (size) => `${size / 1000}k`

/**
 * The write path's targets, from each write's `targets` in bench/lib/scenarios.mjs, at 10k and 100k: req/s against
 * the in-memory h3 echo, p99, and server CPU per operation against another write's (a sale against an add).
 */
function writeChecks(rows) {
  const checks = []
  const cpuPerOperation = (row) => (row?.kinds.ours?.cpuMsPerRequest ?? NaN) * stepsOf(SCENARIOS.find((s) => s.id === row?.scenario) ?? {})
  for (const write of WRITES) {
    for (const size of [10_000, 100_000]) {
      const row = find(rows, size, write.id)
      if (!row?.kinds.ours) continue
      const { vsEcho, p99Ms, costOf, within } = write.targets ?? {}
      const where = `${write.label} at ${thousands(size)}, 10 clients`
      if (vsEcho) checks.push(atLeast(`${where}: ours/h3 echo req/s`, row.oursOverBaseline, vsEcho, '×'))
      if (p99Ms) checks.push(atMost(`${where}: p99`, row.kinds.ours.p99, p99Ms, ' ms'))
      const other = costOf && find(rows, size, costOf)
      if (other) {
        const ratio = cpuPerOperation(row) / cpuPerOperation(other)
        checks.push(atMost(`${where}: server CPU per operation over ${costOf}'s`, Number.isFinite(ratio) ? ratio : null, within, '×'))
      }
    }
  }
  return checks
}

/** Reads against the node:http limit, and start-up against the bare h3 server, from the same run. */
function limitChecks(rows, resources) {
  const checks = []
  for (const row of rows.filter((r) => r.scenario === 'get-available' && r.oursOverLimit !== null && r.size >= 10_000)) {
    checks.push(atLeast(`GET ?status=available at ${thousands(row.size)}: ours/node:http limit req/s`, row.oursOverLimit, 0.75, '×'))
  }
  const startup = (size, kind) => resources.find((r) => r.size === size)?.kinds[kind]?.startupMs
  const ours = startup(10_000, 'ours')
  const bare = startup(10_000, 'baseline')
  checks.push(atMost('start-up to first authorised answer at 10k: ours/bare h3', ours && bare ? ours / bare : null, 1.5, '×'))
  checks.push(atMost('start-up to first authorised answer at 100k', startup(100_000, 'ours'), 1000, ' ms'))
  return checks
}

const round = (v) => (Number.isInteger(v) || Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2))

/** Every performance target that this run can check. */
export function checkTargets(rows, resources) {
  const checks = []
  const ours = (size, scenario, group) => find(rows, size, scenario, group)?.kinds.ours
  const resource = (size, kind) => resources.find((r) => r.size === size)?.kinds[kind]

  for (const scenario of ['get-available', 'get-all']) {
    const ratio = find(rows, 1000, scenario)?.oursOverBaseline
    checks.push(atLeast(`GET search (${scenario}) at 1k: ours/baseline req/s`, ratio, 1, '×'))
    checks.push(atLeast(`  stretch: GET search (${scenario}) at 1k ≥ 2× baseline`, ratio, 2, '×'))
  }
  for (const row of rows.filter((r) => r.size === 10_000)) {
    checks.push(
      atLeast(`beat json-server ≥ 10× at 10k: ${row.label}${row.group === 'all' ? '' : ` (${row.group})`}`, row.oursOverJsonServer, 10, '×')
    )
  }
  checks.push(atLeast('durable adds at 10k, 10 clients: req/s', ours(10_000, 'post')?.rps, 1000, '/s'))
  checks.push(atMost('durable adds at 10k, 10 clients: p99', ours(10_000, 'post')?.p99, 50, ' ms'))
  checks.push(atLeast('durable adds at 100k, 10 clients: req/s', ours(100_000, 'post')?.rps, 300, '/s'))
  const priced = ours(10_000, 'post-price')?.rps
  const plain = ours(10_000, 'post')?.rps
  checks.push(atLeast('durable adds with a price at 10k: req/s over adds without', priced && plain ? priced / plain : null, 0.9, '×'))
  // A sale of one pot costs no more than a status update (same fsync count: one journal line per batch; bench/stock.mjs counts them).
  for (const size of [10_000, 100_000]) {
    const sale = ours(size, 'stock-sale')?.rps
    const update = ours(size, 'put')?.rps
    checks.push(atLeast(`a sale (stock movement) at ${size / 1000}k: req/s over status updates`, sale && update ? sale / update : null, 0.9, '×'))
  }
  for (const group of ['read', 'write']) checks.push(atMost(`5 readers + 5 writers at 10k: ${group} p99`, ours(10_000, 'rw', group)?.p99, 100, ' ms'))
  checks.push(atLeast('5 readers + 5 writers at 100k: updates/s', ours(100_000, 'rw', 'write')?.rps, 100, '/s'))
  // Worst waits under the mixed loads, at every size: the worst row decides.
  const mixedRows = rows.filter((r) => (r.scenario === 'rw' || r.scenario === 'mixed') && r.kinds.ours)
  const name = (row) => `${row.size / 1000}k ${row.label}${row.group === 'all' ? '' : ` (${row.group})`}`
  const worst = (value) => mixedRows.reduce((found, row) => (found === null || value(row) > value(found) ? row : found), null)
  const slowest = worst((row) => row.kinds.ours.max ?? 0)
  checks.push(atMost(`mixed loads, worst wait ≤ 1 s at any size (worst: ${slowest ? name(slowest) : '–'})`, slowest?.kinds.ours.max, 1000, ' ms'))
  const spread = (row) => (row.kinds.ours.p99 ? row.kinds.ours.max / row.kinds.ours.p99 : 0)
  const widest = worst(spread)
  checks.push(atMost(`mixed loads, worst wait ≤ 3× p99 (worst: ${widest ? name(widest) : '–'})`, widest ? spread(widest) : null, 3, '× p99'))
  const idle = resource(10_000, 'ours')?.idleRssMiB
  const idleBase = resource(10_000, 'baseline')?.idleRssMiB
  checks.push(atMost('idle RSS at 10k: ours/baseline', idle && idleBase ? idle / idleBase : null, 1.4, '×'))
  const peak = resource(100_000, 'ours')?.peakRssUnderWritesMiB
  const peerPeak = resource(100_000, 'json-server')?.peakRssUnderWritesMiB
  checks.push(atMost('peak RSS under writes at 100k: ours/json-server', peak && peerPeak ? peak / peerPeak : null, 0.5, '×'))
  checks.push(atMost('start-up to first 200 at 10k', resource(10_000, 'ours')?.startupMs, 100, ' ms'))
  checks.push(atMost('start-up to first 200 at 100k', resource(100_000, 'ours')?.startupMs, 500, ' ms'))
  checks.push(...writeChecks(rows), ...limitChecks(rows, resources))
  const failures = rows.reduce((sum, r) => sum + (r.kinds.ours ? r.kinds.ours.errors + r.kinds.ours.timeouts : 0), 0)
  checks.push(atMost('errors + timeouts of ours under every load', failures, 0, ''))
  for (const { size, kinds } of resources) {
    const heap = kinds.ours?.heapAfterGcByRoundMiB.filter((v) => v !== null) ?? []
    if (heap.length < 2) continue
    // Flat: the last round's post-GC heap no more than 10% (at least 2 MiB, for noise) above the first's.
    const allowance = Math.max(2, heap[0] * 0.1)
    checks.push(
      atMost(
        `heap after GC flat across rounds at ${size / 1000}k: growth first → last round`,
        Math.max(0, heap.at(-1) - heap[0]),
        Number(allowance.toFixed(1)),
        ' MiB'
      )
    )
  }
  return checks
}

/** The target checks as a markdown table. */
export function targetTable(checks) {
  const lines = ['| target | measured | goal | verdict |', '|---|--:|--:|---|']
  for (const c of checks) {
    const how = c.factor === null || c.factor === undefined ? '' : ` (${margin(c.factor)})`
    const verdict = c.met === null ? 'not measured' : c.met ? `met${how}` : `**missed**${how}`
    lines.push(`| ${c.text} | ${c.measured} | ${c.goal ?? '–'} | ${verdict} |`)
  }
  return lines.join('\n')
}

function margin(factor) {
  return factor >= 1 ? `${factor.toFixed(2)}× the goal` : `${(1 / factor).toFixed(2)}× off`
}
