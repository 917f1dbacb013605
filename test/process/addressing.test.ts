/**
 * The LAN addresses of a real `plant-store serve` bound to all interfaces (--host 0.0.0.0 or ::), and what it
 * says about them. (Absolute-form request targets: test/api/socket/absolute-form.test.ts.)
 */
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { rawRequest } from '#setup/raw-http'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

/** This computer's non-loopback addresses of one family. */
function lanAddresses(family: 'IPv4' | 'IPv6'): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === family && !entry.internal && entry.scopeid === (family === 'IPv6' ? 0 : undefined))
    .map((entry) => (family === 'IPv6' ? `[${entry.address}]` : entry.address))
}

describe('--host 0.0.0.0 or :: (all interfaces)', () => {
  const ipv4 = lanAddresses('IPv4')
  const ipv6 = lanAddresses('IPv6')

  it.skipIf(ipv4.length === 0)("accepts this computer's LAN addresses as Host and Origin, and says plainly what others can do", async () => {
    const server = await startServe(await makeTempDir(), ['--host', '0.0.0.0'])
    expect(server.output()).toMatch(/warning: --host 0\.0\.0\.0 lets other computers on your network reach Plant Store at /)
    expect(server.output()).toContain(ipv4[0])
    expect(server.output()).toMatch(/without the API token they can neither see nor change any plant/)
    expect(server.output()).toMatch(/not encrypted/)
    for (const address of ipv4) {
      const host = `${address}:${server.port}`
      const search = await rawRequest(server.port, 'GET /v3/plant/search/status HTTP/1.1', [`Host: ${host}`, `Authorization: Bearer ${server.token}`])
      expect({ address, status: search.status }).toEqual({ address, status: 200 })
      // The UI opened from another computer posts with its own origin.
      const body = JSON.stringify({ name: `Fern from ${address}` })
      const headers = [`Host: ${host}`, `Origin: http://${host}`, `Authorization: Bearer ${server.token}`, 'Content-Type: application/json']
      const add = await rawRequest(server.port, 'POST /v3/plant HTTP/1.1', [...headers, `Content-Length: ${Buffer.byteLength(body)}`], body)
      expect({ address, status: add.status }).toEqual({ address, status: 200 })
    }
    // Without the token another computer gets nothing but a 401.
    const anonymous = await rawRequest(server.port, 'GET /v3/plant/search/status HTTP/1.1', [`Host: ${ipv4[0]}:${server.port}`])
    expect(anonymous.status).toBe(401)
    // 0.0.0.0 listens on IPv4 only: an IPv6 address of this computer is not one of its names.
    for (const address of ipv6) {
      expect(
        (
          await rawRequest(server.port, 'GET /v3/plant/search/status HTTP/1.1', [
            `Host: ${address}:${server.port}`,
            `Authorization: Bearer ${server.token}`
          ])
        ).status
      ).toBe(403)
    }
    const other = await rawRequest(server.port, 'GET /v3/plant/search/status HTTP/1.1', [
      `Host: evil.example:${server.port}`,
      `Authorization: Bearer ${server.token}`
    ])
    expect(other.status).toBe(403)
  })

  it.skipIf(ipv6.length === 0)('with ::, accepts the IPv6 addresses too', async () => {
    const server = await startServe(await makeTempDir(), ['--host', '::'])
    for (const address of [...ipv6, ...ipv4]) {
      const answer = await rawRequest(server.port, 'GET /v3/plant/search/status HTTP/1.1', [
        `Host: ${address}:${server.port}`,
        `Authorization: Bearer ${server.token}`
      ])
      expect({ address, status: answer.status }).toEqual({ address, status: 200 })
    }
  })
})
