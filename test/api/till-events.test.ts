/** Delete, restore and bulk calls on the change stream: plant.deleted {id}, plant.restored (full plant), one plants.changed per bulk call. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

describe('GET /v3/events with delete, restore and bulk calls', () => {
  it('sends plant.deleted with the id, plant.restored with the full plant, and one plants.changed per bulk call', async () => {
    const { call, store } = await createTestApp()
    await store.applyBatch({ adds: [{ name: 'Fern', price: 4.5 }, { name: 'Moss' }, { name: 'Ivy' }], updates: [] }, CLI_ACTOR)
    const reader = (await call('GET', '/v3/events')).body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const until = async (part: string) => {
      while (!text.includes(part)) text += (await reader.read()).value ?? ''
    }
    await until(': connected')
    await call('DELETE', '/v3/plant/1')
    await call('POST', '/v3/plant/1/restore')
    await call('POST', '/v3/plant/bulk', { ids: [2, 3], changes: { status: 'sold' } })
    await call('POST', '/v3/plant/bulk/delete', { ids: [2, 3] })
    await until('"change":"deleted"')
    await reader.cancel()
    const events = text
      .split('\n\n')
      .map((block) => block.replace(/^id: \d+\n/, '')) // change events carry their seq as id
      .filter((block) => block.startsWith('event:'))
      .map((block) => {
        const [event, data] = block.split('\n')
        return [event!.slice('event: '.length), JSON.parse(data!.slice('data: '.length))]
      })
    expect(events).toEqual([
      ['plant.deleted', { id: 1 }],
      ['plant.restored', expect.objectContaining({ id: 1, name: 'Fern', price: 4.5, version: 3 })],
      ['plants.changed', { ids: [2, 3], change: 'updated' }],
      ['plants.changed', { ids: [2, 3], change: 'deleted' }]
    ])
  })
})
