/** Helpers for the LAN listener's tests: a free port, and HTTPS requests that show the status, headers and body. */
import { request } from 'node:https'
import { createServer, type AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

/** A port free a moment ago on 127.0.0.1 (the LAN port is a setting, not "any free port"). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** An answer over HTTPS. */
export interface HttpsAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json(): any
}

/**
 * Sends one request over HTTPS to `url` without checking the certificate (the tests check the fingerprint
 * themselves); `body` objects go as JSON. The Host header is the URL's unless given; `from` is the address the
 * request comes from (another loopback address stands in for another computer).
 */
export function httpsRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {}
): Promise<HttpsAnswer> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers }
  return new Promise((resolve, reject) => {
    const options = { method: init.method ?? 'GET', headers, rejectUnauthorized: false, agent: false, localAddress: init.from }
    const sent = request(url, options, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) }))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

/**
 * Opens a long-lived GET (a change stream) over HTTPS and resolves with its status once the headers arrive, and
 * `ended`, which resolves when the server ends the stream; the stream is closed when the test ends.
 */
export function openHttpsStreamWatched(url: string, headers: Record<string, string>): Promise<{ status: number; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, rejectUnauthorized: false, agent: false }, (response) => {
      onTestFinished(() => void response.destroy())
      const ended = new Promise<void>((done) => response.once('close', done))
      response.resume()
      resolve({ status: response.statusCode ?? 0, ended })
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** Opens a long-lived GET (a change stream) over HTTPS and resolves with its status once the headers arrive; the stream is closed when the test ends. */
export async function openHttpsStream(url: string, headers: Record<string, string>): Promise<number> {
  return (await openHttpsStreamWatched(url, headers)).status
}
