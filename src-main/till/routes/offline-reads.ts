/**
 * The main computer's answers to the reads a till window needs to sell (its plants, the shop's and the sales settings,
 * the staff on the PIN pad), kept in memory on a paired till. While the main computer cannot be reached the till
 * answers those reads as it last had them, marked `X-Plant-Store-Offline: <when it was read>`, so a code scanned is
 * still found, priced and sold into the outbox. The copy is kept on the till's disk too (read-copy-file.ts), so a till
 * started while the main computer is away answers as well; every other request still says it cannot be reached. The
 * same copy lets the till check a sale before keeping it (kept-sale-check.ts): its sales settings and plant prices.
 */
import type { EventHandler, H3Event } from 'h3'
import { validate } from '#shared/body-rules'
import { centsOf, isPriceCents } from '#shared/money'
import type { Plant } from '#shared/plant'
import { PROBLEM_TYPES } from '#shared/problem'
import type { PlantToPrice } from '#shared/sale-pricing'
import { SALES_SETTINGS_BODY, type SalesSettings } from '#shared/tax'
import { HttpProblem } from '#server'

/** The reads kept: a plant, the plant list, the shop's and the sales settings, the staff list. */
const KEPT_PATHS = [/^\/v3\/plant(\/\d+)?$/, /^\/v3\/settings\/(shop|sales)$/, /^\/v3\/staff$/]

/** The most kept, oldest answers forgotten first: a till window's reads, not a copy of the catalogue. */
export const ANSWER_BYTES_MAX = 32 * 1024 * 1024
const PLANTS_MAX = 50_000
/** An answer larger than this is passed on and not kept (a list of that size is no till window's read). */
const ANSWER_MAX = 4 * 1024 * 1024

/** The header of an answer given from what the till kept: when the main computer gave it. */
export const OFFLINE_HEADER = 'x-plant-store-offline'

/** One kept answer. */
export interface Kept {
  text: string
  /** The answer's headers (the list's total and status counts ride in them), but those of the hop. */
  headers: [string, string][]
  at: string
}

/** The kept answer of the sales settings: what a sale kept here is priced with. */
const SALES_SETTINGS_URL = '/v3/settings/sales'

/** The plant list's parameters that only order it: a list read with no others holds every plant there was. */
const ORDER_ONLY_PARAMS = new Set(['sort'])

/** Every plant of a whole list read (by id), and the highest id: a plant added since has a higher one. */
interface WholeList {
  ids: Set<number>
  maxId: number
}

/** Headers of the hop to the main computer, never given again from here. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

/** A paired till's copy of the main computer's answers to the reads a till window sells with. */
export class TillReadCache {
  readonly #answers = new Map<string, Kept>()
  /** Every plant seen in a kept answer (a list page or one plant), by id: a scan asks /v3/plant/{id}. */
  readonly #plants = new Map<number, Kept>()
  #bytes = 0
  #wholeList: WholeList | undefined
  /** Told of each answer kept, and whether its content changed (or only when it was read): the disk copy's cue. */
  readonly #listeners: ((changed: boolean) => void)[] = []

  /** `forward`, keeping its answers to the reads above and answering them from here while the main computer is away. */
  wrap(forward: EventHandler): EventHandler {
    return async (event) => {
      if (!isKeptRead(event)) return forward(event)
      let answer: Response
      try {
        answer = (await forward(event)) as Response
      } catch (error) {
        // A till the main computer unpaired sells nothing more: what it read for that pairing is forgotten.
        if (isRevoked(error)) this.forget()
        const kept = isPrimaryAway(error) ? this.#find(event) : undefined
        if (!kept) throw error
        return answerOf(kept)
      }
      const contentType = answer.headers.get('content-type') ?? ''
      const length = Number(answer.headers.get('content-length') ?? 0)
      if (answer.status !== 200 || !contentType.includes('json') || length > ANSWER_MAX) return answer
      const text = await answer.text()
      const headers = [...answer.headers].filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()))
      const changed = this.keep(event.url.pathname + event.url.search, { text, headers, at: new Date().toISOString() })
      for (const listener of this.#listeners) listener(changed)
      return new Response(text, { status: answer.status, headers: answer.headers })
    }
  }

  /**
   * Keeps `kept` as the answer to `url` (a path and its query), the newest, forgetting the oldest beyond the bounds;
   * whether its content is new (not only the time it was read). Answers read back from the disk come in here too,
   * oldest first, so the bounds and the plants by id are what they were.
   */
  keep(url: string, kept: Kept): boolean {
    const parts = new URL(url, 'http://till')
    if (kept.text.length > ANSWER_MAX || !KEPT_PATHS.some((path) => path.test(parts.pathname))) return false
    const before = this.#answers.get(url)
    this.#bytes -= before?.text.length ?? 0
    this.#answers.delete(url) // kept again as the newest
    this.#answers.set(url, kept)
    this.#bytes += kept.text.length
    for (const [oldest, answer] of this.#answers) {
      if (this.#bytes <= ANSWER_BYTES_MAX) break
      this.#answers.delete(oldest)
      this.#bytes -= answer.text.length
    }
    if (parts.pathname.startsWith('/v3/plant')) this.#keepPlants(parts, kept)
    return before?.text !== kept.text
  }

  /** The answers kept, oldest first, each with its path and query: what the disk copy holds. */
  answers(): IterableIterator<[string, Kept]> {
    return this.#answers.entries()
  }

  /** Calls `listener` after each answer kept, with whether its content changed. */
  onKept(listener: (changed: boolean) => void): void {
    this.#listeners.push(listener)
  }

  /** Forgets every answer (the till was unpaired); the disk copy follows. */
  forget(): void {
    const had = this.#answers.size > 0
    this.#answers.clear()
    this.#plants.clear()
    this.#bytes = 0
    this.#wholeList = undefined
    if (had) for (const listener of this.#listeners) listener(true)
  }

  /** The shop's sales settings as last read (undefined when never read, or not readable as such). */
  salesSettings(): SalesSettings | undefined {
    const kept = this.#answers.get(SALES_SETTINGS_URL)
    const checked = kept === undefined ? undefined : validate(SALES_SETTINGS_BODY, parsed(kept.text))
    return checked?.ok ? checked.value : undefined
  }

  /** Plant `id` as last read, with what pricing needs (its price in whole cents); undefined when never read. */
  plantToPrice(id: number): PlantToPrice | undefined {
    const plant = parsed(this.#plants.get(id)?.text ?? 'null') as Partial<Plant> | undefined
    if (plant?.id !== id) return undefined
    const { name, category, price } = plant
    if (price !== undefined && !isPriceCents(centsOf(price))) return undefined // no price this till can judge by
    return {
      id,
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof category === 'string' ? { category } : {}),
      ...(typeof price === 'number' ? { priceCents: centsOf(price) } : {})
    }
  }

  /**
   * True when the till knows the main computer has no plant `id`: a whole list read held none, none was read since,
   * and a plant added since would have a higher id. (One deleted before that list and restored since is the one
   * plant this wrongs; docs/api.md says so.)
   */
  knowsNoPlant(id: number): boolean {
    const list = this.#wholeList
    return list !== undefined && id <= list.maxId && !list.ids.has(id) && !this.#plants.has(id)
  }

  /** The plants of a kept answer, each by its id (a list page's, or the one plant asked for). */
  #keepPlants(url: URL, kept: Kept): void {
    let body: unknown
    try {
      body = JSON.parse(kept.text)
    } catch {
      return
    }
    // A list page is an array of plants (its total and counts in headers); one plant is the plant itself.
    const plants = Array.isArray(body) ? (body as unknown[]) : [body]
    if (Array.isArray(body) && url.pathname === '/v3/plant' && [...url.searchParams.keys()].every((name) => ORDER_ONLY_PARAMS.has(name)))
      this.#wholeList = wholeListOf(plants)
    for (const plant of plants) {
      const id = (plant as { id?: unknown } | null)?.id
      if (typeof id !== 'number') continue
      this.#plants.delete(id)
      this.#plants.set(id, { text: JSON.stringify(plant), headers: [['content-type', 'application/json']], at: kept.at })
    }
    for (const oldest of this.#plants.keys()) {
      if (this.#plants.size <= PLANTS_MAX) break
      this.#plants.delete(oldest)
    }
  }

  #find(event: H3Event): Kept | undefined {
    const exact = this.#answers.get(event.url.pathname + event.url.search)
    if (exact) return exact
    const id = /^\/v3\/plant\/(\d+)$/.exec(event.url.pathname)?.[1]
    return id === undefined || event.url.search !== '' ? undefined : this.#plants.get(Number(id))
  }
}

/** The ids of a whole list's plants, and the highest. */
function wholeListOf(plants: unknown[]): WholeList {
  const ids = new Set<number>()
  let maxId = 0
  for (const plant of plants) {
    const id = (plant as { id?: unknown } | null)?.id
    if (typeof id !== 'number') continue
    ids.add(id)
    maxId = Math.max(maxId, id)
  }
  return { ids, maxId }
}

/** `text` as JSON, undefined when it is not. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isKeptRead(event: H3Event): boolean {
  return event.req.method === 'GET' && KEPT_PATHS.some((path) => path.test(event.url.pathname))
}

/** The forward's own words for a main computer that did not answer (never a changed certificate or a revoked till). */
function isPrimaryAway(error: unknown): boolean {
  return error instanceof HttpProblem && error.problem.type === PROBLEM_TYPES.primaryUnreachable
}

/** The main computer's word that this till's token was revoked: it is a till of that shop no more. */
function isRevoked(error: unknown): boolean {
  return error instanceof HttpProblem && error.problem.type === PROBLEM_TYPES.tillRevoked
}

function answerOf(kept: Kept): Response {
  const headers = new Headers(kept.headers)
  headers.set(OFFLINE_HEADER, kept.at)
  headers.set('cache-control', 'no-store')
  return new Response(kept.text, { status: 200, headers })
}
