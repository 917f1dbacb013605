/** The typed client's stock methods against the in-process app. */
import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '#shared/api-client'
import { TEST_TOKEN, clientFetch, createTestApp, type TestApp } from '#setup/in-process'

/** A client whose first POST of each movement is answered but whose answer is "lost" (thrown away as a network error). */
function clientOver(test: TestApp, loseFirstAnswer = false) {
  let lost = !loseFirstAnswer
  const reach = clientFetch(test)
  return createApiClient({
    baseUrl: `${test.origin}/v3`,
    token: TEST_TOKEN,
    addRetries: { initialDelayMs: 1 },
    fetch: async (url, init) => {
      const response = await reach(url, init)
      if (!lost && init.method === 'POST') {
        lost = true
        throw new TypeError('fetch failed') // the movement was saved; its answer never arrived
      }
      return response
    }
  })
}

describe('the typed client: stock', () => {
  it('moves stock of one plant (If-Match), of many at once, lists low stock and reads the report', async () => {
    const test = await createTestApp()
    const client = clientOver(test)
    await client.addPlant({ name: 'Lavender', quantity: 40, reorderAt: 38 })
    await client.addPlant({ name: 'Fern', quantity: 3 })
    const sold = await client.moveStock(1, { change: -3, reason: 'sold' }, { ifVersion: 1 })
    expect(sold).toMatchObject({ plant: { id: 1, quantity: 37 }, movement: { from: 40, to: 37, reason: 'sold' } })
    await expect(client.moveStock(1, { change: -1, reason: 'sold' }, { ifVersion: 1 })).rejects.toMatchObject({ status: 412 })
    const take = await client.moveBulkStock([
      { id: 1, count: 36, reason: 'counted' },
      { id: 2, change: -1, reason: 'written-off', note: 'slugs' }
    ])
    expect(take.movements.map((movement) => movement.to)).toEqual([36, 2])
    expect((await client.listPlants({ lowStock: true })).plants.map((plant) => plant.id)).toEqual([1])
    expect(await client.stockReport()).toMatchObject({ lines: 2, potsOnHand: 38, writtenOff: { pots: 1 } })
    const refused = await client.moveStock(2, { change: -5, reason: 'sold' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 409, detail: expect.stringMatching(/has 2 in stock/) })
  })

  it('retries a movement whose answer was lost with the same key: sold once, not twice', async () => {
    const test = await createTestApp()
    await clientOver(test).addPlant({ name: 'Lavender', quantity: 40 })
    const answer = await clientOver(test, true).moveStock(1, { change: -1, reason: 'sold' })
    expect(answer.plant.quantity).toBe(39)
    expect(test.store.get(1)?.quantity).toBe(39)
  })
})
