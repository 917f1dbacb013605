/**
 * The typed client of the Plant Store API: the only code that knows its URLs.
 * The staff UI, scripts and tests use it alike. Every failure arrives as an
 * {@link ApiError} built from the server's problem+json (status 0 when the
 * server could not be reached at all). Runs in Node and in browsers.
 */
import { API_PATHS, EXTENSION_PATHS, STATUS_COUNTS_HEADER, type PlantSortKey } from './api-paths'
import { PLANT_STATUSES, type NewPlant, type Plant, type PlantChanges, type PlantResponse, type PlantStatus } from './plant'
import { PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from './problem'
import { TRANSFER_MEDIA_TYPES, type ImportSummary, type TransferFormat } from './import-export'

/** Where the API is and how to reach it. */
export interface ApiClientOptions {
  /** The API's base URL, ending in /v3, e.g. http://127.0.0.1:7420/v3 */
  baseUrl: string
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string
  /** The fetch to use (default: the global one); tests pass an in-process one. */
  fetch?: FetchLike
}

/** What the client needs of `fetch` (the global one fits). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** A failed request, as the server explained it (RFC 9457), or status 0 when it could not be reached. */
export class ApiError extends Error {
  readonly status: number
  readonly type: string
  readonly title: string
  readonly detail: string
  readonly errors: FieldError[]

  constructor(problem: Problem) {
    super(problem.detail)
    this.name = 'ApiError'
    this.status = problem.status
    this.type = problem.type
    this.title = problem.title
    this.detail = problem.detail
    this.errors = problem.errors ?? []
  }

  /** True when no answer came at all (server stopped, network down). */
  get unreachable(): boolean {
    return this.status === 0
  }

  /** The messages of `errors[]` by top-level field (see {@link errorsByField}). */
  byField(): Record<string, string[]> {
    return errorsByField(this.errors)
  }
}

/** Groups field errors by top-level field: `tags[2]` is filed under `tags`, the body as a whole under ''. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const error of errors) {
    const field = /^[^[.]*/.exec(error.field)?.[0] ?? ''
    ;(fields[field] ??= []).push(error.message)
  }
  return fields
}

/** Options of one request. */
export interface RequestOptions {
  signal?: AbortSignal
}

export type { PlantSortKey }
/** A sort key, `-` prefixed for descending. */
export type PlantSort = PlantSortKey | `-${PlantSortKey}`

/** Query of {@link ApiClient.listPlants}. */
export interface PlantListQuery {
  status?: PlantStatus | readonly PlantStatus[]
  q?: string
  sort?: PlantSort
  limit?: number
  offset?: number
}

/** Plants in each state. */
export type StatusCounts = Record<PlantStatus, number>

/** One page of the full-plant list. */
export interface PlantList {
  plants: Plant[]
  /** Matches before paging. */
  total: number
  /** Plants matching `q` in each state, whatever the status filter. */
  counts: StatusCounts
}

/** One page of the contract's search. */
export interface SearchPage {
  plants: PlantResponse[]
  total: number
}

/** A saved change announced by the server. */
export interface PlantEvent {
  type: 'plant.added' | 'plant.updated'
  plant: Plant
}

/** State of the change stream: `open` once the server answered; `reconnecting` while waiting to retry. */
export type StreamState = 'connecting' | 'open' | 'reconnecting'

/** Options of {@link ApiClient.subscribe}. */
export interface SubscribeOptions {
  onEvent(event: PlantEvent): void
  /** An import changed many plants at once: reload the view (one event per import, not one per plant). */
  onImportApplied?(counts: { added: number; updated: number }): void
  /** Told of every state change; `error` says why a reconnect is due. */
  onState?(state: StreamState, info: { attempt: number; delayMs?: number; error?: unknown }): void
  signal?: AbortSignal
  /** First retry delay, doubled per failed attempt up to `maxDelayMs` (defaults 500 ms and 10 s). */
  initialDelayMs?: number
  maxDelayMs?: number
  /** A stream silent for this long is taken as dead and reopened (default 45 s: three missed heartbeats). */
  idleTimeoutMs?: number
}

/** The API's operations. */
export interface ApiClient {
  /** add-plant (contract). */
  addPlant(plant: NewPlant, options?: RequestOptions): Promise<PlantResponse>
  /** update-plant (contract): the fields present in `changes` change. */
  updatePlant(changes: PlantChanges, options?: RequestOptions): Promise<PlantResponse>
  /** Search by status (contract). */
  searchByStatus(query?: Omit<PlantListQuery, 'q' | 'sort'>, options?: RequestOptions): Promise<SearchPage>
  /** One full plant (extension). */
  getPlant(id: number, options?: RequestOptions): Promise<Plant>
  /** Full plants with search, sort, paging and per-status counts (extension). */
  listPlants(query?: PlantListQuery, options?: RequestOptions): Promise<PlantList>
  /** Follows the change stream (extension), reconnecting with back-off; returns a function that stops it. */
  subscribe(options: SubscribeOptions): () => void
  /** The catalogue as a CSV or JSON file (extension), all plants or those in `statuses`. */
  exportPlants(format: TransferFormat, statuses?: readonly PlantStatus[], options?: RequestOptions): Promise<Blob>
  /**
   * Imports a CSV or JSON file (extension): a dry run previews; otherwise it is applied all or nothing
   * (ApiError 422 with errors[] of {row, field, message} when the file has errors).
   */
  importPlants(file: Blob | string, format: TransferFormat, dryRun: boolean, options?: RequestOptions): Promise<ImportSummary>
}

/** A request body sent as it is, with its own media type (an import file), instead of as JSON. */
class RawBody {
  constructor(
    readonly data: Blob | string,
    readonly type: string
  ) {}
}

/** Parses `available=3, pending=1, sold=2`; a missing state counts 0. */
export function parseStatusCounts(header: string | null): StatusCounts {
  const counts: StatusCounts = { available: 0, pending: 0, sold: 0 }
  for (const part of (header ?? '').split(',')) {
    const [name = '', value = ''] = part.split('=').map((text) => text.trim())
    if ((PLANT_STATUSES as readonly string[]).includes(name)) counts[name as PlantStatus] = Number(value) || 0
  }
  return counts
}

function queryString(query: PlantListQuery): string {
  const params = new URLSearchParams()
  const statuses = query.status === undefined ? [] : typeof query.status === 'string' ? [query.status] : query.status
  if (statuses.length > 0) params.set('status', statuses.join(','))
  if (query.q !== undefined && query.q.trim() !== '') params.set('q', query.q)
  if (query.sort !== undefined) params.set('sort', query.sort)
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  if (query.offset) params.set('offset', String(query.offset))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** Turns a failed response into an ApiError, whether or not it carries problem+json. */
async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? ''
  const text = await response.text().catch(() => '')
  if (type.startsWith(PROBLEM_CONTENT_TYPE) || type.startsWith('application/json')) {
    try {
      const body = JSON.parse(text) as Partial<Problem>
      if (typeof body.detail === 'string') {
        return new ApiError({
          type: body.type ?? 'about:blank',
          title: body.title ?? response.statusText,
          status: response.status,
          detail: body.detail,
          errors: Array.isArray(body.errors) ? body.errors : []
        })
      }
    } catch {
      // not JSON after all: fall through to the plain description
    }
  }
  const title = response.statusText || `HTTP ${response.status}`
  return new ApiError({ type: 'about:blank', title, status: response.status, detail: text.slice(0, 300) || title })
}

function unreachable(error: unknown): ApiError {
  const reason = error instanceof Error ? error.message : String(error)
  return new ApiError({
    type: 'about:blank',
    title: 'Server unreachable',
    status: 0,
    detail: `The Plant Store server did not answer (${reason}). Is it running?`
  })
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Reads `text/event-stream` text line by line (WHATWG rules: CR, LF or CRLF; `:` comments). */
class EventStreamParser {
  #buffer = ''
  #event = ''
  #data: string[] = []

  constructor(private readonly dispatch: (event: string, data: string) => void) {}

  push(chunk: string): void {
    this.#buffer += chunk
    const lines = this.#buffer.split(/\r\n|\r|\n/)
    // The last piece may be a partial line (or a lone CR before its LF); keep it for the next chunk.
    this.#buffer = lines.pop() ?? ''
    for (const line of lines) this.#line(line)
  }

  #line(line: string): void {
    if (line === '') {
      if (this.#data.length > 0) this.dispatch(this.#event || 'message', this.#data.join('\n'))
      this.#event = ''
      this.#data = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.#event = value
    else if (field === 'data') this.#data.push(value)
  }
}

/** Creates a client for the API at `options.baseUrl`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {}

  async function send(method: string, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...auth }
    if (body !== undefined) headers['content-type'] = body instanceof RawBody ? body.type : 'application/json'
    let response: Response
    try {
      response = await doFetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof RawBody ? body.data : JSON.stringify(body),
        signal: requestOptions.signal
      })
    } catch (error) {
      if (isAbort(error)) throw error
      throw unreachable(error)
    }
    if (!response.ok) throw await toApiError(response)
    return response
  }

  const json = async <T>(response: Response): Promise<T> => (await response.json()) as T
  const total = (response: Response) => Number(response.headers.get('x-total-count') ?? 0)

  async function readEvents(subscription: SubscribeOptions, signal: AbortSignal, opened: () => void): Promise<void> {
    const idleTimeoutMs = subscription.idleTimeoutMs ?? 45_000
    const stream = new AbortController()
    let reader: ReadableStreamDefaultReader<string> | undefined
    // Cancelling the reader too ends a read that the fetch's signal does not reach.
    const abortStream = () => {
      stream.abort()
      reader?.cancel().catch(() => undefined)
    }
    signal.addEventListener('abort', abortStream, { once: true })
    let idle: ReturnType<typeof setTimeout> | undefined
    const alive = () => {
      clearTimeout(idle)
      idle = setTimeout(abortStream, idleTimeoutMs)
    }
    try {
      alive()
      const response = await send('GET', EXTENSION_PATHS.events, undefined, { signal: stream.signal })
      opened()
      reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      const parser = new EventStreamParser((event, data) => {
        if (event === 'import.applied') subscription.onImportApplied?.(JSON.parse(data) as { added: number; updated: number })
        if (event !== 'plant.added' && event !== 'plant.updated') return
        subscription.onEvent({ type: event, plant: JSON.parse(data) as Plant })
      })
      for (;;) {
        const { value, done } = await reader.read()
        if (done || stream.signal.aborted) return
        alive()
        parser.push(value)
      }
    } finally {
      clearTimeout(idle)
      signal.removeEventListener('abort', abortStream)
    }
  }

  return {
    async addPlant(plant, requestOptions) {
      return json<PlantResponse>(await send('POST', API_PATHS.plant, plant, requestOptions))
    },
    async updatePlant(changes, requestOptions) {
      return json<PlantResponse>(await send('PUT', API_PATHS.plant, changes, requestOptions))
    },
    async searchByStatus(query = {}, requestOptions) {
      const response = await send('GET', API_PATHS.searchByStatus + queryString(query), undefined, requestOptions)
      return { plants: await json<PlantResponse[]>(response), total: total(response) }
    },
    async getPlant(id, requestOptions) {
      const path = EXTENSION_PATHS.plantById.replace('{id}', encodeURIComponent(String(id)))
      return json<Plant>(await send('GET', path, undefined, requestOptions))
    },
    async listPlants(query = {}, requestOptions) {
      const response = await send('GET', EXTENSION_PATHS.plants + queryString(query), undefined, requestOptions)
      return {
        plants: await json<Plant[]>(response),
        total: total(response),
        counts: parseStatusCounts(response.headers.get(STATUS_COUNTS_HEADER))
      }
    },
    async exportPlants(format, statuses = [], requestOptions) {
      const query = new URLSearchParams({ format })
      if (statuses.length > 0) query.set('status', statuses.join(','))
      return (await send('GET', `${EXTENSION_PATHS.export}?${query}`, undefined, requestOptions)).blob()
    },
    async importPlants(file, format, dryRun, requestOptions) {
      const body = new RawBody(file, `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8`)
      return json<ImportSummary>(await send('POST', `${EXTENSION_PATHS.import}?dryRun=${dryRun}`, body, requestOptions))
    },
    subscribe(subscription) {
      const stop = new AbortController()
      subscription.signal?.addEventListener('abort', () => stop.abort(), { once: true })
      const initial = subscription.initialDelayMs ?? 500
      const max = subscription.maxDelayMs ?? 10_000
      void (async () => {
        let attempt = 0
        subscription.onState?.('connecting', { attempt })
        while (!stop.signal.aborted) {
          let error: unknown
          try {
            await readEvents(subscription, stop.signal, () => {
              attempt = 0
              subscription.onState?.('open', { attempt })
            })
          } catch (failure) {
            error = failure
          }
          if (stop.signal.aborted) return
          attempt++
          // Exponential back-off with jitter, so many UIs do not all knock at once after a restart.
          const delayMs = Math.round(Math.min(max, initial * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4))
          subscription.onState?.('reconnecting', { attempt, delayMs, error })
          await sleep(delayMs, stop.signal)
        }
      })()
      return () => stop.abort()
    }
  }
}
