/**
 * A bulk change is all or nothing across kill -9: bulk calls over the whole
 * catalogue (status changes, deletes, restores) run back to back, the server
 * is killed once one to three of them were answered in the round (the next
 * is then in flight), or at the next call's first journal write after that,
 * and what the next start loads must show each call applied to every plant
 * or to none.
 */
import { watch } from 'node:fs'
import { describe, expect, it, onTestFinished } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { Tally, anyOf } from '#setup/tally'
import { makeTempDir } from '#setup/temp-dir'

const PLANTS = 2000
const ROUNDS = 5
const ids = Array.from({ length: PLANTS }, (_, i) => i + 1)

async function post(server: ServeProcess, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: server.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body)
  })
  await response.arrayBuffer()
  return response.status
}

/** Bulk calls, from call `first` on, until the server dies; each one answered 200 is counted in `answered`. */
async function bulkCalls(server: ServeProcess, first: number, answered: Tally): Promise<void> {
  const calls: [string, unknown][] = [
    ['/plant/bulk', { ids, changes: { status: 'sold', price: 3.5 } }],
    ['/plant/bulk/delete', { ids }],
    ['/plant/bulk/restore', { ids }],
    ['/plant/bulk', { ids, changes: { status: 'pending', price: null } }],
    ['/plant/bulk', { ids, changes: { status: 'available' } }]
  ]
  for (let i = 0; ; i++) {
    try {
      const [path, body] = calls[(first + i) % calls.length]!
      expect(await post(server, path, body)).toBe(200)
      answered.add()
    } catch (error) {
      if (error instanceof TypeError) return // connection refused or reset: the server was killed
      throw error
    }
  }
}

/** Resolves at the next write to a journal file in `dir` (the line of a call whose answer may not have gone yet). */
function nextJournalWrite(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, name) => {
      if (!/^journal-\d+\.jsonl$/.test(String(name))) return
      watcher.close()
      resolve()
    })
    onTestFinished(() => watcher.close())
  })
}

describe('bulk changes and kill -9', () => {
  it('leave every bulk call applied to all plants or to none', { timeout: 240_000 }, async () => {
    const dir = await makeTempDir()
    let server = await startServe(dir)
    const adds = Array.from({ length: PLANTS }, (_, i) => `Plant ${i},available`).join('\n')
    const imported = await fetch(`${server.baseUrl}/import`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'text/csv' }),
      body: `name,status\n${adds}\n`
    })
    expect(imported.status).toBe(200)
    await server.stop()
    const answered = new Tally()
    for (let round = 0; round < ROUNDS; round++) {
      // A round killed between the delete and the restore left the plants deleted: this one starts with the restore.
      const deleted = (await readCatalogue(dir))!.data.plants[0]!.deletedAt !== undefined
      server = await startServe(dir)
      const calls = bulkCalls(server, deleted ? 2 : 0, answered)
      await answered.reach(answered.count + anyOf(1, 3), `bulk calls answered in round ${round}`, [calls])
      if (round % 2 === 1) await nextJournalWrite(dir) // the next call is being written: killed mid-write or just after
      await server.stop('SIGKILL')
      await calls

      const plants = (await readCatalogue(dir))!.data.plants
      expect(plants).toHaveLength(PLANTS) // tombstones are plants too, on disk
      const states = new Set(plants.map((plant) => JSON.stringify([plant.status, plant.priceCents, plant.deletedAt === undefined, plant.version])))
      expect([...states], `round ${round}: one state for all plants`).toHaveLength(1)
    }
  })
})
