/**
 * The change log in step with the catalogue, proven with real processes:
 * concurrent adds and updates, SIGKILL (or a clean stop, which checkpoints)
 * once a random number of them were acknowledged in the round, then the history on disk (history files plus the
 * journals' entries) is folded plant by plant and must give exactly the
 * catalogue that the next start loads: every acknowledged change has its
 * entry, and no entry exists for a change that is not in the catalogue. A
 * restore afterwards goes on with seqs above every one used before.
 */
import { copyFile, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PlantStatus } from '#shared/plant'
import type { HistoryEntry } from '#store/history/history-entry'
import { readCatalogue } from '#store/file/read-catalogue'
import { restoreFromBackup } from '#store/backups/restore'
import { startServe } from '#setup/serve-process'
import { Tally, anyOf } from '#setup/tally'
import { makeTempDir } from '#setup/temp-dir'

const ROUNDS = 8
const TOKEN = 'history-crash-token-0123456789abcdef0123456789'

async function call(baseUrl: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/plant`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body)
  })
}

/** Adds and updates until the server goes away, noting the ids whose add was acknowledged and counting every answer. */
async function client(baseUrl: string, tag: string, acknowledged: Set<number>, answered: Tally): Promise<void> {
  const mine: number[] = []
  for (let i = 0; ; i++) {
    try {
      if (mine.length === 0 || i % 3 === 0) {
        const response = await call(baseUrl, 'POST', { name: `${tag}-${i}` })
        if (response.status !== 200) return
        const { id } = (await response.json()) as { id: number }
        mine.push(id)
        acknowledged.add(id)
      } else {
        const statuses: PlantStatus[] = ['sold', 'available', 'pending']
        if ((await call(baseUrl, 'PUT', { id: mine[i % mine.length], status: statuses[i % 3] })).status !== 200) return
      }
      answered.add()
    } catch {
      return // the server was stopped
    }
  }
}

/** Every entry on disk: the history files' and the journals' (as the next start would replay them), by seq. */
async function historyOnDisk(dir: string): Promise<HistoryEntry[]> {
  const bySeq = new Map<number, HistoryEntry>()
  for (const name of (await readdir(dir)).filter((file) => /^history-\d{4}-\d{2}\.jsonl$/.test(file)).sort()) {
    const text = await readFile(path.join(dir, name), 'utf8')
    for (const line of text
      .slice(0, text.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)) {
      const entry = JSON.parse(line) as HistoryEntry
      bySeq.set(entry.seq, entry)
    }
  }
  for (const { entries } of (await readCatalogue(dir))!.history) for (const entry of entries) bySeq.set(entry.seq, entry)
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
}

/** Each plant's status as its history says. */
function foldStatuses(entries: HistoryEntry[]): Map<number, PlantStatus> {
  const statuses = new Map<number, PlantStatus>()
  for (const entry of entries) {
    if (entry.type === 'plant.added') statuses.set(entry.plantId, entry.plant!.status)
    const to = entry.changes?.status?.to
    if (to !== undefined) statuses.set(entry.plantId, to as PlantStatus)
  }
  return statuses
}

describe('the change log under kill -9', () => {
  it('holds exactly the changes the catalogue holds after every round, and goes on above them after a restore', { timeout: 240_000 }, async () => {
    const dir = await makeTempDir()
    const backup = path.join(await makeTempDir(), 'early.json')
    const acknowledged = new Set<number>()
    const answered = new Tally()
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServe(dir, [], { PLANT_STORE_TOKEN: TOKEN })
      const clients = Array.from({ length: 4 }, (_, n) => client(server.baseUrl, `r${round}c${n}`, acknowledged, answered))
      await answered.reach(answered.count + anyOf(1, 30), `acknowledged changes in round ${round}`, clients)
      await server.stop(round % 3 === 2 ? 'SIGTERM' : 'SIGKILL') // a clean stop folds the journal: its entries go to the history files
      await Promise.all(clients)

      const catalogue = (await readCatalogue(dir))!.data
      const entries = await historyOnDisk(dir)
      const seqs = entries.map((entry) => entry.seq)
      expect(new Set(seqs).size, 'no seq twice').toBe(seqs.length)
      const folded = foldStatuses(entries)
      expect(folded.size, `round ${round}: one history per plant, none for a plant not saved`).toBe(catalogue.plants.length)
      for (const plant of catalogue.plants) expect(folded.get(plant.id), `round ${round}: plant ${plant.id}`).toBe(plant.status)
      for (const id of acknowledged) expect(folded.has(id), `acknowledged add of ${id}`).toBe(true)
      if (round === 1) await copyFile(path.join(dir, 'plants.json'), backup)
    }
    const highest = Math.max(...(await historyOnDisk(dir)).map((entry) => entry.seq))
    await restoreFromBackup(dir, backup)
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: TOKEN })
    expect((await call(server.baseUrl, 'POST', { name: 'after restore' })).status).toBe(200)
    await server.stop('SIGTERM')
    const last = (await historyOnDisk(dir)).at(-1)!
    expect(last).toMatchObject({ type: 'plant.added', by: 'ui' })
    expect(last.seq).toBeGreaterThan(highest)
  })
})
