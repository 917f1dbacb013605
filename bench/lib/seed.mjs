/**
 * Seeds benchmark catalogues: `plants.json` in the server's own format (for
 * our server and the baseline) and the same plants as a json-server `db.json`.
 * Plants are deterministic (fixed PRNG seed) so runs compare like with like.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, copyFile, writeFile, stat, rm } from 'node:fs/promises'
import path from 'node:path'
import { startServer, stopServer } from './servers.mjs'

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

/**
 * Rewrites `plantsFile` as the build in `appDir` writes it, by starting that
 * build over a copy (a server migrates an older file at its first start) and
 * stopping it. Seeds are written in the first layout; without this, every
 * measured start-up would migrate and rewrite the whole file, which a shop's
 * server does once after an update, not at each start.
 */
export async function toCurrentLayout(plantsFile, appDir) {
  const dataDir = `${plantsFile}.converting`
  await freshDataDir(dataDir, plantsFile, 'plants.json')
  const server = await startServer('ours', dataDir, { token: randomBytes(24).toString('base64url'), appDir })
  await stopServer(server)
  await copyFile(path.join(dataDir, 'plants.json'), plantsFile)
  await rm(dataDir, { recursive: true, force: true })
}

/** {@link writeSeed}, with plants.json in the layout of the build in `appDir` (see {@link toCurrentLayout}). */
export async function currentSeed(dir, count, appDir) {
  const seed = await writeSeed(dir, count)
  await toCurrentLayout(seed.plantsFile, appDir)
  return { ...seed, bytes: (await stat(seed.plantsFile)).size }
}
