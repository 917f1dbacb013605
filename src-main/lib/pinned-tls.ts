/**
 * HTTPS to one server whose self-signed certificate is trusted by its SHA-256 fingerprint alone (pinning), as
 * a till talks to the shop's main computer. No certificate authority is asked and no host name is checked:
 * the certificate must be exactly the one pinned, or nothing is sent. Never falls back to plain HTTP.
 */
import { X509Certificate } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Agent, request as httpsRequest } from 'node:https'
import { connect, type PeerCertificate } from 'node:tls'
import type { Readable } from 'node:stream'
import { AppError } from '#shared/app-error'

/** The server answered with another certificate than the one pinned. */
export class CertificateMismatchError extends AppError {
  constructor(
    readonly origin: string,
    readonly why: string
  ) {
    super(`${origin} did not show the pinned certificate (${why})`)
    this.name = 'CertificateMismatchError'
  }
}

/**
 * Something answers at the address but not in TLS: most often plain HTTP, such as a Plant Store's own local port
 * given instead of its LAN listener's. Nothing was sent to it.
 */
export class NotTlsError extends AppError {
  constructor(readonly origin: string) {
    super(`${origin} does not speak TLS`)
    this.name = 'NotTlsError'
  }
}

/** The pinned server: its origin (https://HOST:PORT), its certificate (PEM) and that certificate's fingerprint. */
export interface PinnedServer {
  origin: string
  certificate: string
  fingerprint: string
}

/** A certificate's SHA-256 fingerprint as Node spells it (upper-case hex pairs joined by colons). */
const fingerprintOfPeer = (peer: PeerCertificate) => peer.fingerprint256

/** TLS errors that mean "not the certificate we trust" (as opposed to "nobody there"). */
const MISMATCH_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_SIGNATURE_FAILURE',
  'EPROTO'
])

/**
 * TLS errors of a first contact that mean "the other end is not speaking TLS": OpenSSL reads a plain HTTP answer
 * as a record of a wrong version or of an impossible length (older Node names both EPROTO).
 */
const NOT_TLS_CODES = new Set(['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST'])

function hostAndPort(origin: string): { host: string; port: number } {
  const url = new URL(origin)
  if (url.protocol !== 'https:') throw new CertificateMismatchError(origin, 'the address must start with https://')
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 443) }
}

/**
 * Fetches the certificate `origin` shows and checks it against `fingerprint` before anything else is sent:
 * the first contact of a pairing, when only the fingerprint (read off the owner's screen) is known.
 */
export function fetchPinnedCertificate(origin: string, fingerprint: string, timeoutMs = 10_000): Promise<PinnedServer> {
  const { host, port } = hostAndPort(origin)
  return new Promise((resolve, reject) => {
    // Unverified on purpose: the fingerprint check below is the verification; the socket carries no data.
    const socket = connect({ host, port, rejectUnauthorized: false, timeout: timeoutMs })
    socket.once('timeout', () => socket.destroy(Object.assign(new Error(`no answer from ${origin}`), { code: 'ETIMEDOUT' })))
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (NOT_TLS_CODES.has(error.code ?? '')) reject(new NotTlsError(origin))
      else if (MISMATCH_CODES.has(error.code ?? '')) reject(new CertificateMismatchError(origin, error.code ?? error.message))
      else reject(error)
    })
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate(true)
      socket.end()
      if (fingerprintOfPeer(peer) !== fingerprint) {
        // Its own fingerprint is not said: pasted from an error, it would pin whoever answers, an impostor too.
        reject(new CertificateMismatchError(origin, 'it shows another certificate'))
        return
      }
      const certificate = new X509Certificate(peer.raw).toString()
      resolve({ origin, certificate, fingerprint })
    })
  })
}

/** Requests to one pinned server over kept-alive connections. */
export interface PinnedClient {
  /** One request; resolves with its response (body unread), rejects with CertificateMismatchError or a socket error. */
  request(init: {
    method: string
    path: string
    headers: Record<string, string>
    body?: Readable | string
    timeoutMs?: number
  }): Promise<IncomingMessage>
  /** Closes the kept connections. */
  close(): void
}

/** A client of `server` that trusts its pinned certificate only, and only when the fingerprint matches exactly (no host name check). */
export function pinnedClient(server: PinnedServer): PinnedClient {
  const { host, port } = hostAndPort(server.origin)
  const agent = new Agent({
    keepAlive: true,
    ca: server.certificate,
    checkServerIdentity: (_host, peer) =>
      fingerprintOfPeer(peer) === server.fingerprint ? undefined : new CertificateMismatchError(server.origin, 'another certificate')
  })
  return {
    request: (init) =>
      new Promise((resolve, reject) => {
        const sent = httpsRequest({ host, port, method: init.method, path: init.path, headers: init.headers, agent }, resolve)
        sent.once('error', (error: NodeJS.ErrnoException) => {
          reject(MISMATCH_CODES.has(error.code ?? '') ? new CertificateMismatchError(server.origin, error.code ?? error.message) : error)
        })
        // A computer switched off answers nothing at all (no refusal): give up after `timeoutMs` of silence.
        if (init.timeoutMs !== undefined) {
          sent.setTimeout(init.timeoutMs, () =>
            sent.destroy(Object.assign(new Error(`no answer within ${init.timeoutMs} ms`), { code: 'ETIMEDOUT' }))
          )
        }
        if (init.body === undefined || typeof init.body === 'string') sent.end(init.body)
        else init.body.pipe(sent)
      }),
    close: () => agent.destroy()
  }
}
