/**
 * The catalogue at 10,000 plants: time to the first rows, and to an updated
 * table after a filter switch or a search, measured in Chromium against a
 * real server. The figures are printed (and quoted in README).
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '#shared/api-client'
import type { NewPlant, PlantStatus } from '#shared/plant'
import { launchBrowser, openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CataloguePage, type FilterLabel, type UpdateTiming } from './pages/catalogue-page'

const PLANT_COUNT = 10_000
const SPECIES = [
  ['Monstera deliciosa', 'Aroids'],
  ['Boston fern', 'Ferns'],
  ['Aloe vera', 'Succulents'],
  ['Fiddle-leaf fig', 'Ficus'],
  ['Snake plant', 'Dracaena'],
  ['Peace lily', 'Aroids'],
  ['String of pearls', 'Succulents'],
  ['Calathea orbifolia', 'Marantaceae'],
  ['Olive tree', 'Trees'],
  ['ZZ plant', 'Aroids'],
  ['Maidenhair fern', 'Ferns'],
  ['Bird of paradise', 'Strelitzia'],
  ['Pothos', 'Aroids'],
  ['Rubber plant', 'Ficus'],
  ['Jade plant', 'Succulents'],
  ['Spider plant', 'Asparagaceae']
] as const
const TAGS = ['indoor', 'outdoor', 'shade', 'sun', 'humid', 'hanging', 'pet safe', 'large', 'small', 'hardy']

/** 2,000 sold, 3,000 pending, 5,000 available: every filter shows a different total. */
function statusOf(i: number): PlantStatus {
  const slot = i % 10
  return slot < 2 ? 'sold' : slot < 5 ? 'pending' : 'available'
}

function samplePlant(i: number): NewPlant {
  const [name, category] = SPECIES[i % SPECIES.length]!
  return {
    name: `${name} ${String(i + 1).padStart(5, '0')}`,
    category,
    tags: [TAGS[i % TAGS.length]!, TAGS[(i * 7 + 3) % TAGS.length]!],
    status: statusOf(i)
  }
}

/** Adds the plants through the API, several requests in flight (the server saves them in group commits). */
async function seed(api: ApiClient, count: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await api.addPlant(samplePlant(next++))
  }
  await Promise.all(Array.from({ length: 48 }, worker))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const describeTimes = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length}: ${values.map((v) => v.toFixed(0)).join(', ')})`

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe(`the catalogue with ${PLANT_COUNT.toLocaleString('en')} plants`, () => {
  it('shows the first rows within 1 s and updates for a filter or a search within 100 ms', { timeout: 240_000 }, async () => {
    const server = await startServe(await makeTempDir())
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    const seeding = Date.now()
    await seed(api, PLANT_COUNT)
    console.log(`[e2e] seeded ${PLANT_COUNT} plants through the API in ${Date.now() - seeding} ms`)
    expect((await api.listPlants({ limit: 1 })).total).toBe(PLANT_COUNT)

    const firstRows: number[] = []
    for (let run = 0; run < 3; run++) {
      const { context, page } = await openPage(browser)
      const started = Date.now()
      await page.goto(server.uiUrl)
      await new CataloguePage(page).rows.first().waitFor()
      firstRows.push(Date.now() - started)
      await context.close()
    }

    const { page, problems } = await openPage(browser)
    const catalogue = await CataloguePage.open(page, server.uiUrl)
    expect(await catalogue.rows.count()).toBe(50)
    expect(await catalogue.counts()).toEqual({ All: 10_000, Available: 5000, Pending: 3000, Sold: 2000 })

    const filterTimes: UpdateTiming[] = []
    const filters: [FilterLabel, number][] = [
      ['Sold', 2000],
      ['Pending', 3000],
      ['Available', 5000],
      ['All', 10_000]
    ]
    for (let round = 0; round < 3; round++) {
      for (const [label, total] of filters) filterTimes.push(await catalogue.timeUpdate({ filter: label }, total))
    }

    const searchTimes: UpdateTiming[] = []
    for (const term of ['fern', 'monstera 00', 'pet safe', 'zz plant 09', 'sun', 'rubber']) {
      const expected = (await api.listPlants({ q: term, limit: 1 })).total
      searchTimes.push(await catalogue.timeUpdate({ search: term }, expected))
      searchTimes.push(await catalogue.timeUpdate({ search: '' }, PLANT_COUNT))
    }

    console.log(`[e2e] 10,000 plants: first rows after opening the page: ${describeTimes(firstRows)}`)
    const totals = (timings: UpdateTiming[]) => timings.map((timing) => timing.total)
    const requests = (timings: UpdateTiming[]) => timings.map((timing) => timing.request)
    console.log(`[e2e] 10,000 plants: filter switch to updated table: ${describeTimes(totals(filterTimes))}`)
    console.log(`[e2e]   of which the API request: ${describeTimes(requests(filterTimes))}`)
    console.log(`[e2e] 10,000 plants: search input to updated table: ${describeTimes(totals(searchTimes))}`)
    console.log(`[e2e]   of which the API request: ${describeTimes(requests(searchTimes))}`)
    expect(median(firstRows)).toBeLessThan(1000)
    expect(median(totals(filterTimes))).toBeLessThan(100)
    expect(median(totals(searchTimes))).toBeLessThan(100)
    expect(problems).toEqual([])
  })
})
