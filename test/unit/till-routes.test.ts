/**
 * A paired till's own routes (till/routes/resources.ts) are declared as the main computer's operations are: each is
 * one the main computer serves, under the same staff rule, and each is answered by the till itself, before the
 * catch-all that hands every other /v3 request on to the main computer.
 */
import { describe, expect, it } from 'vitest'
import { AccessPolicy } from '#server/security/access-policy'
import { WRITE_ROUTE_ACTIONS } from '#server/routes/resources'
import { operationsOf } from '#server/routes/operation'
import { TILL_RESOURCES } from '#till/routes/resources'
import { createTillApp } from '#till/till-app'
import { makeTempDir } from '#setup/temp-dir'

const TOKEN = 'till-routes-test-local-token-0123456789abcdef'
const HEADERS = { host: '127.0.0.1:5000', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }

async function tillApp(withDeps: boolean) {
  const access = new AccessPolicy({ token: () => TOKEN })
  access.listeningOn(5000)
  const forwarded: string[] = []
  const sales = {
    sell: async () => ({ kept: true }) as never,
    waiting: () => 0,
    certificateChanged: () => false,
    refused: () => 0,
    refusedSales: async () => [],
    dealtWith: async () => false
  }
  const app = createTillApp({
    access,
    forward: (event) => {
      forwarded.push(`${event.req.method} ${event.url.pathname}`)
      return new Response(null, { status: 204 })
    },
    setup: { state: () => ({ stage: 'till', primary: 'https://192.0.2.1:7421', till: 'door' }) },
    ...(withDeps ? { sales, signIn: () => new Response(null, { status: 401 }), dataDir: await makeTempDir() } : {})
  })
  const request = (method: string, path: string) =>
    app.request(`/v3${path.replace('{basketId}', 'window-1')}`, { method, headers: HEADERS, body: method === 'GET' ? undefined : '{}' })
  return { request, forwarded }
}

describe("a paired till's own routes", () => {
  it("declare, for each write, the main computer's staff rule of the same method and path", () => {
    const writes = operationsOf(TILL_RESOURCES).flatMap((operation) => (operation.method === 'GET' ? [] : [operation]))
    expect(writes.length).toBeGreaterThan(0)
    for (const { method, path, staff } of writes) expect(staff, `${method} ${path}`).toBe(WRITE_ROUTE_ACTIONS[`${method} ${path}`])
  })

  it('are answered by the till itself, before the forward, once it is given what they need', async () => {
    const { request, forwarded } = await tillApp(true)
    for (const { method, path } of operationsOf(TILL_RESOURCES)) await request(method, path)
    expect(forwarded).toEqual([])
  })

  it('hand on to the main computer what the till is not given, but for sales made offline, always refused', async () => {
    const { request, forwarded } = await tillApp(false)
    expect((await request('POST', '/offline-sales')).status).toBe(403)
    for (const { method, path } of operationsOf(TILL_RESOURCES)) if (path !== '/offline-sales') await request(method, path)
    expect(forwarded).toEqual(
      operationsOf(TILL_RESOURCES)
        .filter(({ path }) => path !== '/offline-sales')
        .map(({ method, path }) => `${method} /v3${path.replace('{basketId}', 'window-1')}`)
    )
  })
})
