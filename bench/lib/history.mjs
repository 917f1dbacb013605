/**
 * The change log's figures: start-up of 10k plants with 1,000,000
 * history lines against none (the history is never read at start: target
 * within 1.1×), the 30-day sales report over those lines (target 200 ms),
 * one plant's history (target 20 ms), and a page deep in the history of the
 * busiest plant, which has a tenth of all the lines (target: within 2× of an
 * ordinary plant's page, measured in the same run: a page costs the page, not
 * the plant's changes). The history files are generated directly, twelve
 * months of them, as a busy year would leave them.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { crc32 } from 'node:zlib'
import { median } from './report.mjs'
import { makePlants, toCurrentLayout } from './seed.mjs'
import { startServer, stopServer } from './servers.mjs'

const YEAR_START = Date.parse('2025-12-01T00:00:00.000Z')
const YEAR_MS = 365 * 24 * 3600 * 1000
const STATUS_CYCLE = ['available', 'pending', 'sold']
/** Every tenth change after the adds is the busiest plant's (plant 1's). */
const BUSY_EVERY = 10

/**
 * Writes `plants` plants (nextSeq after `lines`) and, with `lines` > 0, that many history lines in monthly files;
 * plants.json in the layout of the build in `appDir`, so that no start measured migrates it.
 */
async function historyFolder(dir, plants, lines, appDir) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const list = makePlants(plants).map((plant) => ({ ...plant, version: 1 }))
  await writeFile(path.join(dir, 'plants.json'), JSON.stringify({ version: 2, nextId: plants + 1, journalGen: 1, nextSeq: lines + 1, plants: list }))
  let stream
  let month = ''
  for (let seq = 1; seq <= lines; seq++) {
    const at = new Date(YEAR_START + Math.floor((seq / lines) * YEAR_MS)).toISOString()
    if (at.slice(0, 7) !== month) {
      if (stream) {
        stream.end()
        await once(stream, 'finish')
      }
      month = at.slice(0, 7)
      stream = createWriteStream(path.join(dir, `history-${month}.jsonl`))
    }
    const plant = seq > plants && seq % BUSY_EVERY === 0 ? list[0] : list[(seq - 1) % plants]
    const entry =
      seq <= plants
        ? { seq, type: 'plant.added', plantId: plant.id, at, by: 'import', plant }
        : { seq, type: 'plant.updated', plantId: plant.id, at, by: 'ui', changes: statusChange(seq, plants) }
    if (entry.changes?.status.to === 'sold' || entry.changes?.status.from === 'sold') entry.sale = { category: plant.category, price: 9.5 }
    if (!stream.write(historyLine(entry))) await once(stream, 'drain')
  }
  if (stream) {
    stream.end()
    await once(stream, 'finish')
  }
  await toCurrentLayout(path.join(dir, 'plants.json'), appDir)
}

/** The entry's line as Plant Store writes it: its JSON with the CRC-32 of that JSON (less its `}`) as last member (history-line.ts). */
function historyLine(entry) {
  const json = JSON.stringify(entry).slice(0, -1)
  return `${json},"crc":"${crc32(json).toString(16).padStart(8, '0')}"}\n`
}

function statusChange(seq, plants) {
  const turn = Math.floor((seq - 1) / plants)
  return { status: { from: STATUS_CYCLE[turn % 3], to: STATUS_CYCLE[(turn + 1) % 3] } }
}

/** Times GET `pathname` (the body read), in ms. */
async function timed(origin, pathname, token) {
  const started = performance.now()
  const response = await fetch(origin + pathname, { headers: { authorization: `Bearer ${token}` } })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
  return performance.now() - started
}

/** Measures the change log's figures; `rounds` start-ups of each folder, `queries` timings of each read. */
export async function measureHistory({ dir, appDir, token, rounds = 3, plants = 10_000, lines = 1_000_000, queries = 20, log = () => undefined }) {
  const none = path.join(dir, 'history-none')
  const full = path.join(dir, 'history-full')
  await historyFolder(none, plants, 0, appDir)
  const generatedAt = performance.now()
  await historyFolder(full, plants, lines, appDir)
  log(`  wrote ${lines.toLocaleString('en')} history lines in ${Math.round(performance.now() - generatedAt)} ms`)
  // The bare h3 server over the same plants.json, in the same rounds: the start-up a server could have at best.
  const startup = { none: [], full: [], bare: [] }
  for (let round = 1; round <= rounds; round++) {
    for (const [name, folder, kind] of [
      ['none', none, 'ours'],
      ['full', full, 'ours'],
      ['bare', full, 'baseline']
    ]) {
      const server = await startServer(kind, folder, { token, appDir })
      startup[name].push(Math.round(server.startupMs))
      await stopServer(server)
    }
  }
  const server = await startServer('ours', full, { token, appDir })
  const to = new Date(YEAR_START + YEAR_MS - 24 * 3600 * 1000).toISOString().slice(0, 10)
  const from = new Date(Date.parse(to) - 29 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const report = `/v3/reports/sales?from=${from}&to=${to}&groupBy=day`
  const firstReportMs = Math.round(await timed(server.origin, report, token)) // builds history-sales.json from every line, once
  await stopServer(server)
  const again = await startServer('ours', full, { token, appDir })
  const reportMs = []
  for (let i = 0; i < queries; i++) reportMs.push(await timed(again.origin, report, token))
  const plantHistory = `/v3/plant/${Math.ceil(plants / 2)}/history?limit=50`
  const firstPlantHistoryMs = Math.round(await timed(again.origin, plantHistory, token)) // builds the index, once per start
  const plantHistoryMs = []
  for (let i = 0; i < queries; i++) plantHistoryMs.push(await timed(again.origin, `/v3/plant/${1 + ((i * 997) % plants)}/history?limit=50`, token))
  // The busiest plant: pages deep in its history (before a seq halfway through the year), each one elsewhere.
  const busyPageMs = []
  for (let i = 0; i < queries; i++) {
    const before = Math.round(lines / 2) + ((i * 7919) % Math.round(lines / 4))
    busyPageMs.push(await timed(again.origin, `/v3/plant/1/history?limit=50&before=${before}`, token))
  }
  await stopServer(again)
  const result = {
    plants,
    lines,
    startupMs: { none: median(startup.none), full: median(startup.full), bare: median(startup.bare) },
    firstReportMs,
    reportMs: Math.round(median(reportMs) * 10) / 10,
    firstPlantHistoryMs,
    plantHistoryMs: Math.round(median(plantHistoryMs) * 10) / 10,
    busyPlantChanges: Math.floor((lines - plants) / BUSY_EVERY),
    busyPageMs: Math.round(median(busyPageMs) * 10) / 10
  }
  result.busyPageRatio = median(busyPageMs) / median(plantHistoryMs)
  result.startupRatio = result.startupMs.full / result.startupMs.none
  result.targetsMet = {
    startup: result.startupRatio <= 1.1,
    report: result.reportMs <= 200,
    plantHistory: result.plantHistoryMs <= 20,
    busyPage: result.busyPageRatio <= 2
  }
  return result
}

/** The change log's figures as a markdown table. */
export function historyTable(history) {
  const met = (ok) => (ok ? 'met' : 'MISSED')
  const lines = history.lines.toLocaleString('en')
  return [
    `Change log over ${lines} history lines and ${history.plants.toLocaleString('en')} plants (medians)`,
    '',
    '| measure | ms | target |',
    '|---|--:|---|',
    `| start-up, no history | ${history.startupMs.none} | – |`,
    `| start-up, ${lines} lines | ${history.startupMs.full} | ≤ 1.1× none (${history.startupRatio.toFixed(2)}×): ${met(history.targetsMet.startup)} |`,
    ...(history.startupMs.bare
      ? [
          `| (bare h3 server, same plants) | ${history.startupMs.bare} | ours with the lines: ${(history.startupMs.full / history.startupMs.bare).toFixed(2)}× |`
        ]
      : []),
    `| 30-day sales report | ${history.reportMs} | ≤ 200: ${met(history.targetsMet.report)} |`,
    `| (first report ever: builds the aggregate from every line) | ${history.firstReportMs} | once |`,
    `| a plant's history (50 changes) | ${history.plantHistoryMs} | ≤ 20: ${met(history.targetsMet.plantHistory)} |`,
    `| (first history query after a start: builds the index) | ${history.firstPlantHistoryMs} | once per start |`,
    ...(history.busyPageMs === undefined
      ? []
      : [
          `| a page deep in the busiest plant's history (50 of ${history.busyPlantChanges.toLocaleString('en')} changes) | ${history.busyPageMs} | ≤ 2× a plant's page (${history.busyPageRatio.toFixed(2)}×): ${met(history.targetsMet.busyPage)} |`
        ])
  ].join('\n')
}
