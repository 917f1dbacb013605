import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { nodeFileSystem } from '#lib/durable-file'
import { readSettings } from '#settings/settings'
import { faultyFs } from '#setup/faulty-fs'
import { createTestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

describe('a write that fails', () => {
  it('answers 503 saying the change was not saved, keeps serving reads, and saves later changes', async () => {
    const { fs, faults } = faultyFs()
    const { call } = await createTestApp({ fs })
    expect((await call('POST', '/v3/plant', { name: 'kept' })).status).toBe(200)

    faults.failWith = 'ENOSPC'
    const add = await call('POST', '/v3/plant', { name: 'lost' })
    expect(add.status).toBe(503)
    expect(add.headers.get('content-type')).toBe('application/problem+json')
    const problem = await add.json()
    expect(problem.title).toBe('Change not saved')
    expect(problem.detail).toMatch(/NOT saved.*disk is full.*ENOSPC/)
    expect((await call('PUT', '/v3/plant', { id: 1, status: 'sold' })).status).toBe(503)

    const search = await call('GET', '/v3/plant/search/status')
    expect(search.status).toBe(200)
    expect(await search.json()).toEqual([{ id: 1, name: 'kept', status: 'available', tags: [] }])

    faults.failWith = undefined
    const retry = await call('POST', '/v3/plant', { name: 'retried' })
    expect(retry.status).toBe(200)
    expect((await retry.json()).id).toBe(3)
  })
})

describe('a full disk under a change of settings, tokens or the backup folder', () => {
  it('answers 503 with the words a plant write gets, and changes nothing', async () => {
    const app = await createTestApp()
    const usb = await makeTempDir()
    const kept = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    const { fs, faults } = faultyFs()
    // Every file the data folder's helpers replace goes through nodeFileSystem: a full disk fails them all.
    vi.spyOn(nodeFileSystem, 'open').mockImplementation(fs.open)
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    faults.failWith = 'ENOSPC'
    const changes: [string, string, unknown][] = [
      ['PUT', '/v3/settings/shop', { currency: 'GBP' }],
      ['PUT', '/v3/backup', { dir: usb }],
      ['POST', '/v3/tokens', { name: 'screen' }],
      ['DELETE', `/v3/tokens/${encodeURIComponent(kept.name)}`, undefined]
    ]
    for (const [method, address, body] of changes) {
      const response = await app.call(method, address, body)
      expect(response.status, `${method} ${address}`).toBe(503)
      const problem = await response.json()
      expect(problem.title).toBe('Change not saved')
      expect(problem.detail).toMatch(/NOT saved: the disk is full; free some space and try again \(ENOSPC\)/)
    }
    faults.failWith = undefined
    expect(await readSettings(app.dir)).toEqual({})
    const names = ((await (await app.call('GET', '/v3/tokens')).json()) as { name: string }[]).map((token) => token.name)
    expect(names).toEqual(['till'])
  })
})
