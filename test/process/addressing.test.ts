/**
 * Which address a request names, against the real `plant-store serve`:
 * absolute-form request targets (issue 11 point 14) and the LAN addresses of a
 * server bound to all interfaces (issue 17).
 */
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startServe, type ServeProcess } from '../_setup/serve-process'
import { makeTempDir } from '../_setup/temp-dir'

/** Sends one raw request line and headers; returns the status code and the raw (possibly chunked) body of the answer. */
function rawRequest(port: number, requestLine: string, headers: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write([requestLine, ...headers, 'Connection: close'].join('\r\n') + '\r\n\r\n'))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) })
    })
    socket.on('error', reject)
  })
}

function own(server: ServeProcess): string[] {
  return [`Host: 127.0.0.1:${server.port}`, `Authorization: Bearer ${server.token}`]
}

describe('absolute-form request targets (RFC 9112 §3.2.2)', () => {
  it('refuses a target naming another server even with a correct Host, on API and UI paths', async () => {
    const server = await startServe(await makeTempDir())
    const port = server.port
    for (const target of [
      'http://evil.test/v3/plant/search/status',
      `http://evil.test:${port}/v3/plant/search/status`,
      `http://127.0.0.1:${port + 1}/v3/plant/search/status`,
      `http://user@127.0.0.1:${port}/v3/plant/search/status`,
      `http://evil.test:${port}/`
    ]) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1`, own(server))
      expect({ target, status: answer.status }).toEqual({ target, status: 403 })
      expect(answer.body).toContain('"type":"urn:plant-store:problem:forbidden"')
      expect(answer.body).toMatch(/request target addressed to/)
    }
  })

  it('serves a target that names this server, as the Host check would', async () => {
    const server = await startServe(await makeTempDir())
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST']) {
      const answer = await rawRequest(server.port, `GET http://${name}:${server.port}/v3/plant/search/status HTTP/1.1`, own(server))
      expect({ name, status: answer.status }).toEqual({ name, status: 200 })
    }
  })
})
