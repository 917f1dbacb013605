/**
 * The LAN listener's setting through the API (PUT/GET/DELETE /v3/settings/lan), which starts and stops the listener
 * at once (127.0.0.1 stands in for the shop's network), pairing codes while it is off, and the main computer's empty outbox.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { readSettings } from '#settings/settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp } from '#setup/in-process'
import { freePort, httpsRequest } from '#setup/lan'

describe('the LAN setting (extension)', () => {
  it('starts listening at the address and port at once, and stops when turned off, keeping the port', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/settings/lan')).json()).toEqual({ port: 7421, listening: false })
    const port = await freePort()
    const set = await app.call('PUT', '/v3/settings/lan', { address: '127.0.0.1', port })
    expect(set.status).toBe(200)
    const url = `https://127.0.0.1:${port}`
    expect(await set.json()).toEqual({ address: '127.0.0.1', port, url, fingerprint: expect.stringMatching(/^[0-9A-F:]{95}$/), listening: true })
    expect(await readSettings(app.dir)).toMatchObject({ 'lan.address': '127.0.0.1', 'lan.port': port })
    expect((await httpsRequest(`${url}/v3/plant`)).status).toBe(401)
    const off = await app.call('DELETE', '/v3/settings/lan')
    expect(off.status).toBe(200)
    expect(await off.json()).toEqual({ port, fingerprint: expect.any(String), listening: false })
    expect(await readSettings(app.dir)).toEqual({ 'lan.port': port })
    await expect(httpsRequest(`${url}/v3/plant`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('refuses an address that is not one of this computer in words, changing nothing', async () => {
    const app = await createTestApp()
    // 192.0.2.0/24 is kept for documentation: never a computer's own address.
    const answer = await app.call('PUT', '/v3/settings/lan', { address: '192.0.2.1', port: await freePort() })
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({
      type: PROBLEM_TYPES.lanNotListening,
      detail: expect.stringMatching(/^Nothing was changed, other tills connect as before: 192\.0\.2\.1 is not an address of this computer; /),
      errors: [{ field: 'address', message: expect.stringMatching(/192\.0\.2\.1 is not an address of this computer/) }]
    })
    expect(await readSettings(app.dir)).toEqual({})
    expect(await (await app.call('GET', '/v3/settings/lan')).json()).toEqual({ port: 7421, fingerprint: expect.any(String), listening: false })
  })

  it('refuses a loopback address, in any spelling, as one no other till can reach, offering the real ones', async () => {
    const app = await createTestApp()
    vi.stubEnv('PLANT_STORE_ALLOW_LOOPBACK_LAN', undefined) // the tests' own stand-in for the shop's network, off here
    onTestFinished(() => void vi.unstubAllEnvs())
    for (const address of ['127.0.0.1', '127.0.0.5', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      const answer = await app.call('PUT', '/v3/settings/lan', { address, port: await freePort() })
      expect(answer.status).toBe(409)
      expect(await answer.json()).toMatchObject({
        type: PROBLEM_TYPES.lanNotListening,
        errors: [
          {
            field: 'address',
            message: expect.stringMatching(
              /is this computer's loopback address, which no other till can reach; (its addresses are|it has no network)/
            )
          }
        ]
      })
    }
    expect(await readSettings(app.dir)).toEqual({})
    expect(await (await app.call('GET', '/v3/settings/lan')).json()).toMatchObject({ listening: false })
  })

  it('refuses every network at once in any spelling, as one parsed address, changing nothing', async () => {
    const app = await createTestApp()
    for (const address of ['::0', '0:0:0:0:0:0:0:0', '::ffff:0.0.0.0', '0000::', '::ffff:0:0']) {
      const answer = await app.call('PUT', '/v3/settings/lan', { address, port: await freePort() })
      expect(answer.status, address).toBe(409)
      expect(await answer.json()).toMatchObject({
        type: PROBLEM_TYPES.lanNotListening,
        errors: [{ field: 'address', message: expect.stringMatching(/means every network at once; choose one address of this computer/) }]
      })
    }
    expect(await readSettings(app.dir)).toEqual({})
    expect(await (await app.call('GET', '/v3/settings/lan')).json()).toMatchObject({ listening: false })
  })

  it('refuses text shaped like an address that is none (found by the conformance test: it was a 500), changing nothing', async () => {
    const app = await createTestApp()
    for (const address of [':.A:d', '1:2:3', '::g', '1.2.3.4:5']) {
      const answer = await app.call('PUT', '/v3/settings/lan', { address, port: await freePort() })
      expect(answer.status, address).toBeLessThan(500)
      expect(answer.status, address).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify((await answer.json()).errors), address).toMatch(/is not an IP address/)
    }
    expect(await readSettings(app.dir)).toEqual({})
  })

  it('refuses every network at once, a name and a port out of range or below 1024, field by field, changing nothing', async () => {
    const app = await createTestApp()
    for (const [body, field, words] of [
      [{ address: '0.0.0.0' }, 'address', /not every network at once/],
      [{ address: 'shop.local' }, 'address', /is not an IP address/],
      [{ address: '10.0.0.2', port: 70000 }, 'port', /from 1024 to 65535/],
      // A port below 1024 is the system's: refused whoever runs Plant Store (as root it would have listened on 80).
      [{ address: '10.0.0.2', port: 80 }, 'port', /from 1024 to 65535/],
      [{ address: '10.0.0.2', port: 1023 }, 'port', /from 1024 to 65535/]
    ] as const) {
      const answer = await app.call('PUT', '/v3/settings/lan', body)
      expect(answer.status).toBe(400)
      const problem = await answer.json()
      expect(problem.errors).toEqual([{ field, message: expect.stringMatching(words) }])
    }
    expect(await readSettings(app.dir)).toEqual({})
  })

  it("is the owner's: a named token may neither see nor change it, nor make pairing codes", async () => {
    const app = await createTestApp()
    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'script' })).json()
    const bearer = { authorization: `Bearer ${token}` }
    expect((await app.call('GET', '/v3/settings/lan', undefined, bearer)).status).toBe(403)
    expect((await app.call('PUT', '/v3/settings/lan', { address: '10.0.0.2' }, bearer)).status).toBe(403)
    expect((await app.call('DELETE', '/v3/settings/lan', undefined, bearer)).status).toBe(403)
    expect((await app.call('POST', '/v3/pairing-codes', undefined, bearer)).status).toBe(403)
  })

  it('makes no pairing code while the listener is off, and says how to turn it on', async () => {
    const app = await createTestApp()
    const answer = await app.call('POST', '/v3/pairing-codes')
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({ type: PROBLEM_TYPES.lanOff, detail: expect.stringMatching(/config set lan.address/) })
  })

  it('keeps no outbox on the main computer: only a paired till has sales waiting', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/outbox')).json()).toEqual({ till: false, waiting: 0 })
  })
})
