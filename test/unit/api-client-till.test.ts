/** The typed client's till methods (delete, restore, bulk, shop) against the in-process app. */
import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '#shared/api-client'
import { TEST_TOKEN, clientFetch, createTestApp, type TestApp } from '#setup/in-process'

function clientOver(test: TestApp) {
  return createApiClient({ baseUrl: `${test.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(test) })
}

describe('the typed client: delete, restore, bulk, shop', () => {
  it('deletes (with If-Match), restores and changes in bulk', async () => {
    const test = await createTestApp()
    const client = clientOver(test)
    for (const name of ['Fern', 'Moss', 'Ivy']) await client.addPlant({ name, price: 2 })
    await expect(client.deletePlant(1, { ifMatch: 7 })).rejects.toMatchObject({ status: 412 })
    await client.deletePlant(1, { ifMatch: 1 })
    expect(test.store.get(1)).toBeUndefined()
    expect(await client.restorePlant(1)).toMatchObject({ id: 1, name: 'Fern', price: 2, version: 3 })
    const changed = await client.bulkUpdate({ ids: [1, 2], changes: { status: 'sold', price: null } })
    expect(changed.map((plant) => [plant.id, plant.status, plant.price])).toEqual([
      [1, 'sold', undefined],
      [2, 'sold', undefined]
    ])
    expect(await client.bulkUpdate({ updates: [{ id: 1, status: 'available' }] })).toHaveLength(1)
    expect(await client.bulkDelete([2, 3])).toEqual([2, 3])
    expect((await client.bulkRestore([2, 3])).map((plant) => plant.id)).toEqual([2, 3])
    const missing = await client.bulkDelete([9]).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(ApiError)
    expect((missing as ApiError).status).toBe(404)
  })

  it('a refused bulk change (412) says which plant moved on, so the UI can name it', async () => {
    const test = await createTestApp()
    const client = clientOver(test)
    for (const name of ['Fern', 'Moss', 'Ivy']) await client.addPlant({ name })
    await client.updatePlant({ id: 2, status: 'sold' }) // the till: Moss is at version 2
    const refused = await client
      .bulkUpdate({ updates: [1, 2, 3].map((id) => ({ id, status: 'pending' as const, version: 1 })) })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).changedPlant).toEqual({ id: 2, version: 2 })
  })

  it('reads and changes the shop setting', async () => {
    const client = clientOver(await createTestApp())
    expect(await client.setShopSettings({ currency: 'CHF' })).toMatchObject({ currency: 'CHF' })
    expect((await client.shopSettings()).currency).toBe('CHF')
  })
})
