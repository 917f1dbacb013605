/** The LAN listener's setting through the API (PUT/GET /v3/settings/lan), pairing codes while it is off, and the main computer's empty outbox. */
import { describe, expect, it } from 'vitest'
import { readSettings } from '#settings/settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp } from '#setup/in-process'

describe('the LAN setting (extension)', () => {
  it('sets the address and port for the next start; the listener stays off until then', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/settings/lan')).json()).toEqual({ port: 7421, listening: false })
    const set = await app.call('PUT', '/v3/settings/lan', { address: '192.168.1.20', port: 8443 })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ address: '192.168.1.20', port: 8443, listening: false })
    expect(await readSettings(app.dir)).toMatchObject({ 'lan.address': '192.168.1.20', 'lan.port': 8443 })
  })

  it('refuses every network at once, a name and a port out of range, field by field, changing nothing', async () => {
    const app = await createTestApp()
    for (const [body, field, words] of [
      [{ address: '0.0.0.0' }, 'address', /not every network at once/],
      [{ address: 'shop.local' }, 'address', /is not an IP address/],
      [{ address: '10.0.0.2', port: 70000 }, 'port', /from 1 to 65535/]
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
