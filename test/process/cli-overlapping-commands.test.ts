/**
 * Commands of a script that overlap (a till script and a nightly count, no server running): each waits for the
 * other's hold on the data folder and does its work; none fails because another was a moment earlier.
 */
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { runCli } from '#setup/serve-process'
import { catalogueFolder } from '#setup/catalogue-folder'

describe('plant-store plants commands at the same moment without a server', () => {
  it('all succeed, one after the other, and every plant is added', async () => {
    const dir = await catalogueFolder()
    const names = ['P1', 'P2', 'P3', 'P4']
    const results = await Promise.all(names.map((name) => runCli(['plants', 'add', '--name', name, '--data', dir])))
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 })
    const store = await ShopStore.open({ dir })
    expect(store.find().map((plant) => plant.name)).toEqual(expect.arrayContaining(names))
    await store.close()
  })
})
