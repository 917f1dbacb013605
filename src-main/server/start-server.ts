/**
 * Puts the h3 app on a real socket (node:http) and takes it down gracefully.
 */
import { createServer, type RequestListener, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { toNodeHandler, type H3 } from 'h3'
import { PROBLEM_CONTENT_TYPE } from '#shared/problem'
import { closeAfterRefusal } from '#server/http/close-after-refusal'
import { problemBody } from '#server/problems/problem-response'
import { problem } from '#server/problems/problems'
import { urlHost } from './urls'
import { AppError } from '#shared/app-error'

/** Where and how to listen. */
export interface ListenOptions {
  host: string
  /** 0 takes a free port. */
  port: number
  /** Serve HTTPS with this certificate and key (PEM) instead of plain HTTP: the listener on the shop's network. */
  tls?: { cert: string; key: string }
}

/** A listening server. */
export interface ListeningServer {
  host: string
  port: number
  /** Origin of the server, e.g. http://127.0.0.1:7420 (https:// with TLS) */
  origin: string
  /** Stops accepting connections and resolves once in-flight requests are answered. */
  close(): Promise<void>
  /**
   * Answers every request from now on with `app` (requests in flight finish with the app they began with): a
   * computer's first run becomes the main computer or a till on the same address, without a restart.
   */
  serve(app: H3): void
}

/** The port is taken by another program. */
export class PortInUseError extends AppError {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use (by another Plant Store or another program). Choose another with --port N, or --port 0 for any free port.`)
    this.name = 'PortInUseError'
  }
}

function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Answer requests in flight; drop connections that outstay the grace period.
    const timer = setTimeout(() => server.closeAllConnections(), graceMs)
    // A keep-alive connection that finishes its last response is not closed by close() itself;
    // sweep idle ones until none is left, so the stop takes as long as the requests in flight, not a keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 20)
    server.close(() => {
      clearTimeout(timer)
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
}

type ClientErrorProblem = 'headersTooLarge' | 'requestTimeout' | 'malformedRequest'

const CLIENT_ERRORS: Record<string, ClientErrorProblem> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  HPE_REQUEST_TIMEOUT: 'requestTimeout'
}

/**
 * Answers requests that Node's HTTP parser refuses before h3 sees them (an
 * over-long URL, a malformed header) with problem+json too, instead of Node's
 * bare default.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const answer = problem(CLIENT_ERRORS[error.code ?? ''] ?? 'malformedRequest').problem
  const body = problemBody(answer)
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

/** Hands `listener` (a first run's) over to `app`, for a service that starts on it instead of listening anew. */
export function handOver(listener: ListeningServer, app: H3): ListeningServer {
  listener.serve(app)
  return listener
}

/** Listens on `host:port` with the app; rejects with PortInUseError when the port is taken. */
export function listen(app: H3, options: ListenOptions): Promise<ListeningServer> {
  let current = closeAfterRefusal(toNodeHandler(app))
  const handler: RequestListener = (request, response) => current(request, response)
  const server: Server = options.tls
    ? createTlsServer({ cert: options.tls.cert, key: options.tls.key, minVersion: 'TLSv1.2' }, handler)
    : createServer(handler)
  server.on('clientError', answerClientError)
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port) : error)
    })
    server.listen({ host: options.host, port: options.port }, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        host: options.host,
        port,
        origin: `${options.tls ? 'https' : 'http'}://${urlHost(options.host)}:${port}`,
        close: () => closeGracefully(server, 5000),
        serve: (next) => (current = closeAfterRefusal(toNodeHandler(next)))
      })
    })
  })
}
