/**
 * Serialised answers of the search, so that a read costs a lookup rather than
 * a JSON.stringify of the catalogue. Plant records are immutable (an update
 * replaces the object), so each record's JSON is kept beside it in a WeakMap
 * and never goes stale; whole answers are kept until the store's version moves.
 */
import { toPlantResponse, type Plant } from '../../src-shared/plant'

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

/** A whole answer: the body and the number of matches before paging. */
export interface CachedAnswer {
  json: string
  total: number
}

/** Whole answers by query, valid for one store version. */
export class AnswerCache {
  #version = -1
  readonly #answers = new Map<string, CachedAnswer>()

  constructor(private readonly maxEntries = 32) {}

  /** The answer to `key` at `version`, computing (and keeping) it when missing. */
  get(version: number, key: string, compute: () => CachedAnswer): CachedAnswer {
    if (version !== this.#version) {
      this.#answers.clear()
      this.#version = version
    }
    let answer = this.#answers.get(key)
    if (answer === undefined) {
      answer = compute()
      if (this.#answers.size >= this.maxEntries) this.#answers.clear()
      this.#answers.set(key, answer)
    }
    return answer
  }
}
