import { stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { addNamedToken, namedTokensFile, readNamedTokens, revokeNamedToken } from '#auth/named-tokens'
import { PROBLEM_TYPES } from '#shared/problem'
import { TEST_TOKEN, createTestApp, type TestApp } from '#setup/in-process'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Every write route of the API, with a body that would succeed for the owner. */
const WRITES: [string, string, unknown][] = [
  ['POST', '/v3/plant', { name: 'Fern' }],
  ['PUT', '/v3/plant', { id: 1, status: 'sold' }],
  ['POST', '/v3/tokens', { name: 'another' }],
  ['DELETE', '/v3/tokens/till', undefined]
]
const READS = ['/v3/plant/search/status', '/v3/plant', '/v3/plant/1']

async function withToken(scope: 'read-only' | 'read-write', name = 'till'): Promise<{ app: TestApp; token: string }> {
  const app = await createTestApp()
  await app.call('POST', '/v3/plant', { name: 'Fern' })
  const created = await app.call('POST', '/v3/tokens', { name, scope })
  expect(created.status).toBe(201)
  return { app, token: (await created.json()).token }
}

describe('named tokens (extension)', () => {
  it('GET /v3/health says what the asking token may do, so a screen can offer only what it may', async () => {
    for (const scope of ['read-only', 'read-write'] as const) {
      const { app, token } = await withToken(scope)
      expect((await (await app.call('GET', '/v3/health', undefined, bearer(token))).json()).scope).toBe(scope)
      expect((await (await app.call('GET', '/v3/health')).json()).scope).toBe('owner')
    }
  })

  it('a read-only token reads everything and gets 403 "this token may only read" on every write route, changing nothing', async () => {
    const { app, token } = await withToken('read-only')
    for (const path of READS) expect((await app.call('GET', path, undefined, bearer(token))).status).toBe(200)
    for (const [method, path, body] of WRITES) {
      const response = await app.call(method, path, body, bearer(token))
      expect(response.status, `${method} ${path}`).toBe(403)
      const problem = await response.json()
      expect(problem.type).toBe(PROBLEM_TYPES.readOnlyToken)
      expect(problem.detail).toMatch(/^This token may only read: the token "till" is read-only/)
    }
    expect(app.store.size).toBe(1)
    expect(app.store.get(1)?.status).toBe('available')
    expect((await app.namedTokens.list()).map((entry) => entry.name)).toEqual(['till'])
  })

  it('a read-write token changes plants but may not manage tokens (owner only)', async () => {
    const { app, token } = await withToken('read-write')
    expect((await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' }, bearer(token))).status).toBe(200)
    for (const [method, path, body] of [['GET', '/v3/tokens', undefined], ...WRITES.slice(2)] as const) {
      const response = await app.call(method, path, body, bearer(token))
      expect(response.status, `${method} ${path}`).toBe(403)
      expect((await response.json()).detail).toMatch(/Only the owner's token may manage tokens; this request came with the token "till"/)
    }
  })

  it("keeps each token's idempotency keys apart", async () => {
    const { app, token } = await withToken('read-write')
    const key = { 'idempotency-key': '"1"' }
    await app.call('POST', '/v3/plant', { name: 'Moss' }, key)
    const other = await app.call('POST', '/v3/plant', { name: 'Moss' }, { ...key, ...bearer(token) })
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    expect(app.store.size).toBe(3)
  })

  it('lists name, scope, created and last used, never the secret; the file is 0600 and holds only hashes', async () => {
    const { app, token } = await withToken('read-only')
    await app.call('GET', '/v3/plant', undefined, bearer(token))
    const listed = await (await app.call('GET', '/v3/tokens')).json()
    expect(listed).toEqual([{ name: 'till', scope: 'read-only', createdAt: expect.any(String), lastUsedAt: expect.any(String) }])
    expect(JSON.stringify(listed)).not.toContain(token)
    const [stored] = await readNamedTokens(app.dir)
    expect(stored?.hash).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(token)
    if (hostPlatform() !== 'win32') expect((await stat(namedTokensFile(app.dir))).mode & 0o777).toBe(0o600)
  })

  it('refuses a bad or taken name, and an unknown one on revoke', async () => {
    const { app } = await withToken('read-write')
    expect((await app.call('POST', '/v3/tokens', { name: 'till' })).status).toBe(409)
    expect((await app.call('POST', '/v3/tokens', { name: 'TILL' })).status).toBe(409)
    for (const name of ['', 'owner', 'has space', 'x'.repeat(41)]) expect((await app.call('POST', '/v3/tokens', { name })).status).toBe(400)
    expect((await app.call('POST', '/v3/tokens', { name: 'ok', scope: 'admin' })).status).toBe(400)
    expect((await app.call('DELETE', '/v3/tokens/nobody')).status).toBe(404)
  })

  it('refuses a null or non-text scope on the field scope, and makes no token', async () => {
    const app = await createTestApp()
    for (const scope of [null, 5, 'admin']) {
      const response = await app.call('POST', '/v3/tokens', { name: 'till-9', scope })
      expect(response.status, JSON.stringify(scope)).toBe(400)
      const problem = await response.json()
      expect(problem.errors.map((error: { field: string }) => error.field)).toEqual(['scope'])
      expect(problem.errors[0].message).toMatch(/^scope must be "read-write" or "read-only"/)
    }
    expect(await app.namedTokens.list()).toEqual([])
  })

  it.each(['ui', 'cli', 'import', 'UI', 'Import'])('refuses the name %s, which the change log uses for its own actors', async (name) => {
    const app = await createTestApp()
    const response = await app.call('POST', '/v3/tokens', { name })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.errors).toEqual([
      { field: 'name', message: expect.stringMatching(/is what the change log calls changes made by .*; choose another name/) }
    ])
    expect(await app.namedTokens.list()).toEqual([])
  })

  it('a token revoked through the API is refused at once', async () => {
    const { app, token } = await withToken('read-write')
    expect((await app.call('DELETE', '/v3/tokens/till')).status).toBe(204)
    expect((await app.call('GET', '/v3/plant', undefined, bearer(token))).status).toBe(401)
  })

  // How soon ("within a second"): test/unit/named-tokens.test.ts, on the registry's own faked clock.
  it('a token revoked in the file (as the CLI does) is refused without a restart; one added there works as well', async () => {
    const { app, token } = await withToken('read-write')
    await revokeNamedToken(app.dir, 'till')
    await expect.poll(async () => (await app.call('GET', '/v3/plant', undefined, bearer(token))).status).toBe(401)
    const added = await addNamedToken(app.dir, 'label-printer', 'read-only')
    await expect.poll(async () => (await app.call('GET', '/v3/plant', undefined, bearer(added.token))).status).toBe(200)
  })
})

describe('401 answers say what was wrong', () => {
  it.each([
    ['no token sent', undefined, /^No token sent:/],
    ['a malformed header: another scheme', `Basic ${TEST_TOKEN}`, /^Malformed Authorization header:/],
    [
      'a malformed header: Bearer and no token (an empty $(plant-store token))',
      'Bearer ',
      /^Malformed Authorization header: "Bearer" must be followed by exactly one token/
    ],
    ['a token nobody accepts', `Bearer ${'x'.repeat(43)}`, /^Token not accepted \(rotated or revoked\?\)/]
  ])('%s', async (_label, authorization, detail) => {
    const app = await createTestApp()
    const response = await app.call('GET', '/v3/plant', undefined, { authorization })
    expect(response.status).toBe(401)
    expect((await response.json()).detail).toMatch(detail)
  })
})
