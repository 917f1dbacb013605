/**
 * The listener for the shop's other tills, over a real TLS socket on 127.0.0.1 (standing in for the LAN
 * address): only TLS, its own Host and https origin, nothing but the pairing without a till's token, pairing
 * codes used once, and a revoked till refused. The service is the one `plant-store serve` starts.
 */
import { X509Certificate } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startService } from '#app/service'
import { LAN_KEY_FILE_NAME, LAN_CERTIFICATE_FILE_NAME } from '#auth/lan-certificate'
import { writeLanSettings } from '#settings/lan-settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { hostPlatform } from '#lib/platform'
import { STREAM_SLOT_LIMITS } from '#server/routes/events/stream-slots'
import { freePort, httpsRequest, openHttpsStream } from '#setup/lan'
import { makeTempDir } from '#setup/temp-dir'

const OWNER_TOKEN = 'lan-listener-test-owner-token-0123456789abcdef'

async function startPrimary() {
  const dataDir = await makeTempDir()
  await writeLanSettings(dataDir, { address: '127.0.0.1', port: await freePort() })
  const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: OWNER_TOKEN })
  onTestFinished(() => service.stop())
  const lan = service.lan!
  const owner = (method: string, route: string, body?: unknown) =>
    fetch(`${service.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${OWNER_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const onLan = (method: string, route: string, init: { token?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {}) =>
    httpsRequest(`${lan.url}/v3${route}`, {
      method,
      body: init.body,
      from: init.from,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers }
    })
  const pairingCode = async () => (await (await owner('POST', '/pairing-codes')).json()).code as string
  const pair = async (till: string) => (await onLan('POST', '/pair', { body: { code: await pairingCode(), till } })).json().token as string
  return { dataDir, service, lan, owner, onLan, pairingCode, pair }
}

describe('the LAN listener', () => {
  it('serves TLS with a certificate made in the data folder (key 0600), its fingerprint in the API', async () => {
    const { dataDir, lan, owner } = await startPrimary()
    expect(lan.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const cert = await readFile(path.join(dataDir, LAN_CERTIFICATE_FILE_NAME), 'utf8')
    expect(lan.fingerprint).toBe(new X509Certificate(cert).fingerprint256)
    if (hostPlatform() !== 'win32') expect((await stat(path.join(dataDir, LAN_KEY_FILE_NAME))).mode & 0o777).toBe(0o600)
    const state = await (await owner('GET', '/settings/lan')).json()
    expect(state).toEqual({ address: '127.0.0.1', port: Number(new URL(lan.url).port), url: lan.url, fingerprint: lan.fingerprint, listening: true })
    // Never plain HTTP on that port.
    await expect(fetch(`${lan.url.replace('https', 'http')}/v3/pair`, { method: 'POST' })).rejects.toThrow()
  })

  it("gives a client without a till's token nothing but the pairing: no data, no API document, no UI, not the owner's token", async () => {
    const { onLan } = await startPrimary()
    for (const route of ['/plant/search/status?status=available', '/openapi.json', '/tokens']) {
      const answer = await onLan('GET', route)
      expect({ route, status: answer.status }).toEqual({ route, status: 401 })
    }
    const withOwner = await onLan('GET', '/plant', { token: OWNER_TOKEN })
    expect(withOwner.status).toBe(401)
    expect(withOwner.json().detail).toMatch(/only a paired till's token is accepted/)
    expect((await httpsRequest(`${(await startPrimary()).lan.url}/`)).status).toBe(404)
    expect((await onLan('POST', '/pair', { body: { code: '0000-0000', till: 'door' } })).status).toBe(403)
  })

  it('applies the Host and Origin checks with its own https address, and the body limit', async () => {
    const { onLan, lan, pair } = await startPrimary()
    const token = await pair('door')
    expect((await onLan('GET', '/plant', { token })).status).toBe(200)
    expect((await onLan('GET', '/plant', { token, headers: { host: 'evil.test' } })).status).toBe(403)
    expect((await onLan('GET', '/plant', { token, headers: { host: `localhost:${new URL(lan.url).port}` } })).status).toBe(403)
    expect((await onLan('POST', '/plant', { token, body: { name: 'x' }, headers: { origin: lan.url.replace('https', 'http') } })).status).toBe(403)
    expect((await onLan('POST', '/plant', { token, body: { name: 'Fern' }, headers: { origin: lan.url } })).status).toBe(200)
    const tooBig = await onLan('POST', '/pair', { body: { code: 'x'.repeat(2 * 1024 * 1024), till: 'big' } })
    expect(tooBig.status).toBe(413)
  })

  it("counts a till's change streams on both listeners against one share of the server", async () => {
    const { lan, service, pair } = await startPrimary()
    const token = await pair('door')
    for (let stream = 0; stream < STREAM_SLOT_LIMITS.maxStreamsPerToken; stream++) {
      expect(await openHttpsStream(`${lan.url}/v3/events`, { authorization: `Bearer ${token}` })).toBe(200)
    }
    const onLoopback = await fetch(`${service.baseUrl}/events`, { headers: { authorization: `Bearer ${token}` } })
    expect(onLoopback.status).toBe(429)
  })
})

describe('pairing a till', () => {
  it('trades a one-time code for a till token that reads and writes on the LAN, listed as a till, by its name in the history', async () => {
    const { onLan, owner, pairingCode } = await startPrimary()
    const code = await pairingCode()
    const paired = await onLan('POST', '/pair', { body: { code, till: 'greenhouse' } })
    expect(paired.status).toBe(201)
    expect(paired.json()).toMatchObject({ name: 'greenhouse', kind: 'till', scope: 'read-write' })
    const again = await onLan('POST', '/pair', { body: { code, till: 'market' } })
    expect(again.status).toBe(403)
    expect(again.json()).toMatchObject({ type: PROBLEM_TYPES.pairingRefused, detail: expect.stringMatching(/wrong or was used already/) })
    const token = paired.json().token as string
    const added = await onLan('POST', '/plant', { token, body: { name: 'Fern' } })
    expect(added.status).toBe(200)
    expect((await onLan('GET', `/plant/${added.json().id}`, { token })).json().name).toBe('Fern')
    expect(await (await owner('GET', '/tokens')).json()).toEqual([expect.objectContaining({ name: 'greenhouse', kind: 'till' })])
    const changes = await (await owner('GET', '/changes')).json()
    expect(JSON.stringify(changes)).toContain('"by":"greenhouse"')
  })

  it("a till may not manage tokens or tills; a revoked till's token is refused at once", async () => {
    const { onLan, owner, pair } = await startPrimary()
    const token = await pair('door')
    expect((await onLan('POST', '/pairing-codes', { token })).status).toBe(403)
    expect((await onLan('GET', '/tokens', { token })).status).toBe(403)
    expect((await owner('DELETE', '/tokens/door')).status).toBe(204)
    expect((await onLan('GET', '/plant', { token })).status).toBe(401)
  })

  it('a code whose till name is taken can be used again with another name; codes are rate-limited', async () => {
    const { onLan, pairingCode, pair } = await startPrimary()
    await pair('door')
    const code = await pairingCode()
    expect((await onLan('POST', '/pair', { body: { code, till: 'DOOR' } })).status).toBe(409)
    expect((await onLan('POST', '/pair', { body: { code, till: 'door-2' } })).status).toBe(201)
    let last
    for (let attempt = 0; attempt < 12; attempt++) last = await onLan('POST', '/pair', { body: { code: '1111-1111', till: 'guess' } })
    expect(last?.status).toBe(429)
    expect(last?.json().detail).toMatch(/Too many pairing attempts from this address this minute; try again in \d+ s/)
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0)
  })

  // Another loopback address stands in for another computer on the network: Linux answers on all of 127.0.0.0/8.
  it.runIf(hostPlatform() === 'linux')('one address flooding the pairing does not keep a till at another address from pairing', async () => {
    const { onLan, pairingCode } = await startPrimary()
    const flood = await Promise.all(
      Array.from({ length: 30 }, () => onLan('POST', '/pair', { body: { code: '1111-1111', till: 'guess' }, from: '127.0.0.2' }))
    )
    expect(flood.filter((answer) => answer.status === 429).length).toBe(20)
    const paired = await onLan('POST', '/pair', { body: { code: await pairingCode(), till: 'door' }, from: '127.0.0.1' })
    expect(paired.status).toBe(201)
  })
})
