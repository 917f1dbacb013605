/**
 * Absolute-form request targets (RFC 9112 §3.2.2: `GET http://host:port/path HTTP/1.1`), written by hand on the
 * server's own socket: a target naming another server is refused even when the Host header is right.
 */
import { describe, expect, it } from 'vitest'
import { TEST_TOKEN, createTestApp } from '#setup/in-process'
import { rawRequest } from '#setup/raw-http'

function own(server: { port: number }): string[] {
  return [`Host: 127.0.0.1:${server.port}`, `Authorization: Bearer ${TEST_TOKEN}`]
}

describe('absolute-form request targets (RFC 9112 §3.2.2)', () => {
  it('refuses a target naming another server even with a correct Host, on API and UI paths', async () => {
    const server = await createTestApp()
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
    const server = await createTestApp()
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST']) {
      const answer = await rawRequest(server.port, `GET http://${name}:${server.port}/v3/plant/search/status HTTP/1.1`, own(server))
      expect({ name, status: answer.status }).toEqual({ name, status: 200 })
    }
  })
})
