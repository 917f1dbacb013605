/**
 * Idempotency-Key on POST /v3/import (extension), as on POST /v3/plant: an applied import keeps its key and answer in
 * its journal line, so a retry (a lost answer, a Ctrl+C of `plant-store import`) answers as the first did with
 * Idempotent-Replayed: true and adds no row twice, also after a restart; another file or other choices under the key
 * are refused (422), nothing imported; keys are per token; a dry run ignores the key.
 */
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { OWNER_TOKEN_NAME } from '#shared/named-token'
import { ShopStore, importFingerprintOf } from '#store'
import { createTestApp, type TestApp } from '#setup/in-process'

const FILE = 'name,price\nFern,4.50\nMoss,2.00\n'
const OTHER = 'name,price\nIvy,3.00\n'

const send = (app: TestApp, body: string, key?: string, query = 'dryRun=false', headers: Record<string, string> = {}) =>
  app.call('POST', `/v3/import?${query}`, body, { 'content-type': 'text/csv', ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers })

const names = (app: TestApp) => app.store.find().map((plant) => plant.name)

describe('Idempotency-Key on POST /v3/import (extension)', () => {
  it('imports once: the same file under the same key gets the first answer again, and no row is added twice', async () => {
    const app = await createTestApp()
    const first = await send(app, FILE, '"import-1"')
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await send(app, FILE, '"import-1"')
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    expect(names(app)).toEqual(['Fern', 'Moss'])
  })

  it('refuses another file, or other choices, under a key used before: 422, nothing imported', async () => {
    const app = await createTestApp()
    await send(app, FILE, '"import-1"')
    const other = await send(app, OTHER, '"import-1"')
    expect(other.status).toBe(422)
    const problem = await other.json()
    expect(problem).toMatchObject({ type: PROBLEM_TYPES.idempotencyKeyReused, status: 422 })
    expect(problem.detail).toMatch(/"import-1" was already used for a different import/)
    const mapping = encodeURIComponent(JSON.stringify({ decimalMark: ',' }))
    expect((await send(app, FILE, '"import-1"', `dryRun=false&mapping=${mapping}`)).status).toBe(422)
    // A key of an add is not an import's either.
    expect((await app.call('POST', '/v3/plant', { name: 'Rose' }, { 'idempotency-key': '"add-1"' })).status).toBe(200)
    expect((await send(app, FILE, '"add-1"')).status).toBe(422)
    expect(names(app)).toEqual(['Fern', 'Moss', 'Rose'])
  })

  it('remembers the key across a restart', async () => {
    const app = await createTestApp()
    const first = await (await send(app, FILE, '"import-1"')).json()
    await app.store.close()
    const restarted = await createTestApp({ dir: app.dir })
    const again = await send(restarted, FILE, '"import-1"')
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(first)
    expect(names(restarted)).toEqual(['Fern', 'Moss'])
  })

  it('keeps no key for an import that changed nothing (it writes nothing), whose retry changes nothing either', async () => {
    const app = await createTestApp()
    await send(app, FILE) // without a key
    const unchanged = 'id,name,price\n1,Fern,4.50\n'
    expect((await (await send(app, unchanged, '"same-rows"')).json()).unchanged).toBe(1)
    const again = await send(app, unchanged, '"same-rows"')
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect((await again.json()).unchanged).toBe(1)
    expect(names(app)).toEqual(['Fern', 'Moss'])
  })

  it('keeps the key in the journal line of the import: read back from the journal alone (no checkpoint), as after a crash', async () => {
    const app = await createTestApp({ checkpointIdleMs: 3_600_000 })
    const first = await (await send(app, FILE, '"import-1"')).json()
    const fingerprint = importFingerprintOf('csv', {}, new TextEncoder().encode(FILE))
    const reader = await ShopStore.openReadOnly({ dir: app.dir }) // replays the journal the running app has not folded yet
    try {
      expect(reader.replayOfImport({ scope: { by: OWNER_TOKEN_NAME, key: 'import-1' }, fingerprint })).toEqual(first)
      expect(reader.find().map((plant) => plant.name)).toEqual(['Fern', 'Moss'])
    } finally {
      await reader.close()
    }
  })

  it('keeps keys per token: the same key from another token is its own', async () => {
    const app = await createTestApp()
    const created = await (await app.call('POST', '/v3/tokens', { name: 'till-1' })).json()
    await send(app, FILE, '"shared"')
    const other = await send(app, OTHER, '"shared"', 'dryRun=false', { authorization: `Bearer ${created.token}` })
    expect(other.status).toBe(200)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    expect(names(app)).toEqual(['Fern', 'Moss', 'Ivy'])
  })

  it('imports one file once for two requests with one key at the same moment', async () => {
    const app = await createTestApp({ batchWindowMs: 10 })
    const [a, b] = await Promise.all([send(app, FILE, '"together"'), send(app, FILE, '"together"')])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(await a.json()).toEqual(await b.json())
    expect(names(app)).toEqual(['Fern', 'Moss'])
  })

  it('ignores the key in a dry run, and refuses a malformed key before reading the file (400)', async () => {
    const app = await createTestApp()
    expect((await send(app, FILE, '"k"', 'dryRun=true')).headers.get('idempotent-replayed')).toBeNull()
    expect((await send(app, FILE, '"k"')).headers.get('idempotent-replayed')).toBeNull() // the dry run kept nothing
    expect((await send(app, FILE, '""')).status).toBe(400)
    expect(names(app)).toEqual(['Fern', 'Moss'])
  })
})
