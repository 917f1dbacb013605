/**
 * Start-up with journals piled up: a catalogue of 50k
 * plants started with no journal, with 2,000 empty journals (what failed
 * checkpoints on a full disk used to leave) and with 2,000 one-line journals.
 * Replay must cost O(catalogue + journal lines): the target is within 1.5×
 * the time with none.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { median } from './report.mjs'
import { makePlants } from './seed.mjs'
import { startServer, stopServer } from './servers.mjs'

const journalName = (gen) => `journal-${String(gen).padStart(6, '0')}.jsonl`

/** Writes a data folder: `plants` plants, then `journals` journal files (empty, or each updating one plant). */
async function pileFolder(dir, plants, journals, oneLine) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const list = makePlants(plants)
  await writeFile(path.join(dir, 'plants.json'), JSON.stringify({ version: 1, nextId: plants + 1, journalGen: 1, plants: list }))
  for (let gen = 1; gen <= journals; gen++) {
    const changed = { ...list[gen % plants], status: 'sold', updatedAt: '2024-05-02T09:00:00.000Z' }
    await writeFile(path.join(dir, journalName(gen)), oneLine ? JSON.stringify({ nextId: plants + 1, plants: [changed] }) + '\n' : '')
  }
}

/**
 * Measures the start-up (spawn to first 200) of ours over each pile, `rounds`
 * times each, interleaved. Each start gets a fresh copy, since a start
 * eventually folds the journals away.
 */
export async function measureJournalPile({ dir, appDir, token, rounds = 3, plants = 50_000, journals = 2000, log = () => undefined }) {
  const variants = [
    ['none', 0, false],
    ['empty', journals, false],
    ['oneLine', journals, true]
  ]
  const samples = { none: [], empty: [], oneLine: [] }
  let made = 0
  for (let round = 1; round <= rounds; round++) {
    for (const [name, count, oneLine] of variants) {
      const folder = path.join(dir, `pile-${++made}`)
      await pileFolder(folder, plants, count, oneLine)
      const server = await startServer('ours', folder, { token, appDir })
      samples[name].push(Math.round(server.startupMs))
      await stopServer(server)
      log(`  ${plants} plants, ${String(count).padStart(5)} ${oneLine ? 'one-line' : 'empty'} journals: ready in ${Math.round(server.startupMs)} ms`)
    }
  }
  const startupMs = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]))
  return {
    plants,
    journals,
    rounds,
    startupMs,
    samples,
    ratio: { empty: startupMs.empty / startupMs.none, oneLine: startupMs.oneLine / startupMs.none },
    targetMet: Math.max(startupMs.empty, startupMs.oneLine) <= 1.5 * startupMs.none
  }
}

/** The pile's figures as a markdown table. */
export function journalPileTable(pile) {
  const row = (label, ms, ratio) => `| ${label} | ${ms} | ${ratio === undefined ? '–' : `${ratio.toFixed(2)}×`} |`
  return [
    `Start-up of ${pile.plants.toLocaleString('en')} plants with journals piled up (median of ${pile.rounds}; target ≤ 1.5× none: ${pile.targetMet ? 'met' : 'MISSED'})`,
    '',
    '| journals | start-up to first 200 ms | vs none |',
    '|---|--:|--:|',
    row('none', pile.startupMs.none),
    row(`${pile.journals.toLocaleString('en')} empty`, pile.startupMs.empty, pile.ratio.empty),
    row(`${pile.journals.toLocaleString('en')} one-line`, pile.startupMs.oneLine, pile.ratio.oneLine)
  ].join('\n')
}
