/** Issue 15: the staff UI's Price column sorts on the server (GET /v3/plant?sort=price), plants without a price last. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('sorting by price', () => {
  it('orders by price either way, plants without one last in both, ties by id', async () => {
    const { call } = await createTestApp()
    for (const [name, price] of [
      ['a', 12.5],
      ['b', undefined],
      ['c', 3],
      ['d', 12.5],
      ['e', 0.99]
    ] as const) {
      await call('POST', '/v3/plant', price === undefined ? { name } : { name, price })
    }
    const names = async (sort: string) => ((await (await call('GET', `/v3/plant?sort=${sort}`)).json()) as { name: string }[]).map((p) => p.name)
    expect(await names('price')).toEqual(['e', 'c', 'a', 'd', 'b'])
    expect(await names('-price')).toEqual(['a', 'd', 'c', 'e', 'b'])
  })
})
