/**
 * A saved batch is not kept by the store once the history holds its entries: an import of 300,000 plants stayed in
 * memory (each entry holds the full plant) until the next write.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** A weak reference to the first history entry of a batch of `count` plants, once the history files hold it. */
async function entryAfterCheckpoint(store: ShopStore, count: number): Promise<WeakRef<object>> {
  await store.applyBatch({ adds: Array.from({ length: count }, (_, index) => ({ name: `Plant ${index}` })), updates: [] }, CLI_ACTOR)
  const [entry] = await store.history.since(0, 1)
  const ref = new WeakRef(entry!)
  await store.checkpoint() // the entries go to the history files and leave the history's memory
  return ref
}

describe('a saved batch', () => {
  it('is let go once its entries are in the history files', async () => {
    const { store } = await openTestStore()
    try {
      const ref = await entryAfterCheckpoint(store, 50)
      await new Promise((resolve) => setImmediate(resolve)) // a WeakRef keeps its target until the job that made it ends
      collectGarbage()
      expect(ref.deref()).toBeUndefined()
    } finally {
      await store.close()
    }
  })
})
