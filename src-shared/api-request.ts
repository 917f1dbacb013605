/**
 * The one request function of the typed client: base URL, token, JSON or raw bodies, and every failure turned into
 * an ApiError (status 0 when the server could not be reached). Each resource's part of the client (plants, till,
 * history, transfer…) is built over it, so they share one base URL, one token and one error handling.
 */
import { isAbort, toApiError, unreachable, type ApiError } from './api-errors'
import { STAFF_SESSION_HEADER } from './staff'
import { ServerCheck } from './server-check'

/** Where the API is and how to reach it. */
export interface ConnectionOptions {
  /** The API's base URL, ending in /v3, e.g. http://127.0.0.1:7420/v3 */
  baseUrl: string
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string
  /** The fetch to use (default: the global one); tests pass an in-process one. */
  fetch?: FetchLike
  /** Headers sent with every request (the CLI names itself as the change log's actor). */
  headers?: Record<string, string>
  /** Read before every request: the session of the staff member at the till, sent in X-Plant-Store-Staff when there is one. */
  staffSession?: () => string | undefined
  /** Told of every refusal before it is thrown (the UI locks the till when the server says its staff session ended). */
  onRefused?: (error: ApiError) => void
  /**
   * Send the token only to a server that proved it knows it, asked again after each lost connection (server-check.ts):
   * the staff UI's pages, which outlive a server, so another program may have taken its port meanwhile.
   */
  verifyServer?: boolean
}

/** What the client needs of `fetch` (the global one fits). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Options of one request. */
export interface RequestOptions {
  signal?: AbortSignal
}

/** A request body sent as it is, with its own media type (an import file), instead of as JSON. */
export class RawBody {
  constructor(
    readonly data: Blob | string | Uint8Array,
    readonly type: string
  ) {}
}

/** The client's request function: sends `body` as JSON (or a RawBody as it is); throws ApiError for an answer that is not 2xx. */
export type SendRequest = ((
  method: string,
  path: string,
  body?: unknown,
  options?: RequestOptions,
  headers?: Record<string, string>
) => Promise<Response>) & {
  /** Tells the request function the connection was lost (the change stream ended): the server proves itself again before the token goes out. */
  connectionLost?(): void
}

/** The request function for the API at `options.baseUrl`. */
export function createSend(options: ConnectionOptions): SendRequest {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const fixed: Record<string, string> = { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) }
  const check = options.verifyServer && options.token ? new ServerCheck(baseUrl, options.token, doFetch) : undefined
  const send: SendRequest = async (method, path, body, requestOptions = {}, extra = {}) => {
    await check?.ensure(requestOptions.signal)
    const staff = options.staffSession?.()
    const headers: Record<string, string> = { accept: 'application/json', ...fixed, ...(staff ? { [STAFF_SESSION_HEADER]: staff } : {}), ...extra }
    if (body !== undefined) headers['content-type'] = body instanceof RawBody ? body.type : 'application/json'
    let response: Response
    try {
      response = await doFetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof RawBody ? (body.data as RequestInit['body']) : JSON.stringify(body),
        signal: requestOptions.signal
      })
    } catch (error) {
      if (isAbort(error)) throw error
      check?.forget()
      throw unreachable(error)
    }
    if (!response.ok) {
      const error = await toApiError(response)
      options.onRefused?.(error)
      throw error
    }
    return response
  }
  if (check) send.connectionLost = () => check.forget()
  return send
}

/** The JSON body of a response. */
export async function jsonOf<T>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T
}
