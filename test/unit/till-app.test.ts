/**
 * What a paired till answers itself rather than handing on to the main computer: the page's check that this server
 * knows the page's token (the main computer knows another one, so a forwarded check failed and the staff UI on a
 * till never sent its token), and what this computer is. Everything else under /v3 goes on.
 */
import { describe, expect, it } from 'vitest'
import { keyIdOf, newNonce, proofKeyOf, serverProofOf } from '#shared/server-proof'
import { AccessPolicy } from '#server/security/access-policy'
import { createTillApp } from '#till/till-app'

const TOKEN = 'till-app-test-local-token-0123456789abcdef'
const HOST = '127.0.0.1:5000'

function tillApp() {
  const access = new AccessPolicy({ token: () => TOKEN })
  access.listeningOn(5000)
  const forwarded: string[] = []
  const app = createTillApp({
    access,
    forward: (event) => {
      forwarded.push(event.url.pathname)
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })
    },
    setup: { state: () => ({ stage: 'till', primary: 'https://192.0.2.1:7421', till: 'door' }) }
  })
  return { app, forwarded }
}

describe("a paired till's own answers", () => {
  it("proves it knows the page's local token itself, without the token and without asking the main computer", async () => {
    const { app, forwarded } = tillApp()
    const key = await proofKeyOf(TOKEN)
    const nonce = newNonce()
    const answer = await app.request(`/v3/server-proof?nonce=${nonce}&key=${await keyIdOf(key)}`, { headers: { host: HOST } })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { proof: string }).proof).toBe(await serverProofOf(key, HOST, nonce))
    expect(forwarded).toEqual([])
  })

  it('says it is a till of its main computer, and hands the rest of /v3 on', async () => {
    const { app, forwarded } = tillApp()
    const headers = { host: HOST, authorization: `Bearer ${TOKEN}` }
    expect(await (await app.request('/v3/setup', { headers })).json()).toEqual({ stage: 'till', primary: 'https://192.0.2.1:7421', till: 'door' })
    expect((await app.request('/v3/plant', { headers })).status).toBe(200)
    expect(forwarded).toEqual(['/v3/plant'])
  })

  it('never hands on sales made offline from its own callers: with the till token they would pass the stock and staff checks', async () => {
    const { app, forwarded } = tillApp()
    const headers = { host: HOST, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
    const body = JSON.stringify({ sales: [{ key: 'k', madeAt: '2020-01-01T00:00:00.000Z', sale: { lines: [], payments: [] } }] })
    const answer = await app.request('/v3/offline-sales', { method: 'POST', headers, body })
    expect(answer.status).toBe(403)
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/only from this till's own outbox/)
    expect(forwarded).toEqual([])
  })
})
