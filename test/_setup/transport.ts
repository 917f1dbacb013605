/**
 * How an API test reaches the app: in-process (`app.request`, no socket, as h3's own tests do) or over a real
 * socket (the server's own `listen`, and node:http as the client, which sends headers exactly as given). The
 * vitest projects `api` and `api-socket` run the same test/api files once each (h3's `describeMatrix` idea: the
 * same assertions, two transports, no second suite); `inject('transport')` says which run this is.
 */
import http from 'node:http'
import { Readable } from 'node:stream'
import { inject, onTestFinished } from 'vitest'
import type { H3 } from 'h3'
import { createApp, type CreateAppOptions } from '#server/create-app'
import type { AccessPolicy } from '#server/security/access-policy'
import { listen } from '#server/start-server'

export type Transport = 'in-process' | 'socket'

declare module 'vitest' {
  interface ProvidedContext {
    transport: Transport
  }
}

/** This run's transport (in-process when no project names one, e.g. a unit test using the harness). */
export const TRANSPORT: Transport = inject('transport') ?? 'in-process'

/** The port an in-process app believes it listens on (no socket is opened). */
export const IN_PROCESS_PORT = 7420

/** A served app: where it listens and how to send it a request. */
export interface ServedApp {
  app: H3
  /** The port in the Host a well-behaved client sends: the real one over a socket, {@link IN_PROCESS_PORT} in-process. */
  port: number
  /** `http://127.0.0.1:PORT` */
  origin: string
  /**
   * Sends one request: `target` is a path (sent exactly as written, `/x/../v3` included) or a URL of this server.
   * Headers go as given: no Host, token or Content-Type is added (a missing Host stays missing).
   */
  request(target: string, init?: RequestInit): Promise<Response>
}

/** The path and query of `target` as written (a URL's origin dropped), never normalised. */
function pathOf(target: string): string {
  return /^https?:\/\/[^/]+(.*)$/.exec(target)?.[1] || (target.startsWith('/') ? target : '/')
}

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304])

/** A node:http answer as a fetch Response, its body streamed (cancelling it closes the connection). */
function toResponse(message: http.IncomingMessage, method: string): Response {
  const headers = new Headers()
  for (let i = 0; i < message.rawHeaders.length; i += 2) headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!)
  const status = message.statusCode ?? 0
  const body = method === 'HEAD' || NO_BODY.has(status) ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>)
  if (body === null) message.resume()
  return new Response(body, { status, statusText: message.statusMessage, headers })
}

/** Resolves when `request` can take more of its body, or is closed. */
function drainedOrClosed(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done).off('close', done)
      resolve()
    }
    request.on('drain', done).on('close', done)
  })
}

/** Writes a streamed body with backpressure, stopping when the server answers or the request ends. */
async function pump(request: http.ClientRequest, body: ReadableStream<Uint8Array>, answered: Promise<unknown>): Promise<void> {
  const reader = body.getReader()
  let done = false
  void answered.finally(() => (done = true))
  try {
    while (!done && !request.destroyed) {
      const chunk = await reader.read()
      if (chunk.done) break
      if (!request.write(chunk.value)) await drainedOrClosed(request)
    }
    if (!request.destroyed) request.end()
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

/** Methods a client may send again when a kept-alive connection closes before any answer (RFC 9112 §9.3.1). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Sends requests to `port` over node:http: keep-alive connections of one agent, each request tracked for the
 * teardown. Like browsers and undici, it sends an idempotent request once more when the server closed the kept-alive
 * connection it went out on before answering (the server's keep-alive timeout can pass while its loop is busy).
 */
function socketClient(port: number): { request: ServedApp['request']; close(): void } {
  const agent = new http.Agent({ keepAlive: true })
  const open = new Set<http.ClientRequest>()
  const request = (target: string, init: RequestInit = {}, retry = true): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const method = init.method ?? 'GET'
      const headers = Object.fromEntries(new Headers(init.headers))
      const outgoing = http.request({ host: '127.0.0.1', port, method, path: pathOf(target), headers, agent, setHost: false })
      open.add(outgoing)
      outgoing.once('close', () => open.delete(outgoing))
      const answered = new Promise<http.IncomingMessage>((resolveAnswer) => outgoing.once('response', resolveAnswer))
      void answered.then((message) => resolve(toResponse(message, method)))
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        const closedUnderIt = outgoing.reusedSocket && error.code === 'ECONNRESET' && IDEMPOTENT.has(method)
        if (closedUnderIt && retry && !init.signal?.aborted) resolve(request(target, init, false))
        else reject(error)
      })
      init.signal?.addEventListener('abort', () => outgoing.destroy(new Error('aborted')))
      const body = init.body
      if (body instanceof ReadableStream) void pump(outgoing, body as ReadableStream<Uint8Array>, answered).catch(reject)
      else outgoing.end(body === undefined || body === null ? undefined : (body as string | Uint8Array))
    })
  const close = () => {
    for (const outgoing of open) outgoing.destroy()
    agent.destroy()
  }
  return { request, close }
}

/**
 * Creates the app (as `createApp` does) and serves it over this run's transport until the test ends. `access`
 * learns the port; over a socket, the teardown ends open event streams first, as the service's stop does.
 */
export async function serveApp(options: Omit<CreateAppOptions, 'access'> & { access: AccessPolicy }): Promise<ServedApp> {
  const stopping = new AbortController()
  const app = createApp({ ...options, events: { stopping: stopping.signal, ...options.events } })
  if (TRANSPORT === 'in-process') {
    options.access.listeningOn(IN_PROCESS_PORT)
    const origin = `http://127.0.0.1:${IN_PROCESS_PORT}`
    const request = (target: string, init: RequestInit = {}) => Promise.resolve(app.request(`${origin}${pathOf(target)}`, init))
    return { app, port: IN_PROCESS_PORT, origin, request }
  }
  const server = await listen(app, { host: '127.0.0.1', port: 0 })
  options.access.listeningOn(server.port)
  const client = socketClient(server.port)
  onTestFinished(async () => {
    stopping.abort()
    client.close()
    await server.close()
  })
  return { app, port: server.port, origin: server.origin, request: client.request }
}
