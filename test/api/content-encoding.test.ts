/** A compressed body is refused with 415, not misread or stored. */
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('Content-Encoding on add and update', () => {
  it('answers 415 to a gzip body, saying compressed bodies are not accepted', async () => {
    const { call, store } = await createTestApp()
    const gzipped = gzipSync(JSON.stringify({ name: 'Fern' }))
    for (const [method, body] of [
      ['POST', gzipped],
      ['PUT', gzipSync(JSON.stringify({ id: 1, name: 'Fern' }))]
    ] as const) {
      const response = await call(method, '/v3/plant', body, { 'content-encoding': 'gzip' })
      expect(response.status).toBe(415)
      expect(response.headers.get('accept-encoding')).toBe('identity')
      const problem = await response.json()
      expect(problem.type).toBe('urn:plant-store:problem:unsupported-media-type')
      expect(problem.detail).toMatch(/Content-Encoding "gzip".*compressed bodies are not accepted/)
      expect(problem.detail).not.toMatch(/UTF-8/)
    }
    expect(store.size).toBe(0)
  })

  it('does not store a plain body labelled br (or any coding but identity)', async () => {
    const { call, store } = await createTestApp()
    for (const coding of ['br', 'deflate', 'identity, gzip', 'x-unknown']) {
      expect((await call('POST', '/v3/plant', { name: 'Fern' }, { 'content-encoding': coding })).status).toBe(415)
    }
    expect(store.size).toBe(0)
  })

  it('accepts identity, spelled in any case', async () => {
    const { call, store } = await createTestApp()
    expect((await call('POST', '/v3/plant', { name: 'Fern' }, { 'content-encoding': 'Identity' })).status).toBe(200)
    expect(store.size).toBe(1)
  })
})
