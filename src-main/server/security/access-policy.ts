/**
 * Who may talk to the server: requests addressed to it by one of its own names
 * (Host), sent from its own pages or from no page at all (Origin), and carrying
 * the token. Plain functions of header values; security.ts applies them in h3.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { OWNER_TOKEN_NAME, type TokenScope } from '#shared/named-token'
import { interfaceAddresses } from './own-addresses'
import { urlHost } from '#server/urls'

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
}

/** Finds named tokens by their secret. */
export interface NamedTokenLookup {
  /** The holder of `token`, recording the use, or undefined when no named token has this secret (e.g. revoked). */
  authenticate(token: string): { name: string; scope: TokenScope } | undefined
  /** Catches up with tokens made elsewhere (the CLI) since the last look; called before refusing an unknown token. */
  refresh?(): Promise<void>
  /** Why every named token is refused for now (their file is damaged), in words; undefined while the file is fine. */
  damage?(): string | undefined
}

/** Who a request comes from: the owner, or the holder of a named token. */
export interface Principal {
  /** The token's name ({@link OWNER_TOKEN_NAME} for the owner's), e.g. for a history's `by`. */
  name: string
  /** The owner may do everything, including managing tokens. */
  scope: TokenScope | 'owner'
}

/**
 * Why an Authorization header was refused: none sent; another scheme than
 * Bearer; Bearer without exactly one token after it; or a token nobody accepts.
 */
export type TokenRefusal = 'missing' | 'wrong-scheme' | 'malformed' | 'invalid'

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
  #hosts = new Set<string>()
  #origins = new Set<string>()
  #port: number | undefined

  constructor(options: AccessPolicyOptions) {
    this.#token = options.token
    this.#refreshToken = options.refreshToken
    this.#namedTokens = options.namedTokens
    // Read once at start: an address the computer gets later is served after a restart.
    const extra = options.host === undefined ? [] : [urlHost(options.host).toLowerCase(), ...interfaceAddresses(options.host)]
    this.#names = [...new Set([...LOOPBACK_HOSTS, ...extra])]
  }

  /** Records the port actually listened on; from now on requests naming it are allowed. */
  listeningOn(port: number): void {
    this.#port = port
    this.#hosts = new Set(this.#names.map((name) => `${name}:${port}`))
    this.#origins = new Set([...this.#hosts].map((host) => `http://${host}`))
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
    if (sameSecret(given, this.#expected.digest)) return { ok: true, principal: OWNER }
    const named = this.#namedTokens?.authenticate(given)
    if (named) return { ok: true, principal: named }
    const damage = this.#namedTokens?.damage?.()
    return damage === undefined ? { ok: false, refusal: 'invalid' } : { ok: false, refusal: 'invalid', namedTokensDamage: damage }
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
