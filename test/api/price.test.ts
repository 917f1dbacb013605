/** An optional price, exact to the cent, and null removing a price or a category in an update. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { createTestApp } from '#setup/in-process'

describe('price', () => {
  it('is stored as whole cents and read back as the number sent, never in the contract answers', async () => {
    const { call, dir, store } = await createTestApp()
    const added = await call('POST', '/v3/plant', { name: 'Monstera', price: 19.99 })
    expect(await added.json()).toEqual({ id: 1, name: 'Monstera', status: 'available', tags: [] })
    expect(await (await call('GET', '/v3/plant/1')).json()).toMatchObject({ id: 1, price: 19.99 })
    expect((await (await call('GET', '/v3/plant')).json())[0]).toMatchObject({ price: 19.99 })
    const search = await (await call('GET', '/v3/plant/search/status?status=available')).json()
    expect(search).toEqual([{ id: 1, name: 'Monstera', status: 'available', tags: [] }])
    // On disk: the journal line and, after a checkpoint, plants.json hold 1999 cents, not a float.
    await store.checkpoint()
    const file = await readFile(path.join(dir, 'plants.json'), 'utf8')
    expect(file).toContain('"priceCents":1999')
    expect(file).not.toContain('19.99')
    expect((await readCatalogue(dir))!.data.plants[0]).toMatchObject({ priceCents: 1999 })
  })

  it('keeps prices exact that binary floats do not hold (0.1 + 0.2 is 30 cents)', async () => {
    const { call } = await createTestApp()
    for (const price of [0, 0.1 + 0.2, 1.005 * 1000, 999_999.99, 1_000_000]) {
      const { id } = await (await call('POST', '/v3/plant', { name: 'p', price })).json()
      const back = (await (await call('GET', `/v3/plant/${id}`)).json()).price
      expect(back).toBe(Math.round(price * 100) / 100)
    }
  })

  it.each([
    ['three decimals', 12.345],
    ['a negative price', -1],
    ['more than 1,000,000', 1_000_000.01],
    ['text', '12'],
    ['a boolean', true]
  ])('refuses %s on add (405) and on update (400), changing nothing', async (_label, price) => {
    const { call, store } = await createTestApp()
    const add = await call('POST', '/v3/plant', { name: 'x', price })
    expect(add.status).toBe(405)
    expect((await add.json()).errors).toEqual([{ field: 'price', message: expect.stringMatching(/price/) }])
    expect(store.size).toBe(0)
    await call('POST', '/v3/plant', { name: 'x', price: 5 })
    const update = await call('PUT', '/v3/plant', { id: 1, price })
    expect(update.status).toBe(400)
    expect((await update.json()).errors[0].field).toBe('price')
    expect(store.get(1)).toMatchObject({ price: 5, version: 1 })
  })

  it('changes with an update and is announced on the change stream as a number', async () => {
    const { call, store } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'x' })
    const seen: unknown[] = []
    store.onChange((change) => seen.push(change))
    expect((await call('PUT', '/v3/plant', { id: 1, price: 7.5 })).status).toBe(200)
    expect(seen).toEqual([{ type: 'plant.updated', plant: expect.objectContaining({ id: 1, price: 7.5 }), seq: expect.any(Number) }])
    expect(JSON.stringify(seen)).not.toContain('priceCents')
  })
})

describe('null in an update', () => {
  it('removes the price and the category', async () => {
    const { call } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern', category: 'Ferns', price: 4 })
    const response = await call('PUT', '/v3/plant', { id: 1, price: null, category: null })
    expect(response.status).toBe(200)
    const plant = await (await call('GET', '/v3/plant/1')).json()
    expect(plant).toMatchObject({ name: 'Fern', version: 2 })
    expect(plant).not.toHaveProperty('price')
    expect(plant).not.toHaveProperty('category')
  })

  it.each(['name', 'status', 'tags'])('is refused for %s (400 naming the field), changing nothing', async (field) => {
    const { call, store } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern' })
    const response = await call('PUT', '/v3/plant', { id: 1, [field]: null })
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual([
      { field, message: `${field} cannot be removed (null); only category, price, quantity, and reorderAt can` }
    ])
    expect(store.get(1)).toMatchObject({ name: 'Fern', version: 1 })
  })

  it('is refused in an add: a new plant simply leaves the field out', async () => {
    const { call } = await createTestApp()
    expect((await call('POST', '/v3/plant', { name: 'x', category: null })).status).toBe(405)
    expect((await call('POST', '/v3/plant', { name: 'x', price: null })).status).toBe(405)
  })
})

describe('price in export and import', () => {
  it('is a CSV column with two decimals and comes back unchanged; a changed cell updates the price', async () => {
    const { call, store } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern', price: 4.5 })
    await call('POST', '/v3/plant', { name: 'Moss' })
    const csv = await (await call('GET', '/v3/export?format=csv')).text()
    expect(csv).toMatch(/,Fern,,,available,4\.50,/)
    expect(csv).toMatch(/,Moss,,,available,,/)
    const json = await (await call('GET', '/v3/export?format=json')).json()
    expect(json[0]).toMatchObject({ name: 'Fern', price: 4.5 })
    const same = await call('POST', '/v3/import', csv, { 'content-type': 'text/csv' })
    expect(await same.json()).toMatchObject({ unchanged: 2, errors: [] })
    const edited = csv.replace('4.50', '6.25').replace(',Moss,,,available,,', ',Moss,,,available,12.345,')
    const refused = await (await call('POST', '/v3/import', edited, { 'content-type': 'text/csv' })).json()
    expect(refused.errors).toEqual([{ row: 3, field: 'price', message: expect.stringContaining('two decimals') }])
    await call('POST', '/v3/import', csv.replace('4.50', '6.25'), { 'content-type': 'text/csv' })
    expect(store.get(1)).toMatchObject({ price: 6.25, version: 2 })
  })
})

describe('sorting by price (GET /v3/plant?sort=price)', () => {
  it('orders by price, plants without one last in either direction, ties by id', async () => {
    const { call } = await createTestApp()
    for (const price of [5, undefined, 0.5, 5, 12]) await call('POST', '/v3/plant', price === undefined ? { name: 'x' } : { name: 'x', price })
    const ids = async (sort: string) => (await (await call('GET', `/v3/plant?sort=${sort}`)).json()).map((plant: { id: number }) => plant.id)
    expect(await ids('price')).toEqual([3, 1, 4, 5, 2])
    expect(await ids('-price')).toEqual([5, 1, 4, 3, 2])
  })
})
