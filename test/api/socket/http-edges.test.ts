/** Raw bytes Node's HTTP parser refuses, over the server's own socket (`listen`): answered in the app's words. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'
import { rawExchange } from '#setup/raw-http'

describe('requests Node refuses before the app sees them', () => {
  it('still get problem+json with nosniff: an over-long address and a malformed header', async () => {
    const server = await createTestApp()
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
