/**
 * A damaged settings.json or tokens.json (a hand edit, a truncated copy) is answered with 503 and words that name
 * the file, what is wrong and how to repair it, never 500; what does not need the file goes on working.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('a damaged settings.json', () => {
  it.each([
    ['GET', '/v3/settings/shop', undefined],
    ['PUT', '/v3/settings/shop', { currency: 'GBP' }],
    ['GET', '/v3/reports/sales?from=2026-11-28&to=2026-11-28', undefined],
    ['POST', '/v3/import?dryRun=true', 'name\nFern\n']
  ])('answers %s %s with 503 naming the file and the repair', async (method, route, body) => {
    const app = await createTestApp()
    await writeFile(path.join(app.dir, 'settings.json'), '{"currency": "EUR",')
    const response = await app.call(method, route, body, typeof body === 'string' ? { 'content-type': 'text/csv' } : {})
    expect(response.status).toBe(503)
    const problem = await response.json()
    expect(problem.type).toBe('urn:plant-store:problem:file-damaged')
    expect(problem.detail).toContain(path.join(app.dir, 'settings.json'))
    expect(problem.detail).toContain('is damaged: it is not valid JSON')
    expect(problem.detail).toContain('plant-store config reset')
  })

  it('takes a list for no settings no more: it is damaged too', async () => {
    const app = await createTestApp()
    await writeFile(path.join(app.dir, 'settings.json'), '[]')
    const response = await app.call('GET', '/v3/settings/shop')
    expect(response.status).toBe(503)
    expect((await response.json()).detail).toContain('it holds a list, not an object of settings')
  })

  it('keeps the catalogue working', async () => {
    const app = await createTestApp()
    await writeFile(path.join(app.dir, 'settings.json'), '{"currency": "EUR",')
    const added = await app.call('POST', '/v3/plant', { name: 'Rose' })
    expect(added.status).toBe(200)
    const { id } = await added.json()
    expect((await app.call('GET', `/v3/plant/${id}`)).status).toBe(200)
  })
})

describe('a damaged tokens.json', () => {
  it('answers the token list and a new token with 503 naming the file and the repair', async () => {
    const app = await createTestApp()
    await writeFile(path.join(app.dir, 'tokens.json'), '{"tokens":[')
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'till' }]
    ] as const) {
      const response = await app.call(method, '/v3/tokens', body)
      expect(response.status).toBe(503)
      const problem = await response.json()
      expect(problem.type).toBe('urn:plant-store:problem:file-damaged')
      expect(problem.detail).toContain(`the token file ${path.join(app.dir, 'tokens.json')} is damaged: it is not valid JSON; fix it, or delete it`)
    }
  })

  it("refuses a named token saying the token file is damaged, not that the token was revoked; the owner's still works", async () => {
    const app = await createTestApp()
    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    await writeFile(path.join(app.dir, 'tokens.json'), '{"tokens":[')
    await app.namedTokens.refresh()
    const refused = await app.call('GET', '/v3/plant?limit=1', undefined, { authorization: `Bearer ${token}` })
    expect(refused.status).toBe(401)
    const detail = (await refused.json()).detail as string
    expect(detail).toContain('tokens.json')
    expect(detail).toContain('damaged')
    expect(detail).not.toContain('rotated or revoked')
    expect((await app.call('GET', '/v3/plant?limit=1')).status).toBe(200)
  })
})
