/**
 * The main computer's answers to the reads a till window needs to sell (its plants, the shop's and the sales settings,
 * the staff on the PIN pad), kept in memory on a paired till. While the main computer cannot be reached the till
 * answers those reads as it last had them, marked `X-Plant-Store-Offline: <when it was read>`, so a code scanned is
 * still found, priced and sold into the outbox. Only what was read since the till started is there; nothing is
 * written, and every other request still says the main computer cannot be reached.
 */
import type { EventHandler, H3Event } from 'h3'
import { PROBLEM_TYPES } from '#shared/problem'
import { HttpProblem } from '#server'

/** The reads kept: a plant, the plant list, the shop's and the sales settings, the staff list. */
const KEPT_PATHS = [/^\/v3\/plant(\/\d+)?$/, /^\/v3\/settings\/(shop|sales)$/, /^\/v3\/staff$/]

/** The most kept, oldest answers forgotten first: a till window's reads, not a copy of the catalogue. */
const ANSWER_BYTES_MAX = 32 * 1024 * 1024
const PLANTS_MAX = 50_000
/** An answer larger than this is passed on and not kept (a list of that size is no till window's read). */
const ANSWER_MAX = 4 * 1024 * 1024

/** The header of an answer given from what the till kept: when the main computer gave it. */
export const OFFLINE_HEADER = 'x-plant-store-offline'

interface Kept {
  text: string
  /** The answer's headers (the list's total and status counts ride in them), but those of the hop. */
  headers: [string, string][]
  at: string
}

/** Headers of the hop to the main computer, never given again from here. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

/** A paired till's copy of the main computer's answers to the reads a till window sells with. */
export class TillReadCache {
  readonly #answers = new Map<string, Kept>()
  /** Every plant seen in a kept answer (a list page or one plant), by id: a scan asks /v3/plant/{id}. */
  readonly #plants = new Map<number, Kept>()
  #bytes = 0

  /** `forward`, keeping its answers to the reads above and answering them from here while the main computer is away. */
  wrap(forward: EventHandler): EventHandler {
    return async (event) => {
      if (!isKeptRead(event)) return forward(event)
      let answer: Response
      try {
        answer = (await forward(event)) as Response
      } catch (error) {
        const kept = isPrimaryAway(error) ? this.#find(event) : undefined
        if (!kept) throw error
        return answerOf(kept)
      }
      const contentType = answer.headers.get('content-type') ?? ''
      const length = Number(answer.headers.get('content-length') ?? 0)
      if (answer.status !== 200 || !contentType.includes('json') || length > ANSWER_MAX) return answer
      const text = await answer.text()
      const headers = [...answer.headers].filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()))
      this.#keep(event, { text, headers, at: new Date().toISOString() })
      return new Response(text, { status: answer.status, headers: answer.headers })
    }
  }

  #keep(event: H3Event, kept: Kept): void {
    if (kept.text.length > ANSWER_MAX) return
    const url = event.url.pathname + event.url.search
    this.#bytes -= this.#answers.get(url)?.text.length ?? 0
    this.#answers.delete(url) // kept again as the newest
    this.#answers.set(url, kept)
    this.#bytes += kept.text.length
    for (const [oldest, answer] of this.#answers) {
      if (this.#bytes <= ANSWER_BYTES_MAX) break
      this.#answers.delete(oldest)
      this.#bytes -= answer.text.length
    }
    if (event.url.pathname.startsWith('/v3/plant')) this.#keepPlants(kept)
  }

  /** The plants of a kept answer, each by its id (a list page's, or the one plant asked for). */
  #keepPlants(kept: Kept): void {
    let body: unknown
    try {
      body = JSON.parse(kept.text)
    } catch {
      return
    }
    // A list page is an array of plants (its total and counts in headers); one plant is the plant itself.
    const plants = Array.isArray(body) ? (body as unknown[]) : [body]
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

function isKeptRead(event: H3Event): boolean {
  return event.req.method === 'GET' && KEPT_PATHS.some((path) => path.test(event.url.pathname))
}

/** The forward's own words for a main computer that did not answer (never a changed certificate or a revoked till). */
function isPrimaryAway(error: unknown): boolean {
  return error instanceof HttpProblem && error.problem.type === PROBLEM_TYPES.primaryUnreachable
}

function answerOf(kept: Kept): Response {
  const headers = new Headers(kept.headers)
  headers.set(OFFLINE_HEADER, kept.at)
  headers.set('cache-control', 'no-store')
  return new Response(kept.text, { status: 200, headers })
}
