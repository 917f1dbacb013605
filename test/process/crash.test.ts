/**
 * Crash safety, proven with real processes: a stream of concurrent adds and
 * updates, SIGKILL at a random moment, restart, and every acknowledged change
 * must be in the file. PLANT_STORE_CRASH_ROUNDS sets the number of rounds
 * (default 20) for a longer soak.
 */
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const ROUNDS = Number(process.env.PLANT_STORE_CRASH_ROUNDS ?? 20)
const CLIENTS = 6
const TOKEN = 'crash-test-token-0123456789abcdef0123456789'
const STATUSES = ['available', 'pending', 'sold'] as const

/** What the clients were told was saved, and what they sent without an answer. */
interface Ledger {
  added: Map<number, string> // id → name
  /** id → statuses the plant may have: the last acknowledged one, plus any sent but unanswered after it. */
  status: Map<number, Set<string>>
}

async function request(baseUrl: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/plant`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body)
  })
}

/** One client: adds its own plants and updates them, recording every acknowledgement, until the server dies. */
async function client(baseUrl: string, round: number, n: number, ledger: Ledger): Promise<void> {
  const mine: number[] = []
  for (let i = 0; ; i++) {
    try {
      if (mine.length === 0 || i % 3 === 0) {
        const name = `r${round}-c${n}-${i}`
        const response = await request(baseUrl, 'POST', { name, status: 'available' })
        if (response.status !== 200) throw new Error(`add answered ${response.status}`)
        const { id } = await response.json()
        ledger.added.set(id, name)
        ledger.status.set(id, new Set(['available']))
        mine.push(id)
      } else {
        const id = mine[i % mine.length]!
        const status = STATUSES[i % 3]!
        const possible = ledger.status.get(id)!
        possible.add(status) // sent: it may land even if the answer never comes
        const response = await request(baseUrl, 'PUT', { id, status })
        if (response.status !== 200) throw new Error(`update answered ${response.status}`)
        ledger.status.set(id, new Set([status]))
      }
    } catch (error) {
      if (error instanceof TypeError) return // connection refused or reset: the server was killed
      throw error
    }
  }
}

describe('crash safety (SIGKILL at random moments)', () => {
  // A cap, not a speed claim: a round is a process start and a kill, which take seconds each on a loaded 2-core machine.
  it(`loses no acknowledged change over ${ROUNDS} kill -9 rounds`, { timeout: 60_000 + ROUNDS * 10_000 }, async () => {
    const dir = await makeTempDir()
    const ledger: Ledger = { added: new Map(), status: new Map() }
    let acknowledged = 0
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServe(dir, [], { PLANT_STORE_TOKEN: TOKEN })
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(server.baseUrl, round, n, ledger))
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 250))
      await server.stop('SIGKILL')
      await Promise.all(clients)

      // What the next start will load: plants.json plus the journal, each checked (throws on damage).
      const data = (await readCatalogue(dir))!.data
      const byId = new Map(data.plants.map((plant) => [plant.id, plant]))
      for (const [id, name] of ledger.added) {
        expect(byId.get(id)?.name, `acknowledged add of plant ${id} (round ${round})`).toBe(name)
        expect([...ledger.status.get(id)!], `status of plant ${id} (round ${round})`).toContain(byId.get(id)!.status)
      }
      acknowledged = ledger.added.size
    }
    expect(acknowledged).toBeGreaterThan(ROUNDS) // the rounds really did work before each kill
  })
})
