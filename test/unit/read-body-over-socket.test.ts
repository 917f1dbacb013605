/**
 * Request bodies read over a real node:http socket, where the reader takes
 * the socket's own stream rather than the web stream wrapped around it:
 * the same texts, limits and refusals as in-process.
 */
import { once } from 'node:events'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { H3, toNodeHandler } from 'h3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readJsonBody, readLimitedText } from '#server/http/read-json-body'
import { toProblemResponse } from '#server/problems/problem-response'

const LIMIT = 64

let server: Server | undefined
afterEach(async () => {
  server?.close()
  if (server) await once(server, 'close')
  server = undefined
})

/** Serves a JSON echo and a text reader limited to {@link LIMIT} bytes; resolves with the port. */
async function serve(): Promise<{ port: number; failures: unknown[]; started: () => number }> {
  const failures: unknown[] = []
  let started = 0
  const app = new H3({ silent: true, onError: (error, event) => toProblemResponse(error, event.req.method, event.url.pathname) })
  app.post('/json', async (event) => ({ got: await readJsonBody(event, 400) }))
  app.post('/text', async (event) => {
    started++
    try {
      return { text: await readLimitedText(event, LIMIT) }
    } catch (error) {
      failures.push(error)
      throw error
    }
  })
  server = createServer(toNodeHandler(app))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { port: (server.address() as AddressInfo).port, failures, started: () => started }
}

/** Sends `pieces` one write at a time (chunked, no Content-Length) and resolves with the status and body. */
function send(port: number, path: string, pieces: (string | Buffer)[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', path, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    for (const piece of pieces) req.write(piece)
    req.end()
  })
}

describe('request bodies over a node:http socket', () => {
  it('reads a body sent in several pieces, letters split across them included', async () => {
    const { port } = await serve()
    const cafe = Buffer.from('{"name":"café"}')
    const split = cafe.indexOf(0xa9) // the second byte of é
    const answer = await send(port, '/json', [cafe.subarray(0, split), cafe.subarray(split)])
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ got: { name: 'café' } }) })
  })

  it('refuses with 413 a body past the limit that declared no length, and serves the next request', async () => {
    const { port, failures } = await serve()
    const answer = await send(port, '/text', ['x'.repeat(LIMIT), 'y'])
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).detail).toMatch(/larger than 64 bytes/)
    expect(failures).toHaveLength(1)
    expect(await send(port, '/text', ['x'.repeat(LIMIT)])).toEqual({ status: 200, body: JSON.stringify({ text: 'x'.repeat(LIMIT) }) })
  })

  it('tells bytes that are not UTF-8 apart, as in-process', async () => {
    const { port } = await serve()
    const answer = await send(port, '/json', [Buffer.from([0x7b, 0xe9, 0x7d])])
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).detail).toMatch(/not valid UTF-8/)
  })

  it('gives up on a body whose client went away, and goes on serving', async () => {
    const { port, failures, started } = await serve()
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // the aborted request is logged as unexpected, as before
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/text', headers: { 'content-type': 'application/json' } })
    req.on('error', () => undefined)
    req.write('{"half":')
    await expect.poll(started, { timeout: 10_000 }).toBe(1)
    req.destroy()
    await expect.poll(() => failures.length, { timeout: 10_000 }).toBe(1)
    expect(await send(port, '/text', ['{}'])).toEqual({ status: 200, body: JSON.stringify({ text: '{}' }) })
  })
})
