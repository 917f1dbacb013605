/**
 * The typed client of the Plant Store API: the only code that knows its URLs.
 * The staff UI, scripts and tests use it alike. Every failure arrives as an
 * {@link ApiError} built from the server's problem+json (status 0 when the
 * server could not be reached at all). Runs in Node and in browsers.
 */
import { tillApi, type TillApi } from './api-client-till'
import { toApiError, unreachable } from './api-errors'
import { API_PATHS, EXTENSION_HEADERS, EXTENSION_PATHS, STATUS_COUNTS_HEADER, type PlantSortKey } from './api-paths'
import { newIdempotencyKey, withRetries, type RetryPolicy } from './api-retry'
import { parsePlantEtag, plantEtag } from './etag'
import type { CreatedToken, NamedTokenInfo, TokenScope } from './named-token'
import { PLANT_STATUSES, type NewPlant, type Plant, type PlantChanges, type PlantResponse, type PlantStatus } from './plant'
import { TRANSFER_MEDIA_TYPES, type BackupFolderStatus, type ImportSummary, type TransferFormat } from './import-export'

export { ApiError, errorsByField } from './api-errors'
export type { RetryPolicy } from './api-retry'

/** Where the API is and how to reach it. */
export interface ApiClientOptions {
  /** The API's base URL, ending in /v3, e.g. http://127.0.0.1:7420/v3 */
  baseUrl: string
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string
  /** The fetch to use (default: the global one); tests pass an in-process one. */
  fetch?: FetchLike
  /** How adds are retried after a network error or a 503 (they carry an Idempotency-Key, so a retry never adds twice). */
  addRetries?: RetryPolicy
}

/** What the client needs of `fetch` (the global one fits). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Options of one request. */
export interface RequestOptions {
  signal?: AbortSignal
}

/** Options of an add. */
export interface AddOptions extends RequestOptions {
  /** The add's Idempotency-Key; a new random one by default. Give your own to make a retry across runs of a script safe. */
  idempotencyKey?: string
}

/** Options of an update. */
export interface UpdateOptions extends RequestOptions {
  /** Change the plant only if it is still at this version (sent as If-Match); a 412 ApiError (`conflict`) otherwise. */
  ifVersion?: number
}

/** An update's answer, and the version the plant is at after it (from the ETag). */
export interface SavedPlant {
  plant: PlantResponse
  version: number | undefined
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
  /** Plants deleted, restored or changed by a bulk call (issue 15): reload the view. */
  onBatch?(): void
  /** Told of every state change; `error` says why a reconnect is due. */
  onState?(state: StreamState, info: { attempt: number; delayMs?: number; error?: unknown }): void
  signal?: AbortSignal
  /** First retry delay, doubled per failed attempt up to `maxDelayMs` (defaults 500 ms and 10 s). */
  initialDelayMs?: number
  maxDelayMs?: number
  /** A stream silent for this long is taken as dead and reopened (default 45 s: three missed heartbeats). */
  idleTimeoutMs?: number
}

/** The API's operations (issue 15's: api-client-till.ts). */
export interface ApiClient extends TillApi {
  /** add-plant (contract), with an Idempotency-Key, retried after a network error or a 503 without ever adding twice. */
  addPlant(plant: NewPlant, options?: AddOptions): Promise<PlantResponse>
  /** update-plant (contract): the fields present in `changes` change; with `ifVersion`, only if nobody changed the plant since. */
  updatePlant(changes: PlantChanges, options?: UpdateOptions): Promise<PlantResponse>
  /** update-plant, answering with the version the plant is at now too (to send as `ifVersion` next time, e.g. for an Undo). */
  savePlant(changes: PlantChanges, options?: UpdateOptions): Promise<SavedPlant>
  /** Search by status (contract). */
  searchByStatus(query?: Omit<PlantListQuery, 'q' | 'sort'>, options?: RequestOptions): Promise<SearchPage>
  /** One full plant (extension). */
  getPlant(id: number, options?: RequestOptions): Promise<Plant>
  /** Full plants with search, sort, paging and per-status counts (extension). */
  listPlants(query?: PlantListQuery, options?: RequestOptions): Promise<PlantList>
  /** The named tokens, without secrets (extension; owner only). */
  listTokens(options?: RequestOptions): Promise<NamedTokenInfo[]>
  /** Makes a named token; its secret is in this answer only (extension; owner only). */
  createToken(name: string, scope: TokenScope, options?: RequestOptions): Promise<CreatedToken>
  /** Revokes a named token at once (extension; owner only). */
  revokeToken(name: string, options?: RequestOptions): Promise<void>
  /** Follows the change stream (extension), reconnecting with back-off; returns a function that stops it. */
  subscribe(options: SubscribeOptions): () => void
  /** The catalogue as a CSV or JSON file (extension), all plants or those in `statuses`. */
  exportPlants(format: TransferFormat, statuses?: readonly PlantStatus[], options?: RequestOptions): Promise<Blob>
  /**
   * Imports a CSV or JSON file (extension): a dry run previews; otherwise it is applied all or nothing
   * (ApiError 422 with errors[] of {row, field, message} when the file has errors).
   */
  importPlants(file: Blob | string, format: TransferFormat, dryRun: boolean, options?: RequestOptions): Promise<ImportSummary>
  /** The backup folder setting and its last backup (extension). */
  backupStatus(options?: RequestOptions): Promise<BackupFolderStatus>
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

  async function send(
    method: string,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
    extra: Record<string, string> = {}
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...auth, ...extra }
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
        if (event === 'plant.deleted' || event === 'plant.restored' || event === 'plants.changed') subscription.onBatch?.()
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
    ...tillApi(send),
    async addPlant(plant, requestOptions = {}) {
      // One key for every attempt: the server answers a retry of an add that did land with that add's plant.
      const key = { [EXTENSION_HEADERS.idempotencyKey]: JSON.stringify(requestOptions.idempotencyKey ?? newIdempotencyKey()) }
      const attempt = async () => json<PlantResponse>(await send('POST', API_PATHS.plant, plant, requestOptions, key))
      return withRetries(attempt, options.addRetries, requestOptions.signal)
    },
    async updatePlant(changes, requestOptions) {
      return (await this.savePlant(changes, requestOptions)).plant
    },
    async savePlant(changes, requestOptions = {}) {
      const ifMatch: Record<string, string> =
        requestOptions.ifVersion === undefined ? {} : { 'if-match': plantEtag(changes.id, requestOptions.ifVersion) }
      const response = await send('PUT', API_PATHS.plant, changes, requestOptions, ifMatch)
      return { plant: await json<PlantResponse>(response), version: parsePlantEtag(response.headers.get('etag') ?? '')?.version }
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
    async backupStatus(requestOptions) {
      return json<BackupFolderStatus>(await send('GET', EXTENSION_PATHS.backup, undefined, requestOptions))
    },
    async importPlants(file, format, dryRun, requestOptions) {
      const body = new RawBody(file, `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8`)
      return json<ImportSummary>(await send('POST', `${EXTENSION_PATHS.import}?dryRun=${dryRun}`, body, requestOptions))
    },
    async listTokens(requestOptions) {
      return json<NamedTokenInfo[]>(await send('GET', EXTENSION_PATHS.tokens, undefined, requestOptions))
    },
    async createToken(name, scope, requestOptions) {
      return json<CreatedToken>(await send('POST', EXTENSION_PATHS.tokens, { name, scope }, requestOptions))
    },
    async revokeToken(name, requestOptions) {
      await send('DELETE', EXTENSION_PATHS.tokenByName.replace('{name}', encodeURIComponent(name)), undefined, requestOptions)
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
