/**
 * A bulk Undo must not overwrite a change made since (a sale at the till between "set 20 plants to
 * pending" and its Undo would otherwise be silently reverted). Each item of `updates` may carry the `version` it
 * expects, as If-Match does for one plant: one stale version refuses the whole call with 412, nothing changes.
 */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('POST /v3/plant/bulk with versions in updates', () => {
  it('refuses the whole call with 412 when one plant moved on, and changes nothing', async () => {
    const { call, store } = await createTestApp()
    for (const name of ['Fern', 'Moss', 'Ivy']) await call('POST', '/v3/plant', { name })
    const bulk = await call('POST', '/v3/plant/bulk', { ids: [1, 2, 3], changes: { status: 'pending' } })
    const { plants } = await bulk.json()
    // Meanwhile the till sells plant 2.
    await call('PUT', '/v3/plant', { id: 2, status: 'sold' })
    const undo = await call('POST', '/v3/plant/bulk', {
      updates: plants.map((p: { id: number; version: number }) => ({ id: p.id, status: 'available', version: p.version }))
    })
    expect(undo.status).toBe(412)
    expect((await undo.json()).detail).toMatch(/^Plant 2 \("Moss"\) was changed since you read it/)
    expect([1, 2, 3].map((id) => store.get(id)!.status)).toEqual(['pending', 'sold', 'pending'])
  })

  it('applies the updates when every version still matches; version is not stored as a field', async () => {
    const { call, store } = await createTestApp()
    for (const name of ['Fern', 'Moss']) await call('POST', '/v3/plant', { name })
    const undo = await call('POST', '/v3/plant/bulk', {
      updates: [
        { id: 1, status: 'sold', version: 1 },
        { id: 2, status: 'pending', version: 1 }
      ]
    })
    expect(undo.status).toBe(200)
    expect([store.get(1), store.get(2)].map((p) => [p!.status, p!.version])).toEqual([
      ['sold', 2],
      ['pending', 2]
    ])
  })

  it('refuses a version that is not a positive whole number, naming the item', async () => {
    const { call } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern' })
    const bad = await call('POST', '/v3/plant/bulk', { updates: [{ id: 1, status: 'sold', version: '1' }] })
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors).toEqual([{ field: 'updates[0].version', message: expect.stringMatching(/version/) }])
  })
})
