/** A store for one test, in its own temporary folder. */
import { onTestFinished } from 'vitest'
import { ShopStore, type OpenShopStoreOptions } from '#store/shop-store'
import { makeTempDir } from './temp-dir'

/** The store a test opened, and its data folder. */
export interface TestStore {
  store: ShopStore
  dir: string
}

/**
 * Opens a store with `options` in a fresh temporary folder (or in `options.dir`, a folder the test prepared), and
 * closes it when the test finishes, before the folder is removed. A test may close it itself first: closing twice
 * is harmless.
 */
export async function openTestStore(options: Partial<OpenShopStoreOptions> = {}): Promise<TestStore> {
  const dir = options.dir ?? (await makeTempDir())
  const store = await ShopStore.open({ ...options, dir })
  onTestFinished(() => store.close())
  return { store, dir }
}
