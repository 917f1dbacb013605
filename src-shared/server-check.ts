/**
 * The page's side of server-proof.ts: before a request carries the token, the server it goes to has proved it knows
 * that token, once per connection. A lost connection (a network error, the change stream ending) makes the next
 * request ask for a proof again, so a program that took the port after the server stopped gets the challenge and
 * never the token.
 */
import { ApiError } from './api-errors'
import { PROBLEM_TYPES } from './problem'
import { canCheckServerProof, keyIdOf, newNonce, proofKeyOf, serverProofOf, SERVER_PROOF_PATH, type ServerProof } from './server-proof'

/** The fetch the request function uses (api-request.ts's FetchLike, written out: that module builds on this one). */
type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Why the token was not sent: whatever answers now is not known to be this page's server. */
export function notProven(host: string, why: string): ApiError {
  return new ApiError({
    type: 'about:blank',
    title: 'Server unreachable',
    status: 0,
    detail:
      `The program answering at ${host} did not prove it is this page's Plant Store server (${why}), so the access key was not sent to it. ` +
      'Is Plant Store running? The page tries again on its own.'
  })
}

/** The server knows no token with this page's key: rotated or revoked. A 401, as a request with the token would get. */
function tokenUnknown(): ApiError {
  return new ApiError({
    type: PROBLEM_TYPES.unauthorized,
    title: 'Unauthorized',
    status: 401,
    detail: 'Token not accepted (rotated or revoked?): the server knows no token with this access key, so it was not sent.'
  })
}

/** Asks for and checks the server's proof; `ensure` before a request with the token, `forget` when the connection was lost. */
export class ServerCheck {
  readonly #baseUrl: string
  readonly #host: string
  readonly #token: string
  readonly #fetch: FetchLike
  #proven: Promise<void> | undefined

  constructor(baseUrl: string, token: string, doFetch: FetchLike) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '')
    this.#host = new URL(this.#baseUrl).host
    this.#token = token
    this.#fetch = doFetch
  }

  /** Resolves once the server has proved it knows the token (asking once for all requests waiting); rejects with an ApiError (status 0) otherwise. */
  ensure(signal?: AbortSignal): Promise<void> {
    if (!canCheckServerProof()) return Promise.resolve() // a page over plain http from another computer: docs/security.md
    this.#proven ??= this.#ask(signal).catch((error: unknown) => {
      this.#proven = undefined
      throw error
    })
    return this.#proven
  }

  /** The connection was lost: the next request asks for a proof again. */
  forget(): void {
    this.#proven = undefined
  }

  async #ask(signal?: AbortSignal): Promise<void> {
    const key = await proofKeyOf(this.#token)
    const nonce = newNonce()
    const url = `${this.#baseUrl}${SERVER_PROOF_PATH}?nonce=${nonce}&key=${await keyIdOf(key)}`
    let answer: ServerProof
    try {
      const response = await this.#fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal })
      if (!response.ok) throw notProven(this.#host, `it answered ${response.status}`)
      answer = (await response.json()) as ServerProof
    } catch (error) {
      if (error instanceof ApiError || (error instanceof Error && error.name === 'AbortError')) throw error
      throw notProven(this.#host, error instanceof Error ? error.message : String(error))
    }
    // The token sent nowhere either way; as the server would have answered it, the page locks and asks for a new one.
    if (answer?.proof === null) throw tokenUnknown()
    if (typeof answer?.proof !== 'string') throw notProven(this.#host, 'it answered no proof')
    if (answer.proof !== (await serverProofOf(key, this.#host, nonce))) throw notProven(this.#host, 'its proof is wrong')
  }
}
