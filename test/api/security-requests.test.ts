/**
 * The local API's security as whole requests show it, Host and Origin forged the way only a script (or, over a
 * socket, node:http) can: what a DNS-rebinding page, a cross-site form and a client without the token get, on API
 * and UI paths alike, and a body that never ends. (Case by case: security.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import { TEST_TOKEN, createTestApp, type TestApp } from '#setup/in-process'

const SEARCH = '/v3/plant/search/status'

async function expectForbidden(answer: Response): Promise<void> {
  expect(answer.status).toBe(403)
  expect(answer.headers.get('content-type')).toBe('application/problem+json')
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect((await answer.json()).type).toBe('urn:plant-store:problem:forbidden')
}

function corsHeaders(answer: Response): string[] {
  return [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))
}

/** GET `path` with exactly `headers` (no token unless given), the app's Host unless given. */
function get(test: TestApp, path: string, headers: Record<string, string | undefined> = {}): Promise<Response> {
  return test.call('GET', path, undefined, { authorization: undefined, ...headers })
}

const TOKEN = { authorization: `Bearer ${TEST_TOKEN}` }

describe('local API security, whole requests', () => {
  it('refuses a forged Host (DNS rebinding) with 403 on API and UI paths, and serves its own names', async () => {
    const test = await createTestApp()
    for (const host of [`evil.example:${test.port}`, `127.0.0.1:${test.port + 1}`, 'localhost']) {
      await expectForbidden(await get(test, SEARCH, { ...TOKEN, host }))
      await expectForbidden(await get(test, '/', { ...TOKEN, host }))
      await expectForbidden(await get(test, '/v3/openapi.json', { host }))
    }
    for (const host of [`127.0.0.1:${test.port}`, `localhost:${test.port}`, `[::1]:${test.port}`]) {
      expect((await get(test, SEARCH, { ...TOKEN, host })).status).toBe(200)
    }
  })

  it('refuses a foreign Origin (CSRF) with 403, writes nothing, and grants preflights nothing', async () => {
    const test = await createTestApp()
    const plant = JSON.stringify({ name: 'Fern' })
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${test.port + 1}`]) {
      await expectForbidden(await test.call('POST', '/v3/plant', plant, { origin }))
    }
    // A cross-site HTML form: no token, a form body, a foreign Origin.
    const form = { authorization: undefined, origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' }
    await expectForbidden(await test.call('POST', '/v3/plant', 'name=x', form))
    const preflight = await test.call('OPTIONS', '/v3/plant', undefined, {
      authorization: undefined,
      origin: 'http://evil.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization, content-type'
    })
    expect(corsHeaders(preflight)).toEqual([])
    await expectForbidden(preflight)

    expect((await test.call('GET', SEARCH)).headers.get('x-total-count')).toBe('0')
    const own = await test.call('POST', '/v3/plant', plant, { origin: `http://127.0.0.1:${test.port}` })
    expect(own.status).toBe(200)
    expect(corsHeaders(own)).toEqual([])
  })

  it('needs the token on /v3 (401 + WWW-Authenticate: Bearer) but not for the OpenAPI document or the UI', async () => {
    const test = await createTestApp()
    const missing = await get(test, SEARCH)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await missing.json()).type).toBe('urn:plant-store:problem:unauthorized')
    const wrong = await test.call('POST', '/v3/plant', '{"name":"x"}', { authorization: 'Bearer not-the-token' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer\b.*invalid_token/)
    expect((await get(test, '/v3/nowhere')).status).toBe(401)
    expect((await get(test, '/v3/openapi.json')).status).toBe(200)
    const ui = await get(test, '/')
    expect(ui.status).not.toBe(401)
    expect(ui.headers.get('x-content-type-options')).toBe('nosniff')
    const notFound = await get(test, '/nowhere')
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('x-content-type-options')).toBe('nosniff')
    const ok = await test.call('GET', SEARCH)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
  })

  it('stops reading a chunked body without Content-Length once it passes 1 MiB, and answers 413', async () => {
    const test = await createTestApp()
    const chunk = new Uint8Array(64 * 1024).fill(0x78)
    let sent = 0
    // A body that never ends: it stops only when the server stops taking it (or at 32 MiB, which would be a failure).
    const endless = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"name": "')),
      pull(controller) {
        if (sent >= 32 * 1024 * 1024) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      }
    })
    const answer = await test.call('POST', '/v3/plant', endless)
    expect(answer.status).toBe(413)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    // Answered while the body was still coming: the limit is enforced while reading, not after.
    expect(sent).toBeLessThan(32 * 1024 * 1024)
    await answer.body?.cancel()
    expect((await test.call('GET', SEARCH)).status).toBe(200)
  })
})
