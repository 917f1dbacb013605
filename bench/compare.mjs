#!/usr/bin/env node
/**
 * Compares two bench runs row by row: ours req/s and p99, and the ratio
 * ours/baseline, in run A and run B, so that a change (or the noise between
 * two runs of the same build) shows at a glance.
 *
 *   node bench/compare.mjs A.json B.json
 */
import { readFile } from 'node:fs/promises'

const [a, b] = await Promise.all(process.argv.slice(2, 4).map(async (file) => JSON.parse(await readFile(file, 'utf8'))))
if (!a || !b) throw new Error('usage: node bench/compare.mjs A.json B.json')

const key = (row) => `${row.size}|${row.scenario}|${row.group}`
const rowsB = new Map(b.rows.map((row) => [key(row), row]))
const num = (v, digits = 0) => (v === null || v === undefined ? '–' : v.toFixed(digits))
const change = (x, y) => (x && y ? `${y >= x ? '+' : ''}${(100 * (y / x - 1)).toFixed(0)} %` : '–')

const lines = [
  `A: ${a.date} (${a.options.mode}), B: ${b.date} (${b.options.mode})`,
  '',
  '| plants | load | ours req/s A | B | change | ours p99 ms A | B | ours/baseline A | B |',
  '|---|---|--:|--:|--:|--:|--:|--:|--:|'
]
for (const rowA of a.rows) {
  const rowB = rowsB.get(key(rowA))
  const oursA = rowA.kinds.ours
  const oursB = rowB?.kinds.ours
  const load = rowA.group === 'all' ? rowA.label : `${rowA.label}: ${rowA.group}`
  lines.push(
    `| ${rowA.size / 1000}k | ${load} | ${num(oursA?.rps)} | ${num(oursB?.rps)} | ${change(oursA?.rps, oursB?.rps)} ` +
      `| ${num(oursA?.p99, 1)} | ${num(oursB?.p99, 1)} | ${num(rowA.oursOverBaseline, 2)}× | ${num(rowB?.oursOverBaseline, 2)}× |`
  )
}
process.stdout.write(lines.join('\n') + '\n')
