/** Security, in-process: Host and Origin checks, the bearer token, security headers, hardened input. */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AccessPolicy } from '#server/security/access-policy'
import { createApp } from '#server/create-app'
import { uiUrl } from '#server/security/security'
import { PROBLEM_TYPES } from '#shared/problem'
import { TEST_TOKEN, createTestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { IN_PROCESS_PORT, TRANSPORT } from '#setup/transport'
import { SettingsOwner } from '#settings/settings-owner'

const SEARCH = '/v3/plant/search/status'

/** `text` with PORT as the app's port and NEXT as the one after it (the port is known only once the app listens). */
function atPort(text: string, port: number): string {
  return text.replaceAll('PORT', String(port)).replaceAll('NEXT', String(port + 1))
}

async function expectProblem(response: Response, status: number, type: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  const body = await response.json()
  expect(body).toMatchObject({ type, status })
  return body
}

function corsHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith('access-control-'))
}

describe('Host check (DNS rebinding)', () => {
  it.each(['127.0.0.1:PORT', 'localhost:PORT', '[::1]:PORT', 'LocalHost:PORT'])('serves Host %s', async (host) => {
    const { call, port } = await createTestApp()
    expect((await call('GET', SEARCH, undefined, { host: atPort(host, port) })).status).toBe(200)
  })

  it.each(['evil.example:PORT', 'evil.example', 'localhost.evil.example:PORT', '127.0.0.1:NEXT', '127.0.0.1', '0.0.0.0:PORT', '192.168.1.20:PORT'])(
    'refuses Host %s with 403, token or not',
    async (host) => {
      const { call, port } = await createTestApp()
      const problem = await expectProblem(await call('GET', SEARCH, undefined, { host: atPort(host, port) }), 403, PROBLEM_TYPES.forbidden)
      expect(problem.detail).toMatch(/own address/)
    }
  )

  it('refuses a request without Host', async () => {
    const { call } = await createTestApp()
    const answer = await call('GET', SEARCH, undefined, { host: undefined })
    // Over a socket, Node's parser answers an HTTP/1.1 request without Host itself, with a bare 400 (RFC 9112 §3.2).
    if (TRANSPORT === 'socket') expect(answer.status).toBe(400)
    else await expectProblem(answer, 403, PROBLEM_TYPES.forbidden)
  })

  it('runs before everything else: token, body rules, routing, UI paths', async () => {
    const { call, store } = await createTestApp()
    const host = 'rebound.example:7420'
    const cases: [string, string, unknown, Record<string, string | undefined>][] = [
      ['GET', SEARCH, undefined, { host, authorization: undefined }], // would be 401
      ['POST', '/v3/plant', 'name=x', { host, 'content-type': 'text/plain' }], // would be 415
      ['POST', '/v3/plant', { name: 'x' }, { host }], // would be 200
      ['DELETE', '/v3/plant', undefined, { host }], // would be 405
      ['GET', '/v3/nowhere', undefined, { host }], // would be 404
      ['GET', '/', undefined, { host }], // the UI's page
      ['GET', '/v3/openapi.json', undefined, { host }] // public, but not to a rebound page
    ]
    for (const [method, path, body, headers] of cases) {
      expect((await call(method, path, body, headers)).status, `${method} ${path}`).toBe(403)
    }
    expect(store.size).toBe(0)
  })

  it('refuses everything until the listening port is known (fail closed)', async () => {
    const { store } = await openTestStore()
    try {
      const app = createApp({ store, settings: new SettingsOwner(store.dir), access: new AccessPolicy({ token: () => TEST_TOKEN }) })
      const response = await app.request(`http://127.0.0.1:${IN_PROCESS_PORT}${SEARCH}`, {
        headers: { host: `127.0.0.1:${IN_PROCESS_PORT}`, authorization: `Bearer ${TEST_TOKEN}` }
      })
      expect(response.status).toBe(403)
    } finally {
      await store.close()
    }
  })

  it('also allows the address chosen with --host, and only that one', () => {
    const policy = new AccessPolicy({ token: () => TEST_TOKEN, host: '192.168.1.20' })
    policy.listeningOn(8000)
    expect(policy.allowsHost('192.168.1.20:8000')).toBe(true)
    expect(policy.allowsHost('127.0.0.1:8000')).toBe(true)
    expect(policy.allowsHost('192.168.1.21:8000')).toBe(false)
    expect(policy.allowsOrigin('http://192.168.1.20:8000')).toBe(true)
    const v6 = new AccessPolicy({ token: () => TEST_TOKEN, host: 'fe80::1' })
    v6.listeningOn(8000)
    expect(v6.allowsHost('[fe80::1]:8000')).toBe(true)
  })
})

describe('Origin check (CSRF)', () => {
  it.each(['http://127.0.0.1:PORT', 'http://localhost:PORT', 'http://[::1]:PORT'])('accepts its own origin %s', async (origin) => {
    const { call, port } = await createTestApp()
    const response = await call('POST', '/v3/plant', { name: 'Fern' }, { origin: atPort(origin, port) })
    expect(response.status).toBe(200)
    expect(corsHeaders(response)).toEqual([])
  })

  it.each(['http://evil.example', 'null', 'http://127.0.0.1:NEXT', 'https://127.0.0.1:PORT', 'http://localhost.evil.example:PORT'])(
    'refuses Origin %s with 403 and changes nothing, even with the token',
    async (origin) => {
      const { call, store, port } = await createTestApp()
      const problem = await expectProblem(
        await call('POST', '/v3/plant', { name: 'x' }, { origin: atPort(origin, port) }),
        403,
        PROBLEM_TYPES.forbidden
      )
      expect(problem.detail).toMatch(/other web pages/)
      expect(store.size).toBe(0)
    }
  )

  it('refuses a cross-site form post before looking at its body', async () => {
    const { call, store } = await createTestApp()
    const headers = { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded', authorization: undefined }
    expect((await call('POST', '/v3/plant', 'name=x', headers)).status).toBe(403)
    expect(store.size).toBe(0)
  })

  it('grants a foreign preflight nothing', async () => {
    const { call } = await createTestApp()
    const response = await call('OPTIONS', '/v3/plant', undefined, {
      origin: 'http://evil.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization, content-type',
      authorization: undefined
    })
    expect(response.status).toBe(403)
    expect(corsHeaders(response)).toEqual([])
  })
})

describe('the bearer token', () => {
  it('answers 401 with WWW-Authenticate: Bearer when it is missing', async () => {
    const { call } = await createTestApp()
    const response = await call('GET', SEARCH, undefined, { authorization: undefined })
    const problem = await expectProblem(response, 401, PROBLEM_TYPES.unauthorized)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    expect(problem.detail).toMatch(/plant-store token/)
  })

  it.each([
    ['a wrong token', `Bearer ${'x'.repeat(TEST_TOKEN.length)}`],
    ['a shorter token (no crash on unequal lengths)', 'Bearer abc'],
    ['a longer token', `Bearer ${TEST_TOKEN}x`],
    ['the scheme alone', 'Bearer'],
    ['two tokens', `Bearer ${TEST_TOKEN} ${TEST_TOKEN}`]
  ])('answers 401 invalid_token for %s', async (_label, authorization) => {
    const { call } = await createTestApp()
    const response = await call('GET', SEARCH, undefined, { authorization })
    await expectProblem(response, 401, PROBLEM_TYPES.unauthorized)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b.*invalid_token/)
  })

  it.each([
    ['the token without the scheme', TEST_TOKEN],
    ['another scheme', `Basic ${Buffer.from(`user:${TEST_TOKEN}`).toString('base64')}`]
  ])('answers 401 naming the Bearer scheme, without an error code, for %s (RFC 6750 §3.1)', async (_label, authorization) => {
    const { call } = await createTestApp()
    const response = await call('GET', SEARCH, undefined, { authorization })
    await expectProblem(response, 401, PROBLEM_TYPES.unauthorized)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="plant-store"')
  })

  it('accepts the scheme in any case (RFC 9110)', async () => {
    const { call } = await createTestApp()
    expect((await call('GET', SEARCH, undefined, { authorization: `bearer ${TEST_TOKEN}` })).status).toBe(200)
  })

  it.each([
    ['POST', '/v3/plant'],
    ['PUT', '/v3/plant'],
    ['GET', '/v3/plant'],
    ['GET', SEARCH],
    ['HEAD', SEARCH],
    ['GET', '/v3/plant/1'],
    ['GET', '/v3/events'],
    ['DELETE', '/v3/plant'], // 405 only for those who may know
    ['PUT', '/v3/openapi.json'],
    ['GET', '/v3/nowhere'], // 404 only for those who may know
    ['GET', '/v3'],
    ['GET', '/%76%33/plant/search/status'],
    ['GET', '/x/../v3/plant/search/status'],
    ['GET', `${SEARCH}/`],
    ['GET', '//v3/plant/search/status'],
    ['GET', '/V3/plant/search/status']
  ])('is needed for %s %s', async (method, path) => {
    const { call, store } = await createTestApp()
    const body = method === 'POST' || method === 'PUT' ? { id: 1, name: 'x' } : undefined
    const response = await call(method, path, body, { authorization: undefined })
    expect(response.status).toBe(401)
    expect(store.size).toBe(0)
  })

  it('is not needed for the OpenAPI document', async () => {
    const { call } = await createTestApp()
    expect((await call('GET', '/v3/openapi.json', undefined, { authorization: undefined })).status).toBe(200)
    expect((await call('HEAD', '/v3/openapi.json', undefined, { authorization: undefined })).status).toBe(200)
  })

  it('is not needed outside /v3 (the UI files)', async () => {
    const { call } = await createTestApp()
    for (const path of ['/', '/index.html', '/assets/x.js']) {
      expect((await call('GET', path, undefined, { authorization: undefined })).status, path).not.toBe(401)
    }
  })

  it('is the current one: a rotated token takes effect at once', async () => {
    let token = TEST_TOKEN
    const { call } = await createTestApp({ token: () => token })
    token = 'rotated-token-abcdefghijklmnopqrstuvwxyz012'
    expect((await call('GET', SEARCH)).status).toBe(401)
    expect((await call('GET', SEARCH, undefined, { authorization: `Bearer ${token}` })).status).toBe(200)
  })
})

describe('security headers', () => {
  it('sends nosniff on every answer and no-store on API answers, never CORS headers', async () => {
    const { call } = await createTestApp()
    const answers = [
      await call('GET', SEARCH), // 200
      await call('GET', SEARCH, undefined, { authorization: undefined }), // 401
      await call('GET', SEARCH, undefined, { host: 'evil.example' }), // 403
      await call('GET', '/nowhere'), // 404
      await call('DELETE', '/v3/plant'), // 405
      await call('GET', '/v3/openapi.json')
    ]
    expect(answers.map((response) => response.status)).toEqual([200, 401, 403, 404, 405, 200])
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(corsHeaders(response)).toEqual([])
    }
  })

  it('offers the UI pages a strict policy: no remote origins, no inline script, no framing, no referrer', async () => {
    const uiDir = await makeTempDir()
    await mkdir(path.join(uiDir, 'assets'))
    await writeFile(path.join(uiDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>')
    await writeFile(path.join(uiDir, 'assets', 'app.js'), 'console.log("ui")')
    const { call } = await createTestApp({ uiDir })
    // The policy as a browser receives it with the page and with its script, directive by directive.
    const expected = {
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'"],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'manifest-src': ["'self'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"]
    }
    for (const pathname of ['/', '/assets/app.js']) {
      const response = await call('GET', pathname, undefined, { authorization: undefined })
      expect(response.status).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      const directives = Object.fromEntries(
        csp.split(';').map((part) => {
          const [name = '', ...sources] = part.trim().split(/\s+/)
          return [name, sources]
        })
      )
      expect(directives, pathname).toEqual(expected)
      expect(
        Object.fromEntries(
          [...response.headers].filter(([name]) => /^(referrer-policy|x-frame-options|x-content-type-options|cross-origin-)/.test(name))
        )
      ).toEqual({
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin'
      })
    }
  })

  it('builds the UI address with the token in the fragment, never the query', () => {
    expect(uiUrl('127.0.0.1', 7420, 'abc+/=')).toBe('http://127.0.0.1:7420/#token=abc%2B%2F%3D')
    expect(uiUrl('0.0.0.0', 7420, 't')).toBe('http://127.0.0.1:7420/#token=t')
    expect(uiUrl('::1', 7420, 't')).toBe('http://[::1]:7420/#token=t')
    expect(new URL(uiUrl('127.0.0.1', 1, TEST_TOKEN)).search).toBe('')
  })
})

describe('hardened input', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses a "%s" key on add (405) and on update (400)', async (key) => {
    const { call, store } = await createTestApp()
    const add = await call('POST', '/v3/plant', `{"name": "Fern", "${key}": {"polluted": true}}`)
    const problem = await expectProblem(add, 405, PROBLEM_TYPES.invalidInput)
    expect(problem.errors.map((error: { field: string }) => error.field)).toContain(key)
    expect(store.size).toBe(0)
    await call('POST', '/v3/plant', { name: 'Fern' })
    const update = await call('PUT', '/v3/plant', `{"id": 1, "${key}": {"polluted": true}}`)
    expect(update.status).toBe(400)
    expect(store.get(1)).toMatchObject({ name: 'Fern' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(store.get(1))).toBe(Object.prototype)
  })

  it('refuses a __proto__ key where tags belong', async () => {
    const { call, store } = await createTestApp()
    expect((await call('POST', '/v3/plant', '{"tags": {"__proto__": {"polluted": true}}}')).status).toBe(405)
    expect(store.size).toBe(0)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses very deep nesting without walking it (no stack overflow, no 500)', async () => {
    const { call } = await createTestApp()
    const deep = `{"tags": ${'['.repeat(500_000)}${']'.repeat(500_000)}}`
    const response = await call('POST', '/v3/plant', deep)
    expect(response.status).toBe(405)
    // The depth check's words: refused at the third bracket by a scan that stops there, before anything parses it.
    expect((await response.json()).detail).toMatch(/nested deeper/)
  })
})
