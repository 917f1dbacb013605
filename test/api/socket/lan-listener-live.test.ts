/**
 * The LAN listener follows its setting on a running service, without a restart: turned on through the API it
 * listens at once, moved it listens at the new place (the old one closes, its change streams end), turned off it
 * closes; a port this computer cannot listen on is refused in words with the listener left as it was.
 */
import { createServer } from 'node:net'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { startService } from '#app/service'
import { writeLanSettings } from '#settings/lan-settings'
import { readSettings } from '#settings/settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { freePort, httpsRequest, openHttpsStreamWatched } from '#setup/lan'
import { makeTempDir } from '#setup/temp-dir'

const OWNER_TOKEN = 'lan-live-test-owner-token-0123456789abcdefgh'

async function startPrimary() {
  const dataDir = await makeTempDir()
  const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: OWNER_TOKEN })
  onTestFinished(() => service.stop())
  const owner = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${service.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${OWNER_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: answer.status, body: await answer.json() }
  }
  const pairingCode = async () => (await owner('POST', '/pairing-codes')).body.code as string
  const pair = async (url: string, till: string, code?: string) =>
    httpsRequest(`${url}/v3/pair`, { method: 'POST', body: { code: code ?? (await pairingCode()), till } })
  return { dataDir, service, owner, pairingCode, pair }
}

describe('the LAN listener on a running service', () => {
  it('starts when turned on through the API, and a till pairs and reads at once', async () => {
    const { service, owner, pair } = await startPrimary()
    expect(service.lan).toBeUndefined()
    expect((await owner('POST', '/pairing-codes')).status).toBe(409)
    const port = await freePort()
    const on = await owner('PUT', '/settings/lan', { address: '127.0.0.1', port })
    expect(on).toMatchObject({ status: 200, body: { url: `https://127.0.0.1:${port}`, listening: true } })
    expect(service.lan).toEqual({ url: `https://127.0.0.1:${port}`, fingerprint: on.body.fingerprint })
    const paired = await pair(service.lan!.url, 'door')
    expect(paired.status).toBe(201)
    const read = await httpsRequest(`${service.lan!.url}/v3/plant`, { headers: { authorization: `Bearer ${paired.json().token}` } })
    expect(read.status).toBe(200)
  })

  it('moves to a new port: the old one closes and its change streams end, the till token works at the new one', async () => {
    const { service, owner, pair, pairingCode } = await startPrimary()
    const before = `https://127.0.0.1:${await freePort()}`
    await owner('PUT', '/settings/lan', { address: '127.0.0.1', port: Number(new URL(before).port) })
    const till = { authorization: `Bearer ${(await pair(before, 'door')).json().token}` }
    const stream = await openHttpsStreamWatched(`${before}/v3/events`, till)
    expect(stream.status).toBe(200)
    const oldCode = await pairingCode()

    const port = await freePort()
    const moved = await owner('PUT', '/settings/lan', { address: '127.0.0.1', port })
    expect(moved).toMatchObject({ status: 200, body: { url: `https://127.0.0.1:${port}`, listening: true } })
    await stream.ended
    await expect(httpsRequest(`${before}/v3/plant`, { headers: till })).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect((await httpsRequest(`${service.lan!.url}/v3/plant`, { headers: till })).status).toBe(200)
    // A code made for the old place is of no use at the new one: cancelled, and said so (not "wrong").
    const cancelled = await pair(service.lan!.url, 'market', oldCode)
    expect(cancelled.status).toBe(403)
    expect(cancelled.json()).toMatchObject({
      type: PROBLEM_TYPES.pairingRefused,
      detail: expect.stringMatching(
        /^This pairing code was cancelled when other tills were stopped from connecting, or their address or port changed/
      )
    })
  })

  it('refuses a port in use in words, keeping the listener and the setting as they were', async () => {
    const { dataDir, service, owner } = await startPrimary()
    const port = await freePort()
    await owner('PUT', '/settings/lan', { address: '127.0.0.1', port })
    const taken = createServer()
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening))
    onTestFinished(() => void taken.close())
    const takenPort = (taken.address() as { port: number }).port

    const refused = await owner('PUT', '/settings/lan', { address: '127.0.0.1', port: takenPort })
    expect(refused).toMatchObject({
      status: 409,
      body: {
        type: PROBLEM_TYPES.lanNotListening,
        errors: [{ field: 'port', message: `port ${takenPort} on 127.0.0.1 is in use by another program; choose another port` }]
      }
    })
    expect(service.lan?.url).toBe(`https://127.0.0.1:${port}`)
    expect((await httpsRequest(`${service.lan!.url}/v3/plant`)).status).toBe(401)
    expect(await readSettings(dataDir)).toMatchObject({ 'lan.address': '127.0.0.1', 'lan.port': port })
  })

  it('tries again by itself when its port was taken at the start, and listens once that program lets go of it', async () => {
    const dataDir = await makeTempDir()
    const taken = createServer()
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening))
    const port = (taken.address() as { port: number }).port
    await writeLanSettings(dataDir, { address: '127.0.0.1', port })
    const said: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void said.push(line))
    onTestFinished(() => spy.mockRestore())
    const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: OWNER_TOKEN, lanRetryMs: 50 })
    onTestFinished(() => service.stop())
    expect(service.lan).toBeUndefined()
    expect(said.join('\n')).toMatch(
      new RegExp(
        `port ${port} on 127\\.0\\.0\\.1 is in use by another program; choose another port\\. Trying again every 0\\.05 seconds; .*plant-store config set lan\\.port PORT\\.`
      )
    )
    await new Promise<void>((closed) => taken.close(() => closed()))
    await expect.poll(() => service.lan?.url).toBe(`https://127.0.0.1:${port}`)
    expect((await httpsRequest(`${service.lan!.url}/v3/plant`)).status).toBe(401) // up, and asking for a till's token
  })

  it('never listens on every network at once, even when the settings file says so in another spelling', async () => {
    const dataDir = await makeTempDir()
    await writeLanSettings(dataDir, { address: '::ffff:0.0.0.0', port: await freePort() }) // as an older version accepted
    const said: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void said.push(line))
    onTestFinished(() => spy.mockRestore())
    const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: OWNER_TOKEN, lanRetryMs: 60_000 })
    onTestFinished(() => service.stop())
    expect(service.lan).toBeUndefined()
    expect(said.join('\n')).toMatch(/other tills cannot connect: ::ffff:0\.0\.0\.0 means every network at once; choose one address/)
  })

  it('says so at start when the file holds a port or an address it cannot use, rather than drop it without a word', async () => {
    const dataDir = await makeTempDir()
    await writeLanSettings(dataDir, { address: '0.0.0.0', port: 80 }) // as a hand edit leaves it
    const said: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void said.push(line))
    onTestFinished(() => spy.mockRestore())
    const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: OWNER_TOKEN, lanRetryMs: 60_000 })
    onTestFinished(() => service.stop())
    expect(service.lan).toBeUndefined()
    const words = said.join('\n')
    expect(words).toMatch(/lan\.address "0\.0\.0\.0" in settings\.json is not used \(choose one address of this computer/)
    expect(words).toMatch(
      /lan\.port 80 in settings\.json is not used \(the port is a whole number from 1024 to 65535, e\.g\. 7421\); port 7421 is used instead/
    )
  })

  it('closes when turned off: open streams end, nothing answers there, and it comes back when turned on again', async () => {
    const { service, owner, pair } = await startPrimary()
    const port = await freePort()
    await owner('PUT', '/settings/lan', { address: '127.0.0.1', port })
    const url = service.lan!.url
    const till = { authorization: `Bearer ${(await pair(url, 'door')).json().token}` }
    const stream = await openHttpsStreamWatched(`${url}/v3/events`, till)

    expect(await owner('DELETE', '/settings/lan')).toMatchObject({ status: 200, body: { port, listening: false } })
    await stream.ended
    expect(service.lan).toBeUndefined()
    await expect(httpsRequest(`${url}/v3/plant`, { headers: till })).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect((await owner('POST', '/pairing-codes')).status).toBe(409)

    await owner('PUT', '/settings/lan', { address: '127.0.0.1' })
    expect((await httpsRequest(`${url}/v3/plant`, { headers: till })).status).toBe(200)
  })
})
