import { describe, expect, it } from 'vitest'
import { toPlantResponse } from '#shared/plant'
import { CHUNK_SIZE, SearchAnswers, plantListJson } from '#server/search-cache'
import type { Plant, PlantStatus } from '#shared/plant'
import { createTestApp } from '#setup/in-process'
import { faultyFs } from '#setup/faulty-fs'

describe('search answers served from the cache', () => {
  it('serialise exactly like JSON.stringify of the responses', () => {
    const plants = [
      { id: 1, name: 'Fern "Boston"', category: 'c', tags: ['a'], status: 'sold' as const, createdAt: 'x', updatedAt: 'x', version: 1 },
      { id: 2, tags: [], status: 'available' as const, createdAt: 'x', updatedAt: 'x', version: 1 }
    ]
    expect(plantListJson(plants)).toBe(JSON.stringify(plants.map(toPlantResponse)))
    expect(plantListJson([])).toBe('[]')
  })

  it('stay exact across chunk boundaries while records are replaced and added', () => {
    const statuses: PlantStatus[] = ['available', 'pending', 'sold']
    const make = (id: number, status: PlantStatus): Plant => ({ id, name: `p${id}`, tags: [], status, createdAt: 'x', updatedAt: 'x', version: 1 })
    const plants: Plant[] = Array.from({ length: CHUNK_SIZE * 2 + 17 }, (_, i) => make(i + 1, statuses[i % 3]!))
    const answers = new SearchAnswers()
    let version = 0
    const check = () => {
      for (const filter of [[], ['sold'], ['pending', 'available'], ['available', 'pending', 'sold']] as PlantStatus[][]) {
        const expected = plants.filter((p) => filter.length === 0 || filter.includes(p.status))
        const answer = answers.answer(plants, version, filter)
        expect(answer.body.toString('utf8')).toBe(JSON.stringify(expected.map(toPlantResponse)))
        expect(answer.total).toBe(expected.length)
      }
    }
    check()
    for (let round = 0; round < 20; round++) {
      const position = (round * 997) % plants.length
      plants[position] = make(plants[position]!.id, statuses[(round + 1) % 3]!) // an update replaces the record
      if (round % 5 === 0) plants.push(make(plants.length + 1, 'sold'))
      version++
      check()
    }
    expect(answers.answer([], ++version, ['sold']).body.toString()).toBe('[]')
  })

  it('follow every add and update at once', async () => {
    const { call } = await createTestApp()
    const search = async (query = '') => (await call('GET', `/v3/plant/search/status${query}`)).json()
    expect(await search()).toEqual([])
    await call('POST', '/v3/plant', { name: 'Fern' })
    expect(await search('?status=available')).toEqual([{ id: 1, name: 'Fern', status: 'available', tags: [] }])
    await call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    expect(await search('?status=available')).toEqual([])
    expect(await search('?status=sold')).toEqual([{ id: 1, name: 'Fern', status: 'sold', tags: [] }])
    const response = await call('GET', '/v3/plant/search/status?status=sold')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('x-total-count')).toBe('1')
  })

  it('never keep a change that was rolled back', async () => {
    const { fs, faults } = faultyFs()
    const { call } = await createTestApp({ fs })
    await call('POST', '/v3/plant', { name: 'kept' })
    faults.failWith = 'EIO'
    const [failed, during] = await Promise.all([call('POST', '/v3/plant', { name: 'lost' }), call('GET', '/v3/plant/search/status')])
    expect(failed.status).toBe(503)
    expect(during.status).toBe(200)
    faults.failWith = undefined
    const after = await (await call('GET', '/v3/plant/search/status')).json()
    expect(after.map((p: { name: string }) => p.name)).toEqual(['kept'])
  })
})
