/**
 * Serialised answers of the search, so that a read costs a lookup rather than
 * a JSON.stringify of the catalogue, and a write costs a small rebuild rather
 * than a whole one.
 *
 * - Plant records are immutable (an update replaces the object), so each
 *   record's JSON is kept beside it in a WeakMap and never goes stale.
 * - The catalogue is cut into chunks of CHUNK_SIZE positions; each chunk keeps
 *   the bytes of its matching records per status filter. A chunk is reused as
 *   long as it holds the very same record objects, so a write rebuilds only
 *   the chunk it touched.
 * - Whole answers are kept as bytes (sending a string would re-measure and
 *   re-encode it on every request) until the store's version moves.
 */
import { toPlantResponse, type Plant, type PlantStatus } from '#shared/plant'

const recordJson = new WeakMap<Plant, string>()

/** JSON of the contract's PlantResponse for `plant`, computed once per record. */
export function plantResponseJson(plant: Plant): string {
  let json = recordJson.get(plant)
  if (json === undefined) {
    json = JSON.stringify(toPlantResponse(plant))
    recordJson.set(plant, json)
  }
  return json
}

/** JSON array of the contract's PlantResponse for `plants`. */
export function plantListJson(plants: readonly Plant[]): string {
  let json = '['
  for (let i = 0; i < plants.length; i++) json += (i === 0 ? '' : ',') + plantResponseJson(plants[i]!)
  return json + ']'
}

/** A whole answer: the body bytes and the number of matches before paging. */
export interface Answer {
  body: Buffer
  total: number
}

/** Positions per chunk: small enough that rebuilding one is cheap, large enough that there are few. */
export const CHUNK_SIZE = 1000

interface ChunkPart {
  /** The matching records' JSON, comma-separated (no brackets); empty when none match. */
  bytes: Buffer
  count: number
}

interface Chunk {
  records: readonly Plant[]
  parts: Map<string, ChunkPart>
}

function sameRecords(chunk: Chunk, plants: readonly Plant[], start: number, end: number): boolean {
  if (chunk.records.length !== end - start) return false
  for (let i = start; i < end; i++) if (chunk.records[i - start] !== plants[i]) return false
  return true
}

const OPEN = Buffer.from('[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']')

/** Search answers over one store's catalogue. */
export class SearchAnswers {
  readonly #chunks: Chunk[] = []
  #version = -1
  readonly #answers = new Map<string, Answer>()

  /**
   * The answer listing every plant whose status is in `statuses` (all plants
   * when empty), in catalogue order. `plants` is the store's whole list at
   * `version`.
   */
  answer(plants: readonly Plant[], version: number, statuses: readonly PlantStatus[]): Answer {
    if (version !== this.#version) {
      this.#answers.clear()
      this.#version = version
    }
    const key = [...statuses].sort().join(',')
    let answer = this.#answers.get(key)
    if (answer === undefined) {
      answer = this.#build(plants, statuses, key)
      this.#answers.set(key, answer)
    }
    return answer
  }

  #build(plants: readonly Plant[], statuses: readonly PlantStatus[], key: string): Answer {
    const pieces: Buffer[] = [OPEN]
    let total = 0
    const chunkCount = Math.ceil(plants.length / CHUNK_SIZE)
    this.#chunks.length = Math.min(this.#chunks.length, chunkCount)
    for (let index = 0; index < chunkCount; index++) {
      const start = index * CHUNK_SIZE
      const end = Math.min(start + CHUNK_SIZE, plants.length)
      let chunk = this.#chunks[index]
      if (!chunk || !sameRecords(chunk, plants, start, end)) {
        chunk = { records: plants.slice(start, end), parts: new Map() }
        this.#chunks[index] = chunk
      }
      let part = chunk.parts.get(key)
      if (part === undefined) {
        const matching = statuses.length === 0 ? chunk.records : chunk.records.filter((plant) => statuses.includes(plant.status))
        part = { bytes: Buffer.from(matching.map(plantResponseJson).join(','), 'utf8'), count: matching.length }
        chunk.parts.set(key, part)
      }
      if (part.count === 0) continue
      if (total > 0) pieces.push(COMMA)
      pieces.push(part.bytes)
      total += part.count
    }
    pieces.push(CLOSE)
    return { body: Buffer.concat(pieces), total }
  }
}
