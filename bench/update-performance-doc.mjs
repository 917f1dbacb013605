#!/usr/bin/env node
/**
 * Puts the tables of a bench run (default bench/results/latest.json, which
 * should be a full run) into docs/performance.md, between its two markers;
 * the prose around them is written by hand and left alone.
 *
 *   node bench/update-performance-doc.mjs [results.json]
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { resultsMarkdown } from './lib/report.mjs'
import { checkTargets } from './lib/targets.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const DOC = path.join(ROOT, 'docs/performance.md')
const START = '<!-- bench results: start (written by bench/update-performance-doc.mjs) -->'
const END = '<!-- bench results: end -->'

const source = process.argv[2] ?? path.join(ROOT, 'bench/results/latest.json')
const results = JSON.parse(await readFile(source, 'utf8'))
// Targets are checked again, so that the table follows the current checks of bench/lib/targets.mjs.
results.targets = checkTargets(results.rows, results.resources)

const doc = await readFile(DOC, 'utf8')
const start = doc.indexOf(START)
const end = doc.indexOf(END)
if (start < 0 || end < start) {
  process.stderr.write(
    `${path.relative(ROOT, DOC)} lacks the markers\n  ${START}\n  ${END}\nPut them around the place for the tables, then run this again.\n`
  )
  process.exit(1)
}
await writeFile(DOC, `${doc.slice(0, start + START.length)}\n\n${resultsMarkdown(results)}\n\n${doc.slice(end)}`)
process.stdout.write(`${path.relative(ROOT, DOC)}: now shows the ${results.options.mode} run of ${results.date}\n`)
