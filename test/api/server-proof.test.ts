/**
 * Once its server stops, a staff page keeps trying to reconnect; another account can take the free port meanwhile.
 * The page sends its token only to a server that proved it knows it (GET /v3/server-proof, asked without the
 * token): a stand-in on the port, or one relaying the question to the real server elsewhere, never receives it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { ApiError, createApiClient } from '#shared/api-client'
import { keyIdOf, newNonce, proofKeyOf, serverProofOf } from '#shared/server-proof'
import { TEST_TOKEN, clientFetch, createTestApp, type TestApp } from '#setup/in-process'

async function proofOf(app: TestApp, token: string, nonce = newNonce()): Promise<{ status: number; proof?: string | null; expected: string }> {
  const key = await proofKeyOf(token)
  const response = await app.call('GET', `/v3/server-proof?nonce=${nonce}&key=${await keyIdOf(key)}`, undefined, { authorization: undefined })
  const body = response.ok ? ((await response.json()) as { proof: string | null }) : {}
  return { status: response.status, ...body, expected: await serverProofOf(key, `127.0.0.1:${app.port}`, nonce) }
}

/** A program on a port of its own that answers everything 401 and records the Authorization headers it received. */
async function standIn(
  answer?: (url: string) => Promise<{ status: number; body: string }>
): Promise<{ baseUrl: string; seen: IncomingHttpHeaders[]; urls: string[] }> {
  const seen: IncomingHttpHeaders[] = []
  const urls: string[] = []
  const server = createServer((request, response) => {
    seen.push(request.headers)
    urls.push(request.url ?? '')
    void (answer?.(request.url ?? '') ?? Promise.resolve({ status: 401, body: '' })).then(({ status, body }) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, seen, urls }
}

describe('the server proof (extension)', () => {
  it('answers without the token with the HMAC of the nonce and its own Host, for the owner and for a named token', async () => {
    const app = await createTestApp()
    const owner = await proofOf(app, TEST_TOKEN)
    expect(owner.status).toBe(200)
    expect(owner.proof).toBe(owner.expected)
    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    const named = await proofOf(app, token)
    expect(named.proof).toBe(named.expected)
    expect((await proofOf(app, 'not-a-token-anyone-has')).proof).toBeNull()
    const bad = await app.call('GET', '/v3/server-proof?nonce=xyz&key=abc', undefined, { authorization: undefined })
    expect(bad.status).toBe(400)
  })

  it('lets a client that asks for it work as before against its own server', async () => {
    const app = await createTestApp()
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(app), verifyServer: true })
    await client.addPlant({ name: 'Fern' })
    expect((await client.listPlants()).plants.map((plant) => plant.name)).toEqual(['Fern'])
  })
})

describe('a page whose token was rotated', () => {
  it('gets a 401, as with the token, and locks, without sending the old token', async () => {
    let token = TEST_TOKEN
    const app = await createTestApp({ token: () => token })
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(app), verifyServer: true })
    token = 'rotated-token-0123456789abcdefghijklmnopq'
    await expect(client.listPlants()).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/^Token not accepted \(rotated or revoked\?\)/)
    })
  })
})

describe('a page whose server stopped and another program took the port', () => {
  it('sends that program no token: it is asked for a proof it cannot give, and the page says why', async () => {
    const squatter = await standIn()
    const client = createApiClient({ baseUrl: squatter.baseUrl, token: TEST_TOKEN, verifyServer: true })
    const refused = await client.listPlants().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).status).toBe(0)
    expect((refused as ApiError).message).toMatch(
      /did not prove it is this page's Plant Store server \(it answered 401\), so the access key was not sent to it/
    )
    expect(squatter.urls.every((url) => url.startsWith('/v3/server-proof?'))).toBe(true)
    expect(squatter.seen.map((headers) => headers.authorization)).toEqual([undefined])
  })

  it('sends no token to a program that relays the question to the real server on another port', async () => {
    const app = await createTestApp()
    const relay = await standIn(async (url) => {
      const real = await clientFetch(app)(`${app.origin}${url}`, { method: 'GET' }) // the real server answers for its own Host only
      return { status: real.status, body: await real.text() }
    })
    const client = createApiClient({ baseUrl: relay.baseUrl, token: TEST_TOKEN, verifyServer: true })
    await expect(client.listPlants()).rejects.toThrow(/its proof is wrong/)
    expect(relay.seen.map((headers) => headers.authorization)).toEqual([undefined])
  })

  it('asks again after the connection was lost, before the token goes out to whatever answers now', async () => {
    const app = await createTestApp()
    const squatter = await standIn()
    let target: 'server' | 'gone' | 'squatter' = 'server'
    const fetchNow = async (url: string, init: RequestInit): Promise<Response> => {
      if (target === 'server') return clientFetch(app)(url, init)
      if (target === 'gone') throw new TypeError('fetch failed')
      return fetch(url.replace(`${app.origin}/v3`, squatter.baseUrl), init)
    }
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: fetchNow, verifyServer: true })
    await client.listPlants()
    target = 'gone' // the server stops
    await expect(client.listPlants()).rejects.toMatchObject({ status: 0 })
    target = 'squatter' // another program listens on the port
    await expect(client.listPlants()).rejects.toThrow(/the access key was not sent to it/)
    expect(squatter.seen.map((headers) => headers.authorization)).toEqual([undefined])
  })

  it('asks again once the change stream ended, before it reopens the stream with the token', async () => {
    const app = await createTestApp()
    const squatter = await standIn()
    let moved = false
    const fetchNow = async (url: string, init: RequestInit): Promise<Response> => {
      if (!moved && url.includes('/events')) {
        moved = true // the stream opens, then its server stops: the body ends and the port is someone else's
        return new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }
      if (!moved) return clientFetch(app)(url, init)
      return fetch(url.replace(`${app.origin}/v3`, squatter.baseUrl), init)
    }
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: fetchNow, verifyServer: true })
    const states: string[] = []
    const stop = client.subscribe({ onEvent: () => undefined, onState: (state) => states.push(state), initialDelayMs: 1, maxDelayMs: 5 })
    onTestFinished(() => stop())
    await expect.poll(() => squatter.urls.length).toBeGreaterThanOrEqual(2)
    expect(squatter.seen.map((headers) => headers.authorization).filter((header) => header !== undefined)).toEqual([])
    expect(squatter.urls.every((url) => url.startsWith('/v3/server-proof?'))).toBe(true)
  })
})
