import { describe, expect, it } from 'vitest'
import { faultyFs } from '#setup/faulty-fs'
import { createTestApp } from '#setup/in-process'

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
