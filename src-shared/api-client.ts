/**
 * The typed client of the Plant Store API: the only code that knows its URLs, and the one HTTP client of the staff
 * UI, the CLI (plants, tokens, import and export through a running server) and tests. Every failure arrives as an
 * {@link ApiError} built from the server's problem+json (status 0 when the server could not be reached at all).
 * Runs in Node and in browsers. One request function (api-request.ts) serves every resource's part: the contract and
 * plants here, the till's operations (api-client-till.ts), stock (api-client-stock.ts), sales and days (api-client-sales.ts), the change log's (history-client.ts); the errors live in
 * api-errors.ts, the list queries in api-queries.ts and the change stream in api-event-stream.ts.
 */
import { staffApi, type StaffApi } from './api-client-staff'
import { salesApi, type SalesApi } from './api-client-sales'
import { stockApi, type StockApi } from './api-client-stock'
import { tillApi, type TillApi } from './api-client-till'
import { lanApi, type LanApi } from './api-client-lan'
import { createSend, jsonOf, RawBody, type ConnectionOptions, type RequestOptions } from './api-request'
import { historyApi, type HistoryClient } from './history-client'
import { followEvents, type EventSubscription, type SubscribeOptions } from './api-event-stream'
import { API_PATHS, EXTENSION_HEADERS, EXTENSION_PATHS, STATUS_COUNTS_HEADER } from './api-paths'
import { parseStatusCounts, queryString, type PlantList, type PlantListQuery, type SearchPage } from './api-queries'
import { newIdempotencyKey, withRetries, type RetryPolicy } from './api-retry'
import { parsePlantEtag, plantEtag } from './etag'
import type { CreatedToken, NamedTokenInfo, TokenScope } from './named-token'
import type { ImportChoices } from './import-mapping'
import type { NewPlant, Plant, PlantChanges, PlantResponse, PlantStatus } from './plant'
import { TRANSFER_MEDIA_TYPES, type BackupFolderStatus, type BackupMade, type ImportSummary, type TransferFormat } from './import-export'

export { ApiError, errorsByField } from './api-errors'
export type { FetchLike, RequestOptions } from './api-request'
export type { RetryPolicy } from './api-retry'
export { DEFAULT_RECONNECT, type EventSubscription, type PlantEvent, type StreamState, type SubscribeOptions } from './api-event-stream'
export {
  parseStatusCounts,
  type PlantList,
  type PlantListQuery,
  type PlantSort,
  type PlantSortKey,
  type SearchPage,
  type StatusCounts
} from './api-queries'

/** Where the API is and how to reach it, and how adds and stock movements are retried. */
export interface ApiClientOptions extends ConnectionOptions {
  /** How adds and stock movements are retried after a network error or a 503 (they carry an Idempotency-Key, so a retry never repeats one). */
  addRetries?: RetryPolicy
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

/** The API's operations: the contract's, the plants', and each resource's part (till, stock, change log). */
/** Options of an import: the request's, and the mapping's choices. */
export interface ImportOptions extends RequestOptions {
  choices?: ImportChoices
  /** The import's Idempotency-Key: the same file with the same choices sent again under it imports nothing twice. */
  idempotencyKey?: string
  /** Called when the answer is the first import's under that key (Idempotent-Replayed: true): nothing was imported now. */
  onReplayed?: () => void
}

export interface ApiClient extends TillApi, StockApi, SalesApi, HistoryClient, LanApi, StaffApi {
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
  /**
   * Follows the change stream (extension), reconnecting with back-off and resuming from the last event id;
   * returns a function that stops it (with `retryNow()` to end a pause before a reconnect).
   */
  subscribe(options: SubscribeOptions): EventSubscription
  /** The catalogue as a CSV or JSON file (extension), all plants or those in `statuses`. */
  exportPlants(format: TransferFormat, statuses?: readonly PlantStatus[], options?: RequestOptions): Promise<Blob>
  /** The same export as a stream of bytes, for a large catalogue written to a file as it arrives (the CLI). */
  exportStream(format: TransferFormat, statuses?: readonly PlantStatus[], options?: RequestOptions): Promise<ReadableStream<Uint8Array>>
  /**
   * Imports a CSV file, workbook or JSON file (extension): a dry run previews; otherwise it is applied all or
   * nothing (ApiError 422 with errors[] of {row, field, message} when the file has errors). `choices` are the
   * mapping's (columns, decimal mark, status words, rows left out); the answer's `mapping` proposes them.
   */
  importPlants(file: Blob | string | Uint8Array, format: TransferFormat, dryRun: boolean, options?: ImportOptions): Promise<ImportSummary>
  /** The backup folder setting and its last backup (extension). */
  backupStatus(options?: RequestOptions): Promise<BackupFolderStatus>
  /** Sets (a full path) or clears (null) the backup folder; the server checks it as `config set backup.dir` does (extension; owner only). */
  setBackupFolder(dir: string | null, options?: RequestOptions): Promise<BackupFolderStatus>
  /** A backup into the backup folder now (extension; owner only). */
  backUpToFolder(options?: RequestOptions): Promise<BackupMade>
}

/** Creates a client for the API at `options.baseUrl`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const staffSession: { session: string | undefined } = { session: undefined }
  const send = createSend({ ...options, staffSession: () => staffSession.session })
  const json = jsonOf
  const total = (response: Response) => Number(response.headers.get('x-total-count') ?? 0)
  const exportPath = (format: TransferFormat, statuses: readonly PlantStatus[]) => {
    const query = new URLSearchParams({ format })
    if (statuses.length > 0) query.set('status', statuses.join(','))
    return `${EXTENSION_PATHS.export}?${query}`
  }

  return {
    ...tillApi(send),
    ...stockApi(send, options.addRetries),
    ...salesApi(send),
    ...historyApi(send),
    ...staffApi(send, staffSession),
    ...lanApi(send),
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
      return (await send('GET', exportPath(format, statuses), undefined, requestOptions)).blob()
    },
    async exportStream(format, statuses = [], requestOptions) {
      const response = await send('GET', exportPath(format, statuses), undefined, requestOptions)
      return response.body ?? new Blob([]).stream()
    },
    async backupStatus(requestOptions) {
      return json<BackupFolderStatus>(await send('GET', EXTENSION_PATHS.backup, undefined, requestOptions))
    },
    async setBackupFolder(dir, requestOptions) {
      return json<BackupFolderStatus>(await send('PUT', EXTENSION_PATHS.backup, { dir }, requestOptions))
    },
    async backUpToFolder(requestOptions) {
      return json<BackupMade>(await send('POST', EXTENSION_PATHS.backup, undefined, requestOptions))
    },
    async importPlants(file, format, dryRun, { choices, idempotencyKey, onReplayed, ...requestOptions } = {}) {
      // A CSV file's encoding is the server's to detect (UTF-8, UTF-16, Windows-1252), unless chosen.
      const body = new RawBody(file, format === 'json' ? `${TRANSFER_MEDIA_TYPES.json}; charset=utf-8` : TRANSFER_MEDIA_TYPES[format])
      const query = new URLSearchParams({ dryRun: String(dryRun) })
      if (choices && Object.keys(choices).length > 0) query.set('mapping', JSON.stringify(choices))
      const keyed: Record<string, string> = idempotencyKey === undefined ? {} : { [EXTENSION_HEADERS.idempotencyKey]: JSON.stringify(idempotencyKey) }
      const response = await send('POST', `${EXTENSION_PATHS.import}?${query}`, body, requestOptions, keyed)
      if (response.headers.get(EXTENSION_HEADERS.idempotentReplayed) === 'true') onReplayed?.()
      return json<ImportSummary>(response)
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
      // A stream that ended may have ended with its server: the next request makes the server prove itself first.
      const onState: SubscribeOptions['onState'] = (state, info) => {
        if (state === 'reconnecting') send.connectionLost?.()
        subscription.onState?.(state, info)
      }
      return followEvents((headers, signal) => send('GET', EXTENSION_PATHS.events, undefined, { signal }, headers), { ...subscription, onState })
    }
  }
}
