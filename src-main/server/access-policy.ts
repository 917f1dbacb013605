/**
 * Who may talk to the server: requests addressed to it by one of its own names
 * (Host), sent from its own pages or from no page at all (Origin), and carrying
 * the token. Plain functions of header values; security.ts applies them in h3.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { interfaceAddresses } from './own-addresses'
import { urlHost } from './urls'

/** The names a loopback server answers to; any other Host is a DNS-rebinding attempt. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]']

/** What {@link AccessPolicy} needs to know up front. */
export interface AccessPolicyOptions {
  /** The token requests must carry; called per request, so a rotated token takes effect at once. */
  token: () => string
  /**
   * The address the server binds to (`--host`); allowed as Host besides the loopback names. When it is a
   * wildcard (0.0.0.0, ::), this computer's network addresses are allowed too: other computers use those.
   */
  host?: string
}

/** Outcome of checking an Authorization header. */
export type TokenCheck = 'ok' | 'missing' | 'wrong-scheme' | 'invalid'

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
  /** Digest of the current token, recomputed only when the token changes (it is read on every request). */
  #expected: { token: string; digest: Buffer } | undefined
  readonly #names: string[]
  #hosts = new Set<string>()
  #origins = new Set<string>()
  #port: number | undefined

  constructor(options: AccessPolicyOptions) {
    this.#token = options.token
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

  /** Checks `Authorization: Bearer <token>` (scheme case-insensitive, RFC 9110 §11.1). */
  checkAuthorization(header: string | null): TokenCheck {
    if (header === null || header.trim() === '') return 'missing'
    const match = /^Bearer +(\S+) *$/i.exec(header)
    if (!match?.[1]) return /^Bearer\b/i.test(header.trim()) ? 'invalid' : 'wrong-scheme'
    const token = this.#token()
    if (this.#expected?.token !== token) this.#expected = { token, digest: digest(token) }
    return sameSecret(match[1], this.#expected.digest) ? 'ok' : 'invalid'
  }
}
