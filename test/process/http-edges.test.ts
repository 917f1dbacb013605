import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

/** Sends raw bytes to the server and returns everything it answers before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('requests Node refuses before the app sees them', () => {
  it('still get problem+json with nosniff: an over-long address and a malformed header', async () => {
    const server = await startServe(await makeTempDir())
    const long = await rawExchange(
      server.port,
      `GET /v3/plant/search/status?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`
    )
    expect(long).toMatch(/^HTTP\/1\.1 431 /)
    expect(long).toMatch(/content-type: application\/problem\+json/i)
    expect(long).toMatch(/x-content-type-options: nosniff/i)
    expect(long).toContain('"status":431')
    const broken = await rawExchange(server.port, `GET /v3/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nBad Header Line\r\n\r\n`)
    expect(broken).toMatch(/^HTTP\/1\.1 400 /)
    expect(broken).toContain('"status":400')
    expect(broken).toMatch(/not valid HTTP/)
  })
})
