/**
 * Seeds benchmark catalogues: `plants.json` in the server's own format (for
 * our server and the baseline) and the same plants as a json-server `db.json`.
 * Plants are deterministic (fixed PRNG seed) so runs compare like with like.
 */
import { mkdir, copyFile, writeFile, stat } from 'node:fs/promises'
import path from 'node:path'

/** The three statuses, spread evenly over the seeded plants. */
export const STATUSES = ['available', 'pending', 'sold']

/** The first plants of every seed are lines kept in stock (the stock-sale scenario sells from them); the rest are single plants. */
export const STOCKED_LINES = 100

/** Pots on hand of each stocked line: more than any run sells. */
const STOCKED_QUANTITY = 1_000_000

const GENERA = ['Monstera', 'Ficus', 'Calathea', 'Philodendron', 'Pothos', 'Sansevieria', 'Alocasia', 'Hoya', 'Peperomia', 'Aloe']
const CATEGORIES = ['Aroids', 'Figs', 'Prayer plants', 'Succulents', 'Trailing', 'Ferns']
const TAGS = ['indoor', 'shade', 'sun', 'pet-safe', 'humid', 'easy', 'rare', 'large']
const CREATED_AT = '2024-05-01T09:00:00.000Z'

/** A small deterministic PRNG (mulberry32), so seeds are reproducible. */
function createRandom(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` plants with ids 1..count, statuses round-robin (one third each). */
export function makePlants(count) {
  const random = createRandom(count)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const plants = new Array(count)
  for (let i = 0; i < count; i++) {
    const tags = [...new Set([pick(TAGS), pick(TAGS)])].slice(0, Math.floor(random() * 3))
    plants[i] = {
      id: i + 1,
      name: `${pick(GENERA)} no. ${i + 1}`,
      category: pick(CATEGORIES),
      tags,
      status: STATUSES[i % 3],
      ...(i < STOCKED_LINES ? { quantity: STOCKED_QUANTITY } : {}),
      createdAt: CREATED_AT,
      updatedAt: CREATED_AT
    }
  }
  return plants
}

/**
 * Writes the seed files for `count` plants into `dir`: `plants.json` (our
 * format) and `db.json` (json-server's `{plants: [...]}`). Returns their paths and sizes.
 */
export async function writeSeed(dir, count) {
  await mkdir(dir, { recursive: true })
  const plants = makePlants(count)
  const plantsFile = path.join(dir, 'plants.json')
  const dbFile = path.join(dir, 'db.json')
  await writeFile(plantsFile, JSON.stringify({ version: 1, nextId: count + 1, plants }))
  // json-server 0.17 rewrites its file pretty-printed; start it from the same shape it writes.
  await writeFile(dbFile, JSON.stringify({ plants }, null, 2))
  return { plantsFile, dbFile, bytes: (await stat(plantsFile)).size }
}

/** Copies one seed file into a fresh data folder `dir`, so each server run starts from the same catalogue. */
export async function freshDataDir(dir, seedFile, name) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const target = path.join(dir, name)
  await copyFile(seedFile, target)
  return target
}
