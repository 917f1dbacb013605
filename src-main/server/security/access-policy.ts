/**
 * Who may talk to the server: requests addressed to it by one of its own names
 * (Host), sent from its own pages or from no page at all (Origin), and carrying
 * the token. Plain functions of header values; security.ts applies them in h3.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { API_BASE, API_PATHS } from '#shared/api-paths'
import { LAN_PATHS } from '#shared/lan'
import { OWNER_TOKEN_NAME, type TokenKind, type TokenScope } from '#shared/named-token'
import { interfaceAddresses } from './own-addresses'
import { urlHost } from '#server/urls'
import { SERVER_PROOF_PATH, keyIdOf, serverProofOf } from '#shared/server-proof'

/** The names a loopback server answers to; any other Host is a DNS-rebinding attempt. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]']

/** What {@link AccessPolicy} needs to know up front. */
export interface AccessPolicyOptions {
  /** The token requests must carry; called per request, so a rotated token takes effect at once. */
  token: () => string
  /** Re-reads the token (its file may have just been rotated); called before a token nobody knows is refused. */
  refreshToken?: () => Promise<void>
  /**
   * The address the server binds to (`--host`); allowed as Host besides the loopback names. When it is a
   * wildcard (0.0.0.0, ::), this computer's network addresses are allowed too: other computers use those.
   */
  host?: string
  /** The named tokens (tokens.json) accepted besides the owner's. */
  namedTokens?: NamedTokenLookup
  /**
   * For the listener on the shop's network (TLS): `host` is its one address and the only name allowed (no
   * loopback names), origins are https, and only a paired till's token is accepted (never the owner's nor a
   * script's, which stay on this computer); the one route open without a token is the pairing.
   */
  lan?: boolean
}

/** Finds named tokens by their secret. */
export interface NamedTokenLookup {
  /** The holder of `token`, recording the use, or undefined when no named token has this secret (e.g. revoked). */
  authenticate(token: string): { name: string; scope: TokenScope; kind?: TokenKind } | undefined
  /** Catches up with tokens made elsewhere (the CLI) since the last look; called before refusing an unknown token. */
  refresh?(): Promise<void>
  /** The proof keys (hex SHA-256) of the named tokens in force, for {@link AccessPolicy.proveKnowing}. */
  proofKeys?(): string[]
  /** Why every named token is refused for now (their file is damaged), in words; undefined while the file is fine. */
  damage?(): string | undefined
}

/** Who a request comes from: the owner, or the holder of a named token. */
export interface Principal {
  /** The token's name ({@link OWNER_TOKEN_NAME} for the owner's), e.g. for a history's `by`. */
  name: string
  /** The owner may do everything, including managing tokens. */
  scope: TokenScope | 'owner'
  /** `till` for a paired till. */
  kind?: TokenKind
}

/**
 * Why an Authorization header was refused: none sent; another scheme than
 * Bearer; Bearer without exactly one token after it; a token nobody accepts;
 * or, on the LAN listener, a token that is not a paired till's.
 */
export type TokenRefusal = 'missing' | 'wrong-scheme' | 'malformed' | 'invalid' | 'not-a-till'

/** Outcome of checking an Authorization header. */
export type TokenCheck = { ok: true; principal: Principal } | { ok: false; refusal: TokenRefusal; namedTokensDamage?: string }

const OWNER: Principal = { name: OWNER_TOKEN_NAME, scope: 'owner' }

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * Compares in constant time. Hashing first gives timingSafeEqual two buffers of
 * equal length, so not even the token's length leaks through timing.
 */
function sameSecret(given: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(digest(given), expectedDigest)
}

/**
 * The Host and Origin values that name this server, and its token. Until
 * {@link AccessPolicy.listeningOn} is called no Host is allowed (fail closed):
 * with `--port 0` the port, and so the right Host, is known only after listen.
 */
export class AccessPolicy {
  readonly #token: () => string
  readonly #refreshToken: (() => Promise<void>) | undefined
  readonly #namedTokens: NamedTokenLookup | undefined
  /** Digest of the current token, recomputed only when the token changes (it is read on every request). */
  #expected: { token: string; digest: Buffer } | undefined
  readonly #names: string[]
  readonly #lan: boolean
  #hosts = new Set<string>()
  #origins = new Set<string>()
  #port: number | undefined

  constructor(options: AccessPolicyOptions) {
    this.#token = options.token
    this.#refreshToken = options.refreshToken
    this.#namedTokens = options.namedTokens
    this.#lan = options.lan === true
    // Read once at start: an address the computer gets later is served after a restart.
    const extra = options.host === undefined ? [] : [urlHost(options.host).toLowerCase(), ...interfaceAddresses(options.host)]
    this.#names = this.#lan ? extra.slice(0, 1) : [...new Set([...LOOPBACK_HOSTS, ...extra])]
  }

  /** Records the port actually listened on; from now on requests naming it are allowed. */
  listeningOn(port: number): void {
    this.#port = port
    this.#hosts = new Set(this.#names.map((name) => `${name}:${port}`))
    const scheme = this.#lan ? 'https' : 'http'
    this.#origins = new Set([...this.#hosts].map((host) => `${scheme}://${host}`))
  }

  /**
   * True for the requests anyone reaching this listener may make without a token (method and h3 route): on this
   * computer the API document and the server's proof that it knows the token; on the shop's network only the pairing.
   */
  isPublic(method: string, route: string | undefined): boolean {
    if (this.#lan) return method === 'POST' && route === API_BASE + LAN_PATHS.pair
    return (method === 'GET' || method === 'HEAD') && (route === API_BASE + API_PATHS.openapi || route === API_BASE + SERVER_PROOF_PATH)
  }

  /** The port recorded by {@link listeningOn}, if any. */
  get port(): number | undefined {
    return this.#port
  }

  /** True when `host` (the Host header) is one of this server's own `name:port` values. */
  allowsHost(host: string | null): boolean {
    return host !== null && this.#hosts.has(host.toLowerCase())
  }

  /** True when `origin` (the Origin header) is this server's own origin; `null` (opaque) never is. */
  allowsOrigin(origin: string): boolean {
    return this.#origins.has(origin.toLowerCase())
  }

  /** Checks `Authorization: Bearer <token>` (scheme case-insensitive, RFC 9110 §11.1) against the owner's and the named tokens. */
  checkAuthorization(header: string | null): TokenCheck {
    if (header === null || header.trim() === '') return { ok: false, refusal: 'missing' }
    const given = /^Bearer +(\S+) *$/i.exec(header)?.[1]
    if (given === undefined) return { ok: false, refusal: /^\s*Bearer\b/i.test(header) ? 'malformed' : 'wrong-scheme' }
    const token = this.#token()
    if (this.#expected?.token !== token) this.#expected = { token, digest: digest(token) }
    const named = this.#namedTokens?.authenticate(given)
    if (this.#lan) {
      if (named?.kind === 'till') return { ok: true, principal: named }
      return { ok: false, refusal: named !== undefined || sameSecret(given, this.#expected.digest) ? 'not-a-till' : 'invalid' }
    }
    if (sameSecret(given, this.#expected.digest)) return { ok: true, principal: OWNER }
    if (named) return { ok: true, principal: named }
    const damage = this.#namedTokens?.damage?.()
    return damage === undefined ? { ok: false, refusal: 'invalid' } : { ok: false, refusal: 'invalid', namedTokensDamage: damage }
  }

  /**
   * The proof that this server knows the token whose key id is `keyId` (server-proof.ts), for a page that reached it as
   * `host` (already checked to be one of ours) with `nonce`; null when no token in force has that key id.
   */
  async proveKnowing(keyId: string, host: string, nonce: string): Promise<string | null> {
    await this.#namedTokens?.refresh?.() // a token made a moment ago by the CLI
    const keys = [createHash('sha256').update(this.#token(), 'utf8').digest('hex'), ...(this.#namedTokens?.proofKeys?.() ?? [])]
    for (const key of keys) {
      if ((await keyIdOf(key)) === keyId) return serverProofOf(key, host, nonce)
    }
    return null
  }

  /**
   * Whether a check refused a token nobody knows, which may be in force all the same ({@link recheckAuthorization}):
   * made with `plant-store token add`, or printed by `plant-store token --rotate`, a moment ago.
   */
  mayKnowLater(check: TokenCheck): boolean {
    return !check.ok && check.refusal === 'invalid' && (this.#refreshToken !== undefined || this.#namedTokens?.refresh !== undefined)
  }

  /** {@link checkAuthorization} again, once the owner's token and the named tokens have caught up with their files. */
  async recheckAuthorization(header: string | null): Promise<TokenCheck> {
    await Promise.all([this.#refreshToken?.(), this.#namedTokens?.refresh?.()])
    return this.checkAuthorization(header)
  }
}
