/**
 * The sample plants, against the real app (_real-api.ts): added once, in the shop's currency, and "Remove sample
 * plants" deletes exactly the samples still as added, says how many, keeps the shop's own plants and a sample the
 * shop changed, and Undo brings them back.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import { SAMPLE_COUNT, SAMPLE_TAG } from '#shared/sample-plants'
import { removedWords, useSamplePlantsStore } from '#renderer/stores/sample-plants'
import { realApi } from './_real-api'

describe('the sample plants', () => {
  let client: ApiClient
  beforeEach(async () => {
    setActivePinia(createPinia())
    ;({ client } = await realApi())
  })

  const names = async () => (await client.listPlants({ limit: 1000 })).plants.map((plant) => plant.name).sort()

  it('adds a dozen plants with categories, prices, stock and the sample tag, once', async () => {
    const samples = useSamplePlantsStore()
    expect(await samples.add()).toBe(SAMPLE_COUNT)
    expect(SAMPLE_COUNT).toBeGreaterThanOrEqual(10)
    const { plants } = await client.listPlants({ limit: 1000 })
    expect(plants).toHaveLength(SAMPLE_COUNT)
    for (const plant of plants) {
      expect(plant.tags).toContain(SAMPLE_TAG)
      expect(plant.category).toBeTruthy()
      expect(plant.price).toBeGreaterThan(0)
      expect(plant.quantity).toBeGreaterThan(0)
    }
    expect(samples.count).toBe(SAMPLE_COUNT)
    expect(await samples.add()).toBe(0) // a second click adds none
    expect((await client.listPlants()).total).toBe(SAMPLE_COUNT)
  })

  it('prices them in the shop’s currency: kronor are not euros', async () => {
    await client.setShopSettings({ currency: 'SEK' })
    await useSamplePlantsStore().add()
    const { plants } = await client.listPlants({ q: 'basil' })
    expect(plants[0]?.price).toBe(29.9)
  })

  it('removes exactly the samples as added, keeping the shop’s own plants and a sample it changed; Undo brings them back', async () => {
    const samples = useSamplePlantsStore()
    await samples.add()
    const own = await client.addPlant({ name: 'Our fern', tags: [SAMPLE_TAG], price: 5 }) // the shop's own, even tagged so
    const { plants } = await client.listPlants({ q: 'rosemary' })
    await client.updatePlant({ id: plants[0]!.id, price: 4.5 }) // the shop set its own price: its plant now
    const basil = (await client.listPlants({ q: 'basil' })).plants[0]!
    await client.moveStock(basil.id, { change: -2, reason: 'sold' }) // trying the till is not changing the sample
    await samples.load()
    expect(samples.count).toBe(SAMPLE_COUNT - 1)

    const result = await samples.remove()
    expect(result).toMatchObject({ removed: SAMPLE_COUNT - 1, kept: 2 })
    expect(removedWords(result)).toBe(`Removed ${SAMPLE_COUNT - 1} sample plants. Kept 2 plants tagged “sample” that you added or changed.`)
    expect(await names()).toEqual(['Our fern', 'Rosemary'])
    expect(own.id).toBeGreaterThan(0)
    expect(samples.count).toBe(0)

    await samples.restore(result.ids)
    expect((await client.listPlants()).total).toBe(SAMPLE_COUNT + 1)
    expect(samples.count).toBe(SAMPLE_COUNT - 1)
  })

  it('says so when there is nothing to remove', async () => {
    const result = await useSamplePlantsStore().remove()
    expect(removedWords(result)).toBe('No sample plants to remove.')
  })
})
